"use client";

import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";

import { announceSessionsChanged } from "@/lib/client/events";
import { flushPendingFollowUps } from "@/lib/client/follow-ups/pending-follow-ups";
import { listFailedLocalRecordings, retryTargetFor } from "@/lib/client/recordings/local-recordings";
import { historyItemStatus } from "@/lib/domain/history/history-item";
import type { HistorySession } from "@/lib/domain/history/types";
import type { SessionFlowState } from "@/lib/domain/session-flow/machine";
import { REALTIME_TEXTS } from "@/lib/domain/solo/realtime-texts";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { createAnalysisActions } from "./analysis-actions";
import { loadLiveTranscriptAid, loadRealtimeCoach } from "./coach-loader";
import { createFlowKit } from "./flow-kit";
import { createGrowthActions } from "./growth-actions";
import { createRecordingActions } from "./recording-actions";
import { createResultsActions } from "./results-actions";
import { createSoloActions } from "./solo-actions";

// The one owner of the session flow on the page. Screens read `state` and call `actions`; the actions run the side
// effects (microphone, uploads, storage, toasts) and report each outcome to the pure reducer as an event.

function createSessionFlowActions(kit: ReturnType<typeof createFlowKit>) {
  const goHome = () => window.scrollTo({ top: 0, behavior: "smooth" });
  // Solo Journal shares the recording's capture and upload, and takes its own way after the transcript.
  const soloHooks = { speakerName: () => solo.speakerName(), afterTranscribed: (result: TranscriptionResultData) => solo.afterTranscribed(result) };
  const recording = createRecordingActions(kit, { goHome, solo: soloHooks });
  const analysis = createAnalysisActions(kit);
  const solo = createSoloActions(kit, {
    recording,
    analysis,
    loadCoach: loadRealtimeCoach,
    loadTranscriptAid: loadLiveTranscriptAid,
    errorTexts: REALTIME_TEXTS,
  });
  const results = createResultsActions(kit, { stopCapture: recording.forceStop });
  const growth = createGrowthActions(kit);
  return {
    recording,
    analysis,
    solo,
    results,
    growth,
    /** A red history item: a failed transcription goes back through transcription and naming, a failed analysis through analysis. */
    retryFromHistory: (entry: HistorySession & { id: string }) => {
      if (historyItemStatus(entry) === "failed-transcription") {
        const target = retryTargetFor(entry);
        void solo.modeForRetry(target.audioKey, (entry as { mode?: unknown }).mode, target.guideHeadline).then(() => recording.retryTranscription(target));
      } else analysis.retryKept(entry);
    },
  };
}

type SessionFlowActions = ReturnType<typeof createSessionFlowActions>;

const SessionFlowContext = createContext<{ state: SessionFlowState; actions: SessionFlowActions } | null>(null);

export function SessionFlowProvider({ children }: { children: React.ReactNode }) {
  const [kit] = useState(createFlowKit);
  const [actions] = useState(() => createSessionFlowActions(kit));
  const state = useSyncExternalStore(kit.subscribe, kit.getState, kit.getState);
  useEffect(() => () => kit.dispose(), [kit]);
  // Growth follow-ups a cancelled dialog left unsent: sent when the app opens and whenever the connection comes back.
  // A recording that could not be sent (made offline, in the installed app) is sent when the connection comes back, if
  // nothing else is under way: the newest one; any others stay in the history, one tap from a retry.
  useEffect(() => {
    const flush = () => void flushPendingFollowUps().then((sent) => (sent > 0 ? announceSessionsChanged() : undefined));
    const sendWaitingRecording = () => {
      if (kit.getState().phase.name !== "idle") return;
      const waiting = listFailedLocalRecordings().find((session) => session.failedTranscription && session.audioKey);
      if (waiting) actions.retryFromHistory(waiting);
    };
    const onOnline = () => {
      flush();
      sendWaitingRecording();
    };
    flush();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [kit, actions]);
  return <SessionFlowContext.Provider value={{ state, actions }}>{children}</SessionFlowContext.Provider>;
}

export function useSessionFlow() {
  const flow = useContext(SessionFlowContext);
  if (!flow) throw new Error("useSessionFlow is used outside SessionFlowProvider");
  return flow;
}
