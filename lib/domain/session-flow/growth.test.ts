import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { ClientSession } from "./client-session";
import { growthOverlayStep, growthTransition, type GrowthEvent, type GrowthState } from "./growth";
import { initialSessionFlowState, isCapturing, overlayStep, sessionFlowReducer, type ResultsPhase, type SessionFlowState } from "./machine";

const segment = { speaker: "SPEAKER_01", text: "Let's plan Saturday together.", start: 0, end: 2 };
const followUp: TranscriptionResultData = {
  transcript: segment.text,
  segments: [segment],
  speakers: { SPEAKER_01: [segment] },
  speakerStats: {},
  fallback: false,
};
const empty: TranscriptionResultData = { ...followUp, segments: [], speakers: {} };
const session = { id: "local-1", name: "before" } as unknown as ClientSession;
const updated = { id: "local-1", name: "after" } as unknown as ClientSession;

// [name, growth before, event, growth after (or "ignored")]
const TRANSITIONS: [string, GrowthState | null, GrowthEvent, GrowthState | null | "ignored"][] = [
  ["Create Mutual Growth Commitment opens the card", null, { type: "GROWTH_OPENED" }, { name: "recording", startedAt: null }],
  ["the hidden recorder starts", { name: "recording", startedAt: null }, { type: "GROWTH_CAPTURE_STARTED", at: 5 }, { name: "recording", startedAt: 5 }],
  ["swipe left cancels and discards", { name: "recording", startedAt: 5 }, { type: "GROWTH_CANCELLED" }, null],
  ["swipe right stops and sends", { name: "recording", startedAt: 5 }, { type: "GROWTH_STOPPED" }, { name: "transcribing" }],
  [
    "a follow-up with speakers goes to naming",
    { name: "transcribing" },
    { type: "GROWTH_TRANSCRIBED", result: followUp },
    { name: "naming", transcription: followUp },
  ],
  ["a silent follow-up closes", { name: "transcribing" }, { type: "GROWTH_TRANSCRIBED", result: empty }, null],
  ["a failed upload closes (the audio stays kept)", { name: "transcribing" }, { type: "GROWTH_TRANSCRIPTION_FAILED" }, null],
  ["the naming step's close lets the follow-up go", { name: "naming", transcription: followUp }, { type: "GROWTH_NAMING_CLOSED" }, null],
  ["names confirmed: processing", { name: "naming", transcription: followUp }, { type: "GROWTH_NAMES_CONFIRMED" }, { name: "appending", step: "processing" }],
  ["then generating", { name: "appending", step: "processing" }, { type: "GROWTH_STEP", step: "generating" }, { name: "appending", step: "generating" }],
  ["appended: the session is fetched", { name: "appending", step: "generating" }, { type: "GROWTH_APPENDED" }, { name: "loading" }],
  [
    "append failed: Analysis Generation Failed",
    { name: "appending", step: "generating" },
    { type: "GROWTH_APPEND_FAILED" },
    { name: "failed", dialog: "generation-failed" },
  ],
  [
    "Try Again keeps the dialog while it runs",
    { name: "failed", dialog: "generation-failed" },
    { type: "GROWTH_RETRY" },
    { name: "failed", dialog: "generation-failed", retrying: true },
  ],
  ["a second Try Again while one runs", { name: "failed", dialog: "generation-failed", retrying: true }, { type: "GROWTH_RETRY" }, "ignored"],
  [
    "Try Again failed: Analysis Failed Again",
    { name: "failed", dialog: "generation-failed", retrying: true },
    { type: "GROWTH_APPEND_FAILED" },
    { name: "failed", dialog: "generation-failed-again" },
  ],
  [
    "Try Again worked: the session is fetched",
    { name: "failed", dialog: "generation-failed", retrying: true },
    { type: "GROWTH_APPENDED" },
    { name: "loading" },
  ],
  ["fetch failed: Analysis Loading Failed", { name: "loading" }, { type: "GROWTH_LOAD_FAILED" }, { name: "failed", dialog: "loading-failed" }],
  [
    "fetch failed again: Unable to Load Analysis",
    { name: "failed", dialog: "loading-failed", retrying: true },
    { type: "GROWTH_LOAD_FAILED" },
    { name: "failed", dialog: "unable-to-load" },
  ],
  ["no Try Again after the second failure", { name: "failed", dialog: "unable-to-load" }, { type: "GROWTH_RETRY" }, "ignored"],
  ["a dialog's Close or Cancel", { name: "failed", dialog: "generation-failed-again" }, { type: "GROWTH_CLOSED" }, null],
  ["a second card while one is open", { name: "recording", startedAt: 1 }, { type: "GROWTH_OPENED" }, "ignored"],
  ["a late transcript after cancel", null, { type: "GROWTH_TRANSCRIBED", result: followUp }, "ignored"],
];

