import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { ClientSession } from "./client-session";
import {
  hasSpeakersToName,
  initialSessionFlowState,
  isBusy,
  isCapturing,
  overlayStep,
  sessionFlowReducer,
  showsReadiness,
  type FlowPhase,
  type ResultsPhase,
  type SessionFlowEvent,
  type SessionFlowState,
} from "./machine";

const segment = { speaker: "SPEAKER_01", text: "I felt heard today.", start: 0, end: 2 };
const transcription: TranscriptionResultData = {
  transcript: "I felt heard today.",
  segments: [segment],
  speakers: { SPEAKER_01: [segment] },
  speakerStats: { SPEAKER_01: { totalTime: 2, wordCount: 4, segments: 1 } },
  fallback: false,
};
const silent: TranscriptionResultData = { ...transcription, segments: [], speakers: {}, speakerStats: {} };
const session = {
  id: "local-1",
  isLocal: true,
  transcript: "t",
  analysis: { cards: [] },
  swipeActions: [],
  createdAt: "",
  timestamp: 1,
  name: "n",
  mode: "couple",
  speakerNames: {},
  isCompleted: false,
} as unknown as ClientSession;
const retry = { keptId: "local-9", named: null };

const idle: FlowPhase = { name: "idle", notReady: false };
const recording: FlowPhase = { name: "recording", startedAt: 1000, confirmed: false, reconnecting: false };
const results: ResultsPhase = { name: "results", session, summaryLoading: false, save: "idle", growth: null };
const at = (phase: FlowPhase, dialog: SessionFlowState["dialog"] = null): SessionFlowState => ({ ...initialSessionFlowState, phase, dialog });

