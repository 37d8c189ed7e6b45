import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { ClientSession } from "./client-session";
import {
  hasSpeech,
  initialSessionFlowState,
  MAX_LIVE_TURNS,
  sessionFlowReducer,
  type FlowPhase,
  type SessionFlowEvent,
  type SessionFlowState,
} from "./machine";

// Solo Journal's states of the session flow (spec part 1 sections 2 and 4): the mode switch, readiness, the coach's
// status and turns, stop straight to the analysis (no naming), "nothing to analyze", cancel.

const idle: FlowPhase = { name: "idle", notReady: false };
const readiness: FlowPhase = { name: "readiness", confirmed: false };
const recording: FlowPhase = { name: "recording", startedAt: 1000, confirmed: true, reconnecting: false };
const solo = (phase: FlowPhase, extra: Partial<SessionFlowState["solo"]> = {}): SessionFlowState => ({
  ...initialSessionFlowState,
  mode: "solo",
  phase,
  solo: { ...initialSessionFlowState.solo, ...extra },
});
const run = (state: SessionFlowState, ...events: SessionFlowEvent[]) => events.reduce(sessionFlowReducer, state);

const spoken: TranscriptionResultData = {
  transcript: "Ana: I want to slow down.",
  segments: [{ speaker: "Ana", text: "I want to slow down.", start: 0, end: 2 }],
  speakers: { Ana: [{ speaker: "Ana", text: "I want to slow down.", start: 0, end: 2 }] },
  speakerStats: { Ana: { totalTime: 2, wordCount: 5, segments: 1 } },
  fallback: false,
};
const silent: TranscriptionResultData = { transcript: "", segments: [], speakers: {}, speakerStats: {}, fallback: false };
const session = { id: "s1", mode: "solo" } as ClientSession;
const turn = (text: string, role: "user" | "assistant" = "user") => ({ role, text, timestamp: 1 });

describe("mode switch", () => {
  test("starts in Relationship and moves to Solo Journal while idle", () => {
    expect(initialSessionFlowState.mode).toBe("relationship");
    expect(run(initialSessionFlowState, { type: "MODE_CHANGED", mode: "solo" }).mode).toBe("solo");
  });

  test("does not move while a relationship recording runs", () => {
    const state = { ...initialSessionFlowState, phase: recording };
    expect(run(state, { type: "MODE_CHANGED", mode: "solo" })).toBe(state);
  });

  test("switching to Relationship stops a solo recording without analysis", () => {
    const next = run(solo(recording, { coach: "speaking", turns: [turn("hi")] }), { type: "MODE_CHANGED", mode: "relationship" });
    expect(next).toMatchObject({ mode: "relationship", phase: idle, solo: { coach: "off", turns: [] } });
  });

  test("switching to Relationship after the recording stopped waits for the analysis", () => {
    const state = solo({ name: "transcribing" });
    expect(run(state, { type: "MODE_CHANGED", mode: "relationship" })).toBe(state);
  });
});

describe("solo session", () => {
  test("Start opens Journal Readiness and keeps the guide picked before it", () => {
    const next = run(solo(idle, { guideHeadline: "Life's Lemons", turns: [turn("old")], coach: "unavailable" }), { type: "START" });
    expect(next.phase).toEqual(readiness);
    expect(next.solo).toEqual({ coach: "off", turns: [], guideHeadline: "Life's Lemons" });
  });

  test("the coach's status and turns are followed while readiness and recording last", () => {
    const next = run(
      solo(readiness),
      { type: "COACH_STATUS", status: "connecting" },
      { type: "CAPTURE_STARTED", at: 5 },
      { type: "COACH_STATUS", status: "speaking" },
      { type: "COACH_TURN", turn: turn("Hello, I'm here with you.", "assistant") },
      { type: "COACH_TURN", turn: turn("I had a long day.") },
    );
    expect(next.solo.coach).toBe("speaking");
    expect(next.solo.turns.map((entry) => entry.role)).toEqual(["assistant", "user"]);
  });

  test("the live transcript keeps the newest turns only", () => {
    let state = solo(recording);
    for (let index = 0; index < MAX_LIVE_TURNS + 5; index++) state = run(state, { type: "COACH_TURN", turn: turn(`t${index}`) });
    expect(state.solo.turns).toHaveLength(MAX_LIVE_TURNS);
    expect(state.solo.turns.at(-1)?.text).toBe(`t${MAX_LIVE_TURNS + 4}`);
  });

  test("coach events after the session are ignored", () => {
    const state = solo({ name: "transcribing" });
    expect(run(state, { type: "COACH_STATUS", status: "listening" }, { type: "COACH_TURN", turn: turn("late") })).toBe(state);
  });

  test("a guide picked while recording is kept for the analysis", () => {
    expect(run(solo(recording), { type: "GUIDE_PICKED", headline: "Hot Chili" }).solo.guideHeadline).toBe("Hot Chili");
  });

  test("Stop transcribes, then analyses without a naming step", () => {
    const next = run(solo(recording, { coach: "listening" }), { type: "STOPPED" }, { type: "TRANSCRIBED", result: spoken });
    expect(next.phase).toEqual({ name: "analysing", step: "identifying" });
    expect(next.solo.coach).toBe("off");
    expect(run(next, { type: "ANALYSED", session })).toMatchObject({ phase: { name: "results", session }, solo: { guideHeadline: null } });
  });

  test("nothing said: back home, nothing to analyze", () => {
    const next = run(solo({ name: "transcribing" }), { type: "TRANSCRIBED", result: silent });
    expect(next.phase).toEqual(idle);
    expect(next.mode).toBe("solo");
  });

  test("a journal's Retry Now failing for the connection again: its retry dialog again, still a journal", () => {
    const failed = solo(idle, { guideHeadline: "Life's Lemons" });
    const next = run(
      { ...failed, dialog: { kind: "transcription-retry", retryId: "local-3" } },
      { type: "TRANSCRIPTION_RETRY", fromDialog: true },
      { type: "TRANSCRIPTION_RETRY_FAILED" },
    );
    expect(next).toEqual({ ...failed, dialog: { kind: "transcription-retry", retryId: "local-3" } });
  });

  test.each([
    ["Cancel", { type: "CANCELLED" }],
    ["Skip / Stop on Journal Readiness", { type: "NOT_READY" }],
    ["the microphone refused", { type: "CAPTURE_FAILED" }],
  ] as [string, SessionFlowEvent][])("%s ends without analysis, without the relationship 'not ready' note", (_name, event) => {
    for (const phase of [readiness, recording]) {
      const next = run(solo(phase, { coach: "speaking", turns: [turn("x")] }), event);
      expect(next).toMatchObject({ phase: idle, mode: "solo", solo: { coach: "off", turns: [] } });
    }
  });
});

describe("relationship mode ignores the coach", () => {
  test.each([
    { type: "COACH_STATUS", status: "speaking" },
    { type: "COACH_TURN", turn: turn("x") },
    { type: "GUIDE_PICKED", headline: "Grow Together" },
  ] as SessionFlowEvent[])("$type", (event) => {
    const state = { ...initialSessionFlowState, phase: recording };
    expect(sessionFlowReducer(state, event)).toBe(state);
  });
});

test("hasSpeech: a segment with words", () => {
  expect(hasSpeech(spoken)).toBe(true);
  expect(hasSpeech(silent)).toBe(false);
  expect(hasSpeech({ ...silent, segments: [{ speaker: "A", text: "  ", start: 0, end: 1 }] })).toBe(false);
});
