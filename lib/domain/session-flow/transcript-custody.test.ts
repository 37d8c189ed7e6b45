import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { ClientSession } from "./client-session";
import type { GrowthState } from "./growth";
import { initialSessionFlowState, sessionFlowReducer, type FlowPhase, type SessionFlowEvent, type SessionFlowState } from "./machine";
import { holdsUnstoredTranscript, transcriptDroppedUnstored, unstoredTranscriptAwaitsUser } from "./transcript-custody";

const segment = { speaker: "SPEAKER_01", text: "I felt heard today.", start: 0, end: 2 };
const transcription: TranscriptionResultData = {
  transcript: "I felt heard today.",
  segments: [segment],
  speakers: { SPEAKER_01: [segment] },
  speakerStats: { SPEAKER_01: { totalTime: 2, wordCount: 4, segments: 1 } },
  fallback: false,
};
const session = { id: "local-1", isLocal: true, transcript: "t", analysis: { cards: [] }, isCompleted: false } as unknown as ClientSession;
const named = { transcript: "Ana: I felt heard today.", speakerNames: { SPEAKER_01: "Ana" }, original: transcription };

const inPhase = (phase: FlowPhase, dialog: SessionFlowState["dialog"] = null): SessionFlowState => ({ ...initialSessionFlowState, phase, dialog });
const signedInSession = { ...session, id: "0b4d5a7e-1111-4222-8333-944455556666", isLocal: false } as ClientSession;
const withGrowth = (growth: GrowthState | null, open: ClientSession = session) =>
  inPhase({ name: "results", session: open, summaryLoading: false, save: "idle", growth });
const run = (...events: SessionFlowEvent[]) => events.reduce(sessionFlowReducer, inPhase({ name: "transcribing" }));

describe("holdsUnstoredTranscript", () => {
  it.each([
    ["uploading and transcribing", inPhase({ name: "transcribing" })],
    ["naming the speakers", run({ type: "TRANSCRIBED", result: transcription })],
    ["analysing", run({ type: "TRANSCRIBED", result: transcription }, { type: "NAMES_CONFIRMED" })],
    [
      "an analysis failure that kept nothing",
      run(
        { type: "TRANSCRIBED", result: transcription },
        { type: "NAMES_CONFIRMED" },
        { type: "ANALYSIS_FAILED", dialog: "analysis-failed", retry: { keptId: null, named } },
      ),
    ],
    [
      "an analysis connection failure that kept nothing",
      inPhase({ name: "idle", notReady: false }, { kind: "analysis-connection", retry: { keptId: null, named } }),
    ],
    ["a follow-up being transcribed", withGrowth({ name: "transcribing" })],
    ["a follow-up being named", withGrowth({ name: "naming", transcription })],
    ["a follow-up being appended", withGrowth({ name: "appending", step: "processing" })],
    ["a follow-up whose append failed", withGrowth({ name: "failed", dialog: "generation-failed" })],
    ["a guest's follow-up appended, until the regenerated session is kept on the device", withGrowth({ name: "loading" })],
  ])("holds while %s", (_name, state) => {
    expect(holdsUnstoredTranscript(state)).toBe(true);
  });

  it.each([
    ["nothing under way", initialSessionFlowState],
    ["the session is analysed (and stored)", run({ type: "TRANSCRIBED", result: transcription }, { type: "NAMES_CONFIRMED" }, { type: "ANALYSED", session })],
    [
      "a failed analysis kept on this device or the server",
      run(
        { type: "TRANSCRIBED", result: transcription },
        { type: "NAMES_CONFIRMED" },
        { type: "ANALYSIS_FAILED", dialog: "analysis-failed", retry: { keptId: "local-9", named } },
      ),
    ],
    ["the naming closed by the user", run({ type: "TRANSCRIBED", result: transcription }, { type: "NAMING_CLOSED" })],
    ["no analysis cards came back", run({ type: "TRANSCRIBED", result: transcription }, { type: "NAMES_CONFIRMED" }, { type: "ANALYSIS_ABANDONED" })],
    ["a session's results, no follow-up", withGrowth(null)],
    ["a follow-up still recording", withGrowth({ name: "recording", startedAt: 1 })],
    ["a signed-in follow-up stored by the server, its session reloading", withGrowth({ name: "loading" }, signedInSession)],
  ])("lets go once %s", (_name, state) => {
    expect(holdsUnstoredTranscript(state)).toBe(false);
  });
});

describe("transcriptDroppedUnstored", () => {
  const failedUnkept = inPhase({ name: "idle", notReady: false }, { kind: "analysis-failed", retry: { keptId: null, named } });
  const failedKept = inPhase({ name: "idle", notReady: false }, { kind: "analysis-failed", retry: { keptId: "local-9", named } });

  it("is the dialog of an analysis kept nowhere closed without a retry", () => {
    expect(transcriptDroppedUnstored(failedUnkept, sessionFlowReducer(failedUnkept, { type: "DIALOG_CLOSED" }))).toBe(true);
  });

  it("is not a retry, nor the close of a failure whose transcript was kept", () => {
    expect(transcriptDroppedUnstored(failedUnkept, sessionFlowReducer(failedUnkept, { type: "ANALYSIS_RETRY" }))).toBe(false);
    expect(transcriptDroppedUnstored(failedKept, sessionFlowReducer(failedKept, { type: "DIALOG_CLOSED" }))).toBe(false);
  });
});

describe("unstoredTranscriptAwaitsUser (the page gone, nobody will store it)", () => {
  it.each([
    ["naming the speakers", run({ type: "TRANSCRIBED", result: transcription })],
    ["naming a follow-up's speakers", withGrowth({ name: "naming", transcription })],
    ["a follow-up's failed append, its dialog open", withGrowth({ name: "failed", dialog: "generation-failed" })],
    ["an analysis failure that kept nothing", inPhase({ name: "idle", notReady: false }, { kind: "analysis-failed", retry: { keptId: null, named } })],
  ])("waits on the user: %s", (_, state) => expect(unstoredTranscriptAwaitsUser(state)).toBe(true));

  it.each([
    ["uploading and transcribing (it may yet fail and be listed, or arrive)", inPhase({ name: "transcribing" })],
    ["analysing (it may yet store the session)", run({ type: "TRANSCRIBED", result: transcription }, { type: "NAMES_CONFIRMED" })],
    ["a follow-up being appended", withGrowth({ name: "appending", step: "generating" })],
    ["a signed-in follow-up's session being fetched", withGrowth({ name: "loading" }, signedInSession)],
    ["nothing under way", initialSessionFlowState],
  ])("does not: %s", (_, state) => expect(unstoredTranscriptAwaitsUser(state)).toBe(false));
});