// [from, event, expected] — every transition of the flow, one row each.
const TRANSITIONS: [string, SessionFlowState, SessionFlowEvent, SessionFlowState][] = [
  ["record tap opens readiness", at(idle), { type: "START" }, at({ name: "readiness", confirmed: false })],
  [
    "record tap clears an old dialog",
    at(idle, { kind: "transcription-connection", retryId: null }),
    { type: "START" },
    at({ name: "readiness", confirmed: false }),
  ],
  ["countdown end starts capture", at({ name: "readiness", confirmed: false }), { type: "CAPTURE_STARTED", at: 1000 }, at(recording)],
  ["no microphone: back to idle", at({ name: "readiness", confirmed: false }), { type: "CAPTURE_FAILED" }, at(idle)],
  [
    "'Yes, ready' as the microphone is still opening",
    at({ name: "readiness", confirmed: false }),
    { type: "READY_CONFIRMED" },
    at({ name: "readiness", confirmed: true }),
  ],
  [
    "the microphone opens after 'Yes, ready'",
    at({ name: "readiness", confirmed: true }),
    { type: "CAPTURE_STARTED", at: 1000 },
    at({ ...recording, confirmed: true }),
  ],
  ["'Yes, ready' hides the card, capture goes on", at(recording), { type: "READY_CONFIRMED" }, at({ ...recording, confirmed: true })],
  ["'Not now' during countdown", at({ name: "readiness", confirmed: false }), { type: "NOT_READY" }, at({ name: "idle", notReady: true })],
  ["'Not now' while recording", at(recording), { type: "NOT_READY" }, at({ name: "idle", notReady: true })],
  ["cancel while recording", at(recording), { type: "CANCELLED" }, at(idle)],
  ["microphone lost", at(recording), { type: "MICROPHONE_LOST" }, at({ ...recording, reconnecting: true })],
  ["microphone back", at({ ...recording, reconnecting: true }), { type: "MICROPHONE_BACK" }, at(recording)],
  ["stop starts transcription", at(recording), { type: "STOPPED" }, at({ name: "transcribing" })],
  [
    "transcript with speakers goes to naming",
    at({ name: "transcribing" }),
    { type: "TRANSCRIBED", result: transcription },
    at({ name: "naming", transcription }),
  ],
  ["transcript with nobody in it goes home", at({ name: "transcribing" }), { type: "TRANSCRIBED", result: silent }, at(idle)],
  [
    "connection failure: connection dialog",
    at({ name: "transcribing" }),
    { type: "TRANSCRIPTION_FAILED", kind: "connection", retryId: "local-2" },
    at(idle, { kind: "transcription-connection", retryId: "local-2" }),
  ],
  [
    "server kept it: retry dialog",
    at({ name: "transcribing" }),
    { type: "TRANSCRIPTION_FAILED", kind: "failed-session", retryId: "abc" },
    at(idle, { kind: "transcription-retry", retryId: "abc" }),
  ],
  ["other failure: toast only", at({ name: "transcribing" }), { type: "TRANSCRIPTION_FAILED", kind: "other", retryId: null }, at(idle)],
  [
    "Retry Now in the dialog: the retry remembers the dialog's recording",
    at(idle, { kind: "transcription-retry", retryId: "abc" }),
    { type: "TRANSCRIPTION_RETRY", fromDialog: true },
    at({ name: "transcribing", retryOf: "abc" }),
  ],
  [
    "a history retry (or a waiting recording sent) over the dialog does not take the dialog's recording",
    at(idle, { kind: "transcription-retry", retryId: "abc" }),
    { type: "TRANSCRIPTION_RETRY" },
    at({ name: "transcribing" }),
  ],
  [
    "a dialog retry with no retry dialog open has no dialog to go back to",
    at(idle),
    { type: "TRANSCRIPTION_RETRY", fromDialog: true },
    at({ name: "transcribing" }),
  ],
  [
    "a dialog retry failing for the connection again: the retry dialog again, same recording",
    at({ name: "transcribing", retryOf: "abc" }),
    { type: "TRANSCRIPTION_RETRY_FAILED" },
    at(idle, { kind: "transcription-retry", retryId: "abc" }),
  ],
  ["a history retry failing for the connection again: home, no dialog", at({ name: "transcribing" }), { type: "TRANSCRIPTION_RETRY_FAILED" }, at(idle)],
  [
    "a dialog retry failing otherwise (rate limit, unreadable recording, retried elsewhere): home, no dialog",
    at({ name: "transcribing", retryOf: "abc" }),
    { type: "TRANSCRIPTION_FAILED", kind: "other", retryId: null },
    at(idle),
  ],
  ["names confirmed: identifying", at({ name: "naming", transcription }), { type: "NAMES_CONFIRMED" }, at({ name: "analysing", step: "identifying" })],
  ["naming closed", at({ name: "naming", transcription }), { type: "NAMING_CLOSED" }, at(idle)],
  [
    "analysis step",
    at({ name: "analysing", step: "identifying" }),
    { type: "ANALYSIS_STEP", step: "generating" },
    at({ name: "analysing", step: "generating" }),
  ],
  ["analysed: results", at({ name: "analysing", step: "generating" }), { type: "ANALYSED", session }, at(results)],
  [
    "analysis connection failure",
    at({ name: "analysing", step: "generating" }),
    { type: "ANALYSIS_FAILED", dialog: "analysis-connection", retry },
    at(idle, { kind: "analysis-connection", retry }),
  ],
  [
    "analysis failure",
    at({ name: "analysing", step: "generating" }),
    { type: "ANALYSIS_FAILED", dialog: "analysis-failed", retry },
    at(idle, { kind: "analysis-failed", retry }),
  ],
  ["analysis without cards", at({ name: "analysing", step: "generating" }), { type: "ANALYSIS_ABANDONED" }, at(idle)],
  ["retry analysis from its dialog", at(idle, { kind: "analysis-failed", retry }), { type: "ANALYSIS_RETRY" }, at({ name: "analysing", step: "generating" })],
  ["a completed session opened from the history", at(idle), { type: "OPENED", session }, at(results)],
  [
    "a vote updates the session",
    at(results),
    { type: "SESSION_UPDATED", session: { ...session, name: "voted" } },
    at({ ...results, session: { ...session, name: "voted" } }),
  ],
  ["deck finished: summary loading", at(results), { type: "SUMMARY_REQUESTED" }, at({ ...results, summaryLoading: true })],
  [
    "summary ready",
    at({ ...results, summaryLoading: true }),
    { type: "SUMMARY_READY", session: { ...session, isCompleted: true } },
    at({ ...results, session: { ...session, isCompleted: true } }),
  ],
  ["Finish Session", at(results), { type: "SAVE_REQUESTED" }, at({ ...results, save: "saving" })],
  ["cloud save failed: dialog", at({ ...results, save: "saving" }), { type: "SAVE_FAILED" }, at({ ...results, save: "failed" })],
  ["this browser refused the guest's save: results stay open", at({ ...results, save: "saving" }), { type: "SAVE_REFUSED" }, at(results)],
  ["Retry Cloud Save keeps the dialog", at({ ...results, save: "failed" }), { type: "SAVE_REQUESTED" }, at({ ...results, save: "retrying" })],
  ["the retried save failed too", at({ ...results, save: "retrying" }), { type: "SAVE_FAILED" }, at({ ...results, save: "failed" })],
  ["the failed-save dialog dismissed: the completion screen again", at({ ...results, save: "failed" }), { type: "SAVE_DISMISSED" }, at(results)],
  ["not dismissed while its retry runs", at({ ...results, save: "retrying" }), { type: "SAVE_DISMISSED" }, at({ ...results, save: "retrying" })],
  ["saved or closed: home", at({ ...results, save: "saving" }), { type: "CLOSED" }, at(idle)],
  ["dialog closed", at(idle, { kind: "transcription-connection", retryId: null }), { type: "DIALOG_CLOSED" }, at(idle)],
];

