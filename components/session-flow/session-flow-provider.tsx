"use client";

import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";

import { FLOW_LOAD_TEXTS } from "@/components/recording/texts";
import { SOLO_TEXTS } from "@/components/solo/texts";
import { browserStorage, holdsStoredItems, STORAGE_KEYS } from "@/lib/client/storage/browser-keys";
import { showToast } from "@/lib/client/toast/toast-store";
import type { SessionFlowState } from "@/lib/domain/session-flow/machine";
import { withDeadline } from "@/lib/domain/with-deadline";

import type { SessionFlowActions } from "./flow-actions";
import { createFlowKit, type FlowKit } from "./flow-kit";
import { startRecording } from "./start-recording";

// The one owner of the session flow on the page. Screens read `state` and call `actions`; the actions run the side
// effects (microphone, uploads, storage, toasts) and report each outcome to the pure reducer as an event.
//
// The state (the store and its reducer) is here from the first render; the actions' code (capture, uploads, analysis,
// results, growth, Solo Journal, with the schemas they validate with) loads on the user's first gesture on the page (a
// pointer or a key going down, before the click it starts completes), or on the first action called, whichever comes
// first. A call made before it has arrived runs as soon as it has, in the order made. Until then the first screen carries
// none of it, and loads none of it while the user only reads.
//
// The record button does not wait for that download: its first step (the readiness card) needs none of the actions' code
// and runs on the tap itself (INSTANT_ACTIONS). The card's three-second countdown is the download's time; the microphone
// opens when the countdown has ended and the code is there.
//
// The download has an end (FLOW_CODE_TIMEOUT_MS). When it fails or takes longer, the calls queued for it are dropped, and
// if the user was waiting on it (a readiness card open, an action tapped) they are told, and a readiness card closes: no
// microphone could have opened, and the record button starts again, downloading again.

const loadFlowActions = () => import("./flow-actions");

/** How long a tap waits for the flow's code before it counts as not downloaded. */
export const FLOW_CODE_TIMEOUT_MS = 15_000;

/** Top-level actions that are functions; every other key is a group of actions (recording, analysis, solo…). */
const TOP_LEVEL_FUNCTIONS = new Set<PropertyKey>(["retryFromHistory", "sendWaitingRecording"]);

type AnyFunction = (...args: unknown[]) => unknown;

/** Actions that run at once, before the actions' code has loaded (after, the loaded ones run: they do the same). */
export type InstantActions = (kit: FlowKit, actions: SessionFlowActions) => Partial<Record<string, AnyFunction>>;

const INSTANT_ACTIONS: InstantActions = (kit, actions) => ({
  "recording.start": () => startRecording(kit),
  "solo.start": (who) => {
    // The journal's speaker is kept by the actions' code: it has it once loaded, before the capture it names.
    actions.solo.identify(who as Parameters<SessionFlowActions["solo"]["identify"]>[0]);
    startRecording(kit);
  },
  // "Not now" while the code is still on its way: no microphone, coach or capture can exist yet (they are the code's), so
  // the card closes at once, and the capture queued for the countdown's end then finds nothing to start.
  "recording.notReady": () => kit.dispatch({ type: "NOT_READY" }),
  "solo.notReady": () => {
    const { mode, phase } = kit.getState();
    if (mode !== "solo" || (phase.name !== "readiness" && phase.name !== "recording")) return;
    kit.dispatch({ type: "NOT_READY" });
    showToast({ title: SOLO_TEXTS.cancelled });
  },
});

/**
 * The actions before their code has loaded: the same shape, each function stable (screens keep them in effect deps). Once
 * loaded, a call goes straight through and returns what the action returns; before, it is queued and returns undefined (a
 * screen never uses an action's result: it reads the state).
 */
