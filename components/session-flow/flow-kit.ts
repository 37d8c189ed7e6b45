import { initialSessionFlowState, sessionFlowReducer, type SessionFlowEvent, type SessionFlowState } from "@/lib/domain/session-flow/machine";

// The store the session flow lives in: the pure reducer, applied synchronously, so an action can read the state its own
// event produced (was a retry accepted, or ignored because something else is under way?). React reads it through
// useSyncExternalStore in the provider.

export type FlowKit = {
  dispatch: (event: SessionFlowEvent) => void;
  getState: () => SessionFlowState;
  subscribe: (listener: () => void) => () => void;
  /** Audio keys of recordings this flow transcribed whose transcript it holds unstored (lib/domain/session-flow/transcript-custody.ts). */
  readonly transcribedAudio: Set<string>;
  /** A timer that is cleared when the flow is torn down (the page unmounts), and not set while it is. */
  later: (run: () => void, ms: number) => void;
  /** Work for the flow's teardown (the page unmounts): whatever still runs (a microphone, a live coach) is ended there. */
  onDispose: (cleanup: () => void) => void;
  dispose: () => void;
  /** The flow mounted (again): React's development double mount tears it down once and goes on with the same kit. */
  revive: () => void;
};

export function createFlowKit(initial: SessionFlowState = initialSessionFlowState): FlowKit {
  let state = initial;
  const listeners = new Set<() => void>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Kept after a teardown: React's development double mount tears the flow down once and goes on with the same kit.
  const cleanups = new Set<() => void>();
  // Torn down: work still running when the page went (an upload failing later) sets no timer, so its "home after 3 s"
  // does not act on whatever page the user went to.
  let live = true;
  return {
    transcribedAudio: new Set(),
    dispatch(event) {
      const next = sessionFlowReducer(state, event);
      if (next === state) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    later(run, ms) {
      if (!live) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    },
    onDispose(cleanup) {
      cleanups.add(cleanup);
    },
    dispose() {
      live = false;
      timers.forEach(clearTimeout);
      timers.clear();
      cleanups.forEach((cleanup) => cleanup());
    },
    revive() {
      live = true;
    },
  };
}