describe("session flow transitions", () => {
  test.each(TRANSITIONS)("%s", (_name, from, event, expected) => {
    expect(sessionFlowReducer(from, event)).toEqual(expected);
  });

  test("starts idle with no dialog", () => {
    expect(initialSessionFlowState).toEqual(at(idle));
  });
});

// Late or out-of-turn events change nothing: a callback from a finished step can never drag the flow backwards.
const IGNORED: [string, SessionFlowState, SessionFlowEvent][] = [
  ["a second record tap while recording", at(recording), { type: "START" }],
  ["a history retry while recording", at(recording), { type: "TRANSCRIPTION_RETRY" }],
  ["a history retry during an upload", at({ name: "transcribing" }), { type: "TRANSCRIPTION_RETRY" }],
  ["an analysis retry while naming", at({ name: "naming", transcription }), { type: "ANALYSIS_RETRY" }],
  ["an analysis retry over open results", at(results), { type: "ANALYSIS_RETRY" }],
  ["a transcript arriving after cancel", at(idle), { type: "TRANSCRIBED", result: transcription }],
  ["a capture starting after 'Not now'", at({ name: "idle", notReady: true }), { type: "CAPTURE_STARTED", at: 5 }],
  ["a stop with nothing recording", at(idle), { type: "STOPPED" }],
  ["an analysis result after the flow moved on", at(idle), { type: "ANALYSED", session }],
  ["a vote with no results open", at(idle), { type: "SESSION_UPDATED", session }],
  ["a history item opened during a recording", at(recording), { type: "OPENED", session }],
  ["a double Finish Session tap", at({ ...results, save: "saving" }), { type: "SAVE_REQUESTED" }],
  ["a double Retry Cloud Save tap", at({ ...results, save: "retrying" }), { type: "SAVE_REQUESTED" }],
  ["closing with no dialog", at(idle), { type: "DIALOG_CLOSED" }],
  ["a retry's failure after the flow moved on", at(recording), { type: "TRANSCRIPTION_RETRY_FAILED" }],
];

describe("ignored events", () => {
  test.each(IGNORED)("%s", (_name, from, event) => {
    expect(sessionFlowReducer(from, event)).toBe(from);
  });
});