describe("growth transitions", () => {
  test.each(TRANSITIONS)("%s", (_name, before, event, after) => {
    const next = growthTransition(before, event);
    if (after === "ignored") expect(next).toBeUndefined();
    else expect(next?.growth).toEqual(after);
  });

  test("completion replaces the session and closes the growth flow", () => {
    expect(growthTransition({ name: "loading" }, { type: "GROWTH_COMPLETED", session: updated })).toEqual({ growth: null, session: updated });
  });
});

describe("growth inside the session flow", () => {
  const results = (growth: GrowthState | null): SessionFlowState => ({
    ...initialSessionFlowState,
    phase: { name: "results", session, summaryLoading: false, save: "idle", growth },
    dialog: null,
  });

  test("the completion screen's session is replaced when the follow-up completes", () => {
    const next = sessionFlowReducer(results({ name: "loading" }), { type: "GROWTH_COMPLETED", session: updated });
    expect((next.phase as ResultsPhase).session).toBe(updated);
    expect((next.phase as ResultsPhase).growth).toBeNull();
  });

  test("Finish Session waits until the follow-up is done", () => {
    const state = results({ name: "appending", step: "processing" });
    expect(sessionFlowReducer(state, { type: "SAVE_REQUESTED" })).toBe(state);
  });

  test("a follow-up retried from the history opens its session at the growth naming step", () => {
    const transcribing: SessionFlowState = { ...initialSessionFlowState, phase: { name: "transcribing" }, dialog: null };
    const next = sessionFlowReducer(transcribing, { type: "GROWTH_RESUMED", session, result: followUp });
    expect(next.phase).toEqual({ name: "results", session, summaryLoading: false, save: "idle", growth: { name: "naming", transcription: followUp } });
    // Nothing said: back home, as a silent follow-up closes.
    expect(sessionFlowReducer(transcribing, { type: "GROWTH_RESUMED", session, result: empty }).phase.name).toBe("idle");
    // Only the retry's own upload leads there.
    const idle: SessionFlowState = { ...initialSessionFlowState, phase: { name: "idle", notReady: false }, dialog: null };
    expect(sessionFlowReducer(idle, { type: "GROWTH_RESUMED", session, result: followUp })).toBe(idle);
  });

  test("growth events outside the results are ignored", () => {
    const idle: SessionFlowState = { ...initialSessionFlowState, phase: { name: "idle", notReady: false }, dialog: null };
    expect(sessionFlowReducer(idle, { type: "GROWTH_OPENED" })).toBe(idle);
  });

  test.each<[GrowthState | null, boolean, string | null]>([
    [null, false, null],
    [{ name: "recording", startedAt: 1 }, true, null],
    [{ name: "transcribing" }, false, "processing"],
    [{ name: "naming", transcription: followUp }, false, null],
    [{ name: "appending", step: "generating" }, false, "generating"],
    [{ name: "loading" }, false, "generating"],
  ])("%j: capturing %s, overlay %s", (growth, capturing, step) => {
    expect(isCapturing(results(growth))).toBe(capturing);
    expect(overlayStep(results(growth))).toBe(step);
    expect(growthOverlayStep(growth)).toBe(step);
  });
});