export function createLazyActions(
  kit: FlowKit,
  load: () => Promise<{ createSessionFlowActions: (kit: FlowKit) => SessionFlowActions }> = loadFlowActions,
  instantActions: InstantActions = INSTANT_ACTIONS,
) {
  let real: SessionFlowActions | null = null;
  let instant: Partial<Record<string, AnyFunction>> | null = null;
  let loading: Promise<SessionFlowActions> | null = null;
  // Calls made since the download started, waiting for it.
  let queued = 0;
  const ready = () => {
    loading ??= withDeadline(load(), FLOW_CODE_TIMEOUT_MS, () => new Error(`The app's code did not arrive within ${FLOW_CODE_TIMEOUT_MS / 1000} s`)).then(
      (module) => {
        queued = 0;
        return (real ??= module.createSessionFlowActions(kit));
      },
      (error: unknown) => {
        // A failed download (offline without the service worker's copy): the next gesture or call tries again.
        loading = null;
        downloadFailed();
        throw error;
      },
    );
    return loading;
  };
  const downloadFailed = () => {
    const waiting = queued > 0;
    queued = 0;
    const { phase } = kit.getState();
    // The readiness card waits for a capture that needs this code: it closes, and the record button starts anew.
    const inReadiness = phase.name === "readiness";
    if (inReadiness) kit.dispatch({ type: "CAPTURE_FAILED" });
    // A download the first gesture started on its own fails quietly; one the user waits for says so.
    if (waiting || inReadiness) showToast({ title: FLOW_LOAD_TEXTS.title, description: FLOW_LOAD_TEXTS.body, variant: "destructive" });
  };

  const functions = new Map<string, AnyFunction>();
  const fn = (group: string | null, name: string): AnyFunction => {
    const key = `${group ?? ""}.${name}`;
    let made = functions.get(key);
    if (!made) {
      const pick = (actions: SessionFlowActions) => {
        const owner = (group === null ? actions : actions[group as keyof SessionFlowActions]) as unknown as Record<string, AnyFunction>;
        return owner[name]!;
      };
      made = (...args: unknown[]) => {
        if (real) return pick(real)(...args);
        instant ??= instantActions(kit, actions);
        const now = instant[key];
        if (now) {
          ready().catch(() => undefined);
          return now(...args);
        }
        queued += 1;
        ready().then(
          (actions) => void pick(actions)(...args),
          () => undefined,
        );
        return undefined;
      };
      functions.set(key, made);
    }
    return made;
  };

  const groups = new Map<string, object>();
  const group = (name: string) => {
    let made = groups.get(name);
    if (!made) {
      made = new Proxy({}, { get: (_, key) => (typeof key === "string" ? fn(name, key) : undefined) });
      groups.set(name, made);
    }
    return made;
  };

  const actions = new Proxy({} as SessionFlowActions, {
    get: (_, key) => (typeof key !== "string" ? undefined : TOP_LEVEL_FUNCTIONS.has(key) ? fn(null, key) : group(key)),
  });
  return { actions, ready };
}

const SessionFlowContext = createContext<{ state: SessionFlowState; actions: SessionFlowActions } | null>(null);

export function SessionFlowProvider({ children }: { children: React.ReactNode }) {
  const [kit] = useState(createFlowKit);
  const [lazy] = useState(() => createLazyActions(kit));
  const { actions } = lazy;
  const state = useSyncExternalStore(kit.subscribe, kit.getState, kit.getState);
  useEffect(() => {
    kit.revive();
    return () => kit.dispose();
  }, [kit]);
  // The actions load at the first gesture, before the click it starts has landed.
  useEffect(() => {
    const gestures = ["pointerdown", "keydown", "touchstart"] as const;
    const warm = () => {
      gestures.forEach((gesture) => window.removeEventListener(gesture, warm, true));
      void lazy.ready().catch(() => undefined);
    };
    gestures.forEach((gesture) => window.addEventListener(gesture, warm, { capture: true, passive: true }));
    return () => gestures.forEach((gesture) => window.removeEventListener(gesture, warm, true));
  }, [lazy]);
  // Growth follow-ups a cancelled dialog left unsent, and uploads the server could not be told to close: sent when the
  // app opens and whenever the connection comes back. A recording that could not be sent (made offline, in the installed
  // app) is sent when the connection comes back, if nothing else is under way: the newest one; any others stay in the
  // history, one tap from a retry. Their code loads only when there is something to send.
  useEffect(() => {
    const flush = () => {
      if (holdsStoredItems(browserStorage(), STORAGE_KEYS.pendingFollowUps)) {
        void Promise.all([import("@/lib/client/follow-ups/pending-follow-ups"), import("@/lib/client/events")])
          .then(([{ flushPendingFollowUps }, { announceSessionsChanged }]) =>
            flushPendingFollowUps().then((sent) => (sent > 0 ? announceSessionsChanged() : undefined)),
          )
          .catch(() => undefined);
      }
      if (holdsStoredItems(browserStorage(), STORAGE_KEYS.uploadsToClose)) {
        void Promise.all([import("@/lib/client/transcription/uploads-to-close"), import("@/lib/client/api/request")])
          .then(([{ flushUploadsToClose }, { apiRequest }]) => flushUploadsToClose((method, path, options) => apiRequest(method, path, options)))
          .catch(() => undefined);
      }
    };
    const onOnline = () => {
      flush();
      actions.sendWaitingRecording();
    };
    flush();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [actions]);
  return <SessionFlowContext.Provider value={{ state, actions }}>{children}</SessionFlowContext.Provider>;
}

export function useSessionFlow() {
  const flow = useContext(SessionFlowContext);
  if (!flow) throw new Error("useSessionFlow is used outside SessionFlowProvider");
  return flow;
}