describe("selectors", () => {
  test.each<[FlowPhase, boolean, boolean, string | null]>([
    [idle, false, false, null],
    [{ name: "readiness", confirmed: false }, false, true, null],
    [recording, true, true, null],
    [{ name: "transcribing" }, false, true, "processing"],
    [{ name: "naming", transcription }, false, true, null],
    [{ name: "analysing", step: "identifying" }, false, true, "identifying"],
    [results, false, true, null],
  ])("%j: capturing %s, busy %s, overlay %s", (phase, capturing, busy, step) => {
    expect(isCapturing(at(phase))).toBe(capturing);
    expect(isBusy(at(phase))).toBe(busy);
    expect(overlayStep(at(phase))).toBe(step);
  });

  test("naming needs a segment and a speaker", () => {
    expect(hasSpeakersToName(transcription)).toBe(true);
    expect(hasSpeakersToName(silent)).toBe(false);
    expect(hasSpeakersToName({ ...transcription, speakers: {} })).toBe(false);
  });
});

// "Yes, ready" can come while the microphone is still opening (a permission prompt left unanswered). The answer is kept,
// and the card stays up until the microphone is open: hidden earlier, the home screen said "Tap to start recording" while
// its START was ignored (the flow was not idle) and no Cancel showed (nothing was capturing), a dead end until a reload.
describe("'Yes, ready' before the microphone is open", () => {
  const run = (state: SessionFlowState, ...events: SessionFlowEvent[]) => events.reduce(sessionFlowReducer, state);
  const answeredEarly = run(at(idle), { type: "START" }, { type: "READY_CONFIRMED" });

  test("the card stays up, waiting on the microphone, with 'Not now' still there to end the wait", () => {
    expect(answeredEarly.phase).toEqual({ name: "readiness", confirmed: true });
    expect(showsReadiness(answeredEarly)).toBe(true);
    expect(run(answeredEarly, { type: "NOT_READY" }).phase).toEqual({ name: "idle", notReady: true });
  });

  test("the microphone opens: the recording starts confirmed, the card goes, Cancel and Stop are there", () => {
    const started = run(answeredEarly, { type: "CAPTURE_STARTED", at: 1000 });
    expect(started.phase).toEqual({ ...recording, confirmed: true });
    expect(showsReadiness(started)).toBe(false);
    expect(isCapturing(started)).toBe(true);
  });

  test("the microphone fails or never answers: back to idle, and the record button starts again", () => {
    const failed = run(answeredEarly, { type: "CAPTURE_FAILED" });
    expect(failed.phase).toEqual(idle);
    expect(showsReadiness(failed)).toBe(false);
    expect(run(failed, { type: "START" }).phase).toEqual({ name: "readiness", confirmed: false });
  });

  test("Solo Journal alike: Continue before the microphone keeps Journal Readiness up; a failure ends the journal", () => {
    const journal = run({ ...initialSessionFlowState, mode: "solo" }, { type: "START" }, { type: "READY_CONFIRMED" });
    expect(showsReadiness(journal)).toBe(true);
    expect(showsReadiness(run(journal, { type: "CAPTURE_STARTED", at: 1000 }))).toBe(false);
    const failed = run(journal, { type: "COACH_STATUS", status: "connecting" }, { type: "CAPTURE_FAILED" });
    expect(failed).toMatchObject({ phase: idle, solo: { coach: "off", turns: [] } });
    expect(run(failed, { type: "START" }).phase).toEqual({ name: "readiness", confirmed: false });
  });

  test.each<[FlowPhase, boolean]>([
    [idle, false],
    [{ name: "readiness", confirmed: false }, true],
    [{ name: "readiness", confirmed: true }, true],
    [recording, true],
    [{ ...recording, confirmed: true }, false],
    [{ name: "transcribing" }, false],
    [results, false],
  ])("readiness card for %j: %s", (phase, shown) => {
    expect(showsReadiness(at(phase))).toBe(shown);
  });
});
