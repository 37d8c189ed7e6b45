/**
 * @jest-environment jsdom
 */
import { FAILURE_TEXTS, LIMIT_TEXTS, RECORDING_TEXTS, TRANSCRIPTION_ERRORS } from "@/components/recording/texts";
import { listLocalSessionRecords, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { RecorderError } from "@/lib/client/recordings/recorder";
import { LONGEST_RECORDING_MS } from "@/lib/domain/transcription/long-recording";

import { createFlowKit } from "./flow-kit";
import { audio, setUpFlow as setUp, sharedLocks, transcription, waitFor } from "./flow-test-fixtures";
import { createRecordingActions } from "./recording-actions";

// The flow's side effects against fakes of the microphone, the upload and the AI calls: what each action reports to the
// state machine, and that nothing recorded is dropped on the way.

const fakeRecorder = { start: jest.fn(), stop: jest.fn(), cancel: jest.fn() };
const mockRecorderOptions: { onMicrophoneEnded?: () => void }[] = [];
jest.mock("@/lib/client/recordings/recorder", () => ({
  ...jest.requireActual("@/lib/client/recordings/recorder"),
  createAudioRecorder: (options: { onMicrophoneEnded?: () => void }) => (mockRecorderOptions.push(options), fakeRecorder),
}));
jest.mock("@/lib/client/recordings/recording-support", () => ({ isRecordingSupported: () => true }));
jest.mock("./transcription", () => ({
  sendRecording: jest.fn(),
  retryLocalRecording: jest.fn(),
  leaveTranscribedAudioForRecovery: jest.fn(),
  hasRecordingToKeep: jest.fn(),
}));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn(async () => new Response("{}")) }));
jest.mock("@/lib/client/analysis/analyze-client", () => ({ ...jest.requireActual("@/lib/client/analysis/analyze-client"), requestAnalysis: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { retryAnalysis: jest.fn(), get: jest.fn(), reminderClick: jest.fn(async () => undefined) },
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));

const { sendRecording, retryLocalRecording, leaveTranscribedAudioForRecovery, hasRecordingToKeep } = jest.requireMock("./transcription");
const { requestAnalysis, AnalysisRequestError } = jest.requireMock("@/lib/client/analysis/analyze-client");
const { sessionApi, SessionApiError } = jest.requireMock("@/lib/client/sessions/session-api");
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

const analysis = { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }], briefSummary: "Saturday plans" };

async function recordUntilNaming(flow: ReturnType<typeof setUp>, result: typeof transcription & { clientId?: string } = transcription) {
  flow.recording.start();
  await flow.recording.beginCapture();
  expect(flow.kit.getState().phase.name).toBe("recording");
  sendRecording.mockResolvedValueOnce({ ok: true, result });
  flow.recording.stop();
  await waitFor(() => flow.kit.getState().phase.name === "naming");
}

/** The browser refusing every write, as when its storage is full; mockRestore() gives it room again. */
const refuseStorageWrites = () =>
  jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  fakeRecorder.start.mockResolvedValue(undefined);
  fakeRecorder.stop.mockResolvedValue(audio);
  fakeRecorder.cancel.mockResolvedValue(undefined);
});

test("record, stop: the stored recording is sent and a transcript with speakers opens naming", async () => {
  const flow = setUp();
  await recordUntilNaming(flow);
  expect(sendRecording).toHaveBeenCalledWith(
    expect.objectContaining({ audioKey: "rec-1", mimeType: "audio/webm" }),
    expect.anything(),
    flow.kit.transcribedAudio,
  );
});

test("a recording still running at four hours is stopped and sent, as by a tap on Stop, and says why", async () => {
  jest.useFakeTimers();
  try {
    const flow = setUp();
    flow.recording.start();
    await flow.recording.beginCapture();
    expect(flow.kit.getState().phase.name).toBe("recording");
    sendRecording.mockResolvedValueOnce({ ok: true, result: transcription });
    jest.advanceTimersByTime(LONGEST_RECORDING_MS - 1);
    expect(fakeRecorder.stop).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith({ title: RECORDING_TEXTS.longestReachedTitle, description: RECORDING_TEXTS.longestReachedBody });
  } finally {
    jest.useRealTimers();
  }
});

test("a recording stopped before four hours is not stopped again when they are up", async () => {
  jest.useFakeTimers();
  try {
    const flow = setUp();
    flow.recording.start();
    await flow.recording.beginCapture();
    sendRecording.mockResolvedValueOnce({ ok: true, result: transcription });
    flow.recording.stop();
    jest.advanceTimersByTime(LONGEST_RECORDING_MS);
    expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
    expect(showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: RECORDING_TEXTS.longestReachedTitle }));
  } finally {
    jest.useRealTimers();
  }
});

test("the deck's force-stop stops a running capture and sends what was recorded instead of dropping it", async () => {
  const flow = setUp();
  flow.recording.start();
  await flow.recording.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: transcription });
  flow.results.deckFinished();
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
  expect(fakeRecorder.cancel).not.toHaveBeenCalled();
  await waitFor(() => flow.kit.getState().phase.name === "naming");
});

test("a microphone that ended the recording (recorded directly, no graph) says so and sends what was captured", async () => {
  const flow = setUp();
  flow.recording.start();
  await flow.recording.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: transcription });
  mockRecorderOptions.at(-1)!.onMicrophoneEnded!();
  expect(showToast).toHaveBeenCalledWith({
    title: RECORDING_TEXTS.microphoneEndedTitle,
    description: RECORDING_TEXTS.microphoneEndedBody,
    variant: "destructive",
  });
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
  expect(fakeRecorder.cancel).not.toHaveBeenCalled();
  await waitFor(() => flow.kit.getState().phase.name === "naming");
  // Told again (a late event): nothing more happens.
  mockRecorderOptions.at(-1)!.onMicrophoneEnded!();
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
});

test("a history retry while a recording runs is not started", async () => {
  const flow = setUp();
  flow.recording.start();
  await flow.recording.beginCapture();
  flow.recording.retryTranscription({ id: "local-5", name: "n", isLocal: true, mimeType: "audio/webm", size: 1, createdAt: "", timestamp: 5, audioKey: "a" });
  expect(retryLocalRecording).not.toHaveBeenCalled();
  expect(flow.kit.getState().phase.name).toBe("recording");
});

test("a connection failure of the upload opens the connection dialog, which goes home by itself after 3 s", async () => {
  jest.useFakeTimers();
  try {
    const flow = setUp();
    flow.recording.start();
    await flow.recording.beginCapture();
    sendRecording.mockResolvedValueOnce({
      ok: false,
      failure: { kind: "connection", message: "Connection error: offline", failedSessionId: undefined, localSession: { id: "local-7" } },
    });
    flow.recording.stop();
    await jest.advanceTimersByTimeAsync(0);
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle", notReady: false }, dialog: { kind: "transcription-connection" } });
    await jest.advanceTimersByTimeAsync(3000);
    expect(flow.kit.getState().dialog).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

test("a recording that captured nothing: 'Transcription Error' with the recorder's words, and home after 3 s (spec part 1 section 8)", async () => {
  jest.useFakeTimers();
  try {
    const goHome = jest.fn();
    const kit = createFlowKit();
    const recording = createRecordingActions(kit, { goHome });
    recording.start();
    await recording.beginCapture();
    fakeRecorder.stop.mockRejectedValueOnce(new RecorderError(TRANSCRIPTION_ERRORS.noAudio));
    recording.stop();
    await jest.advanceTimersByTimeAsync(0);
    expect(showToast).toHaveBeenCalledWith({ title: FAILURE_TEXTS.transcriptionErrorTitle, description: TRANSCRIPTION_ERRORS.noAudio, variant: "destructive" });
    expect(kit.getState().phase.name).toBe("idle");
    await jest.advanceTimersByTimeAsync(2999);
    expect(goHome).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(sendRecording).not.toHaveBeenCalled();
  } finally {
    jest.useRealTimers();
  }
});

test("names confirmed: identifying, then generating, then a guest's results kept in this browser", async () => {
  const flow = setUp();
  await recordUntilNaming(flow);
  requestAnalysis.mockResolvedValueOnce({ analysis, sessionId: null, warnings: [] });
  const done = flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  expect(flow.kit.getState().phase).toEqual({ name: "analysing", step: "identifying" });
  await done;
  expect(requestAnalysis).toHaveBeenCalledWith(expect.objectContaining({ transcript: "Ana: We never get time for us.\nBen: Then let's plan Saturday." }));
  const { phase } = flow.kit.getState();
  expect(phase.name).toBe("results");
  const stored = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  expect(stored).toEqual([expect.objectContaining({ name: "Saturday plans", isLocal: true })]);
});

test("a signed-in analysis outage keeps the transcript, offers Retry Now, and the retry runs on the server's copy", async () => {
  const flow = setUp();
  await recordUntilNaming(flow);
  requestAnalysis.mockRejectedValueOnce(
    new AnalysisRequestError("The model is overloaded.", { failedSessionId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc", isConnectionError: true }),
  );
  await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  const { dialog } = flow.kit.getState();
  expect(dialog).toEqual({ kind: "analysis-connection", retry: expect.objectContaining({ keptId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc" }) });
  expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Analysis Failed", description: "The model is overloaded." }));

  sessionApi.retryAnalysis.mockResolvedValueOnce({ analysis, sessionId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc" });
  flow.analysis.retryFromDialog();
  await waitFor(() => flow.kit.getState().phase.name === "results");
  expect(sessionApi.retryAnalysis).toHaveBeenCalledWith("3f1c2a8e-1b2c-4d5e-8f90-123456789abc");
  // The copy kept for the retry has done its job.
  expect(JSON.parse(localStorage.getItem("local_sessions") ?? "[]")).toEqual([]);
});

describe("a failed analysis the account kept, retried from the history (whose list items carry no transcript)", () => {
  const ACCOUNT_ID = "3f1c2a8e-1b2c-4d5e-8f90-123456789abc";
  const journal = {
    id: ACCOUNT_ID,
    isLocal: false,
    transcript: "You: I want a slower week.",
    speakerNames: { SPEAKER_01: "You" },
    mode: "solo",
    conversationGuideHeadline: "Hot Chili",
    analysis: { transcriptionSegments: [{ speaker: "SPEAKER_01", text: "I want a slower week.", start: 0, end: 2 }] },
    failedAnalysis: { error: "Connection error", timestamp: "2026-11-02T10:00:00.000Z", attemptCount: 1 },
  };

  test("opens with the account's transcript and mode, which the final save then keeps", async () => {
    const flow = setUp();
    sessionApi.get.mockResolvedValueOnce(journal);
    sessionApi.retryAnalysis.mockResolvedValueOnce({ analysis, sessionId: ACCOUNT_ID });
    flow.analysis.retryKept({ id: ACCOUNT_ID });
    await waitFor(() => flow.kit.getState().phase.name === "results");
    const { phase } = flow.kit.getState();
    expect(phase.name === "results" && phase.session).toMatchObject({
      id: ACCOUNT_ID,
      isLocal: false,
      transcript: "You: I want a slower week.",
      mode: "solo",
      speakerNames: { SPEAKER_01: "You" },
    });
  });

  test("another tab of this browser retrying it holds it: this one says so and pays for no second analysis; once let go, it retries", async () => {
    const locks = sharedLocks();
    try {
      let otherTabDone!: () => void;
      void locks.request(`coach-audio:analysis:${ACCOUNT_ID}`, () => new Promise<void>((resolve) => (otherTabDone = resolve)));
      const flow = setUp();
      flow.analysis.retryKept({ id: ACCOUNT_ID });
      await waitFor(() => showToast.mock.calls.some(([toast]: [{ title: string }]) => toast.title === "Already Under Way"));
      expect(showToast).toHaveBeenCalledWith({
        title: "Already Under Way",
        description: "This conversation is already being analysed in another tab. You can continue there.",
      });
      expect(flow.kit.getState().phase.name).toBe("idle");
      expect(sessionApi.retryAnalysis).not.toHaveBeenCalled();

      // The other tab let go (its retry failed): this tab's retry runs, and lets go in turn when it fails.
      otherTabDone();
      await new Promise((resolve) => setTimeout(resolve, 0));
      sessionApi.get.mockResolvedValueOnce(journal);
      sessionApi.retryAnalysis.mockRejectedValueOnce(new SessionApiError("Service Unavailable", { status: 503 }));
      flow.analysis.retryKept({ id: ACCOUNT_ID });
      await waitFor(() => flow.kit.getState().dialog?.kind === "analysis-failed");
      expect(sessionApi.retryAnalysis).toHaveBeenCalledTimes(1);
      await waitFor(() => !locks.isHeld(`coach-audio:analysis:${ACCOUNT_ID}`));
    } finally {
      Reflect.deleteProperty(navigator, "locks");
    }
  });

  test("a retry the server refuses for good (the conversation can no longer be analysed as stored) says its words", async () => {
    const flow = setUp();
    const words = "This conversation can no longer be analysed as it is stored.";
    sessionApi.get.mockResolvedValueOnce(journal);
    sessionApi.retryAnalysis.mockRejectedValueOnce(new SessionApiError(words, { status: 400, code: "bad_request" }));
    flow.analysis.retryKept({ id: ACCOUNT_ID });
    await waitFor(() => flow.kit.getState().dialog?.kind === "analysis-failed");
    expect(showToast).toHaveBeenCalledWith({ title: "Retry Failed", description: words, variant: "destructive" });
  });

  test("an account copy that cannot be read is a failed retry, and nothing is re-analysed", async () => {
    const flow = setUp();
    sessionApi.get.mockRejectedValueOnce(new Error("fetch failed"));
    flow.analysis.retryKept({ id: ACCOUNT_ID });
    await waitFor(() => flow.kit.getState().dialog?.kind === "analysis-failed" && flow.kit.getState().phase.name === "idle");
    expect(sessionApi.retryAnalysis).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Retry Failed" }));
  });
});

test("a failed analysis retry ends with the dialog again, never a dead end", async () => {
  const flow = setUp();
  await recordUntilNaming(flow);
  requestAnalysis.mockRejectedValueOnce(new AnalysisRequestError("Bad answer"));
  await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  expect(flow.kit.getState().dialog?.kind).toBe("analysis-failed");
  requestAnalysis.mockRejectedValueOnce(new AnalysisRequestError("Bad answer again"));
  flow.analysis.retryFromDialog();
  await waitFor(() => flow.kit.getState().dialog?.kind === "analysis-failed" && flow.kit.getState().phase.name === "idle");
  expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Retry Failed" }));
});

test("a kept failed analysis tapped twice (both taps queued while the flow's code loaded) is analysed once", async () => {
  upsertLocalSessionRecord({
    id: "local-1700000000000",
    name: "Recording",
    transcript: transcription.transcript,
    namedTranscript: "Ana: We never get time for us.\nBen: Then let's plan Saturday.",
    speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
    analysis: { cards: [], transcriptionSegments: transcription.segments, speakerStats: transcription.speakerStats },
    failedAnalysis: { error: "Connection error", timestamp: "2026-11-02T10:00:00.000Z", attemptCount: 1 },
    createdAt: "2026-11-02T10:00:00.000Z",
    timestamp: 1700000000000,
    audioKey: null,
  });
  const flow = setUp();
  requestAnalysis.mockResolvedValue({ analysis, sessionId: null, warnings: [] });
  flow.analysis.retryKept({ id: "local-1700000000000" });
  flow.analysis.retryKept({ id: "local-1700000000000" });
  await waitFor(() => flow.kit.getState().phase.name === "results");
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(requestAnalysis).toHaveBeenCalledTimes(1);
  expect(showToast.mock.calls.filter(([toast]: [{ title: string }]) => toast.title === FAILURE_TEXTS.retrySuccessAnalysis)).toHaveLength(1);
});

test("a kept failed analysis retried from the history is the same analysis: its recording's idempotency key and its account session go with it", async () => {
  const flow = setUp();
  await recordUntilNaming(flow, { ...transcription, clientId: "rec-1" });
  // The connection drops under the analysis: no answer, so nothing says whether the server stored it.
  requestAnalysis.mockRejectedValueOnce(new AnalysisRequestError("fetch failed", { isConnectionError: true }));
  await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  const [kept] = listLocalSessionRecords();
  expect(kept).toMatchObject({ failedAnalysis: expect.anything(), transcribedFrom: "rec-1" });
  const [[firstTry]] = requestAnalysis.mock.calls;

  flow.kit.dispatch({ type: "DIALOG_CLOSED" });
  requestAnalysis.mockResolvedValueOnce({ analysis, sessionId: null, warnings: [] });
  flow.analysis.retryKept({ id: kept!.id });
  await waitFor(() => flow.kit.getState().phase.name === "results");
  expect(requestAnalysis.mock.calls[1][0]).toEqual(expect.objectContaining({ clientId: firstTry.clientId, transcript: firstTry.transcript }));
  expect(firstTry.clientId).toBe("rec-1");
});

test("a kept failed analysis of a transcript an account's session holds is retried into that session", () => {
  upsertLocalSessionRecord({
    id: "local-1700000000000",
    name: "Recording",
    transcript: transcription.transcript,
    analysis: { cards: [], transcriptionSegments: transcription.segments },
    failedAnalysis: { error: "fetch failed", timestamp: "2026-11-02T10:00:00.000Z", attemptCount: 1 },
    createdAt: "2026-11-02T10:00:00.000Z",
    timestamp: 1700000000000,
    audioKey: null,
    transcribedFrom: "rec-9",
    accountSessionId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
  });
  const flow = setUp();
  requestAnalysis.mockResolvedValueOnce({ analysis, sessionId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc", warnings: [] });
  flow.analysis.retryKept({ id: "local-1700000000000" });
  return waitFor(() => flow.kit.getState().phase.name === "results").then(() =>
    expect(requestAnalysis.mock.calls[0][0]).toEqual(expect.objectContaining({ clientId: "rec-9", sessionId: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc" })),
  );
});

describe("Save Locally in an analysis failure dialog, when the browser refused to keep the transcript at the failure", () => {
  async function failWithStorageFull(flow: ReturnType<typeof setUp>) {
    await recordUntilNaming(flow);
    requestAnalysis.mockRejectedValueOnce(new AnalysisRequestError("Bad answer"));
    const setItem = refuseStorageWrites();
    try {
      await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
    } finally {
      setItem.mockRestore();
    }
    expect(flow.kit.getState().dialog?.kind).toBe("analysis-failed");
    expect(listLocalSessionRecords()).toEqual([]);
    showToast.mockClear();
  }

  test("with room again, it keeps the transcript now and says so", async () => {
    const flow = setUp();
    await failWithStorageFull(flow);
    flow.analysis.saveLocally();
    expect(listLocalSessionRecords()).toEqual([expect.objectContaining({ transcript: transcription.transcript, failedAnalysis: expect.anything() })]);
    expect(showToast).toHaveBeenCalledWith({ title: "Recording Saved Locally", description: "You can retry the analysis from the session history later." });
  });

  test("still full, it says why again, never 'Saved'", async () => {
    const flow = setUp();
    await failWithStorageFull(flow);
    const setItem = refuseStorageWrites();
    try {
      flow.analysis.saveLocally();
    } finally {
      setItem.mockRestore();
    }
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Warning" }));
    expect(flow.kit.getState().dialog).toBeNull();
  });
});

test("an analysis the server refuses for good (422, the account's bound of stored sessions) says the server's words, not 'try again'", async () => {
  const flow = setUp();
  await recordUntilNaming(flow);
  const refusal = "This account holds the most sessions it can keep (10000). Delete older sessions to save new ones.";
  requestAnalysis.mockRejectedValueOnce(new AnalysisRequestError(refusal, { status: 422 }));
  await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Analysis Failed", description: refusal }));
});

test("a guest's results the browser refuses to keep leave the recording's audio for the next start to list, not deleted with them", async () => {
  const flow = setUp();
  await recordUntilNaming(flow);
  requestAnalysis.mockResolvedValueOnce({ analysis, sessionId: null, warnings: [] });
  const setItem = refuseStorageWrites();
  try {
    await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  } finally {
    setItem.mockRestore();
  }
  expect(flow.kit.getState().phase.name).toBe("results");
  expect(leaveTranscribedAudioForRecovery).toHaveBeenCalledWith(flow.kit.transcribedAudio);
});

test("a kept failed analysis whose retry succeeds stays listed until its analysed session is stored (storage full: it stays)", async () => {
  upsertLocalSessionRecord({
    id: "local-1700000000000",
    name: "Recording",
    transcript: transcription.transcript,
    namedTranscript: "Ana: We never get time for us.\nBen: Then let's plan Saturday.",
    speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
    analysis: { cards: [], transcriptionSegments: transcription.segments, speakerStats: transcription.speakerStats },
    failedAnalysis: { error: "Connection error", timestamp: "2026-11-02T10:00:00.000Z", attemptCount: 1 },
    createdAt: "2026-11-02T10:00:00.000Z",
    timestamp: 1700000000000,
    audioKey: null,
  });
  const flow = setUp();
  requestAnalysis.mockResolvedValueOnce({ analysis, sessionId: null, warnings: [] });
  const realSetItem = Storage.prototype.setItem;
  // The browser refuses the list of sessions with the analysed one in it, and takes any other write.
  const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(function (this: Storage, key: string, value: string) {
    if (key === "local_sessions" && value.includes("You asked.")) throw new DOMException("quota", "QuotaExceededError");
    return realSetItem.call(this, key, value);
  });
  try {
    flow.analysis.retryKept({ id: "local-1700000000000" });
    await waitFor(() => flow.kit.getState().phase.name === "results");
  } finally {
    setItem.mockRestore();
  }
  expect(listLocalSessionRecords()).toEqual([
    expect.objectContaining({ id: "local-1700000000000", transcript: transcription.transcript, failedAnalysis: expect.anything() }),
  ]);

  // With room again, the next retry stores the session, and only then the kept copy goes.
  flow.kit.dispatch({ type: "CLOSED" });
  requestAnalysis.mockResolvedValueOnce({ analysis, sessionId: null, warnings: [] });
  flow.analysis.retryKept({ id: "local-1700000000000" });
  await waitFor(() => flow.kit.getState().phase.name === "results");
  expect(listLocalSessionRecords()).toEqual([expect.objectContaining({ name: "Saturday plans", transcript: transcription.transcript })]);
});

describe("a failed transcription retry says why (spec part 1 section 8)", () => {
  const target = { id: "local-5", name: "n", isLocal: true, mimeType: "audio/webm", size: 1, createdAt: "", timestamp: 5, audioKey: "a" } as const;
  const failWith = (message: string) =>
    retryLocalRecording.mockResolvedValueOnce({ ok: false, failure: { kind: "other", message, failedSessionId: undefined, localSession: target } });

  test.each([
    ["its recording is gone", FAILURE_TEXTS.recordingNotFound, undefined],
    ["its recording is gone from the account (404)", FAILURE_TEXTS.recordingNotFound, 404],
    ["its audio cannot be read", FAILURE_TEXTS.couldNotLoadRecording, undefined],
  ])("%s: 'Error' with the spec's text", async (_case, message, status) => {
    const flow = setUp();
    retryLocalRecording.mockResolvedValueOnce({ ok: false, failure: { kind: "other", message, status, failedSessionId: undefined, localSession: target } });
    flow.recording.retryTranscription({ ...target });
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(showToast).toHaveBeenCalledWith({ title: "Error", description: message, variant: "destructive" });
    expect(flow.kit.getState().phase.name).toBe("idle");
  });

  test("another retry of the kept recording under way or done: the server's words under 'Already Under Way', back to idle", async () => {
    const flow = setUp();
    const words = "This recording is already being transcribed. Its transcript will appear in your history when it is ready.";
    retryLocalRecording.mockResolvedValueOnce({ ok: false, elsewhere: words });
    flow.recording.retryTranscription({ ...target });
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(showToast).toHaveBeenCalledWith({ title: FAILURE_TEXTS.retryElsewhereTitle, description: words });
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle" }, dialog: null });
  });

  test.each([
    [413, "Recording is too long to transcribe in one piece."],
    [422, "This account holds the most sessions it can keep (10000). Delete older sessions to save new ones."],
  ])("a refusal the server would give again (%s): 'Retry Failed' with its words, back to idle", async (status, words) => {
    const flow = setUp();
    retryLocalRecording.mockResolvedValueOnce({
      ok: false,
      failure: { kind: "other", message: words, status, failedSessionId: undefined, localSession: target },
    });
    flow.recording.retryTranscription({ ...target });
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(showToast).toHaveBeenCalledWith({ title: "Retry Failed", description: words, variant: "destructive" });
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle" }, dialog: null });
  });

  test("any other failure: 'Retry Failed', the connection issue; from the history, no dialog opens (the item is one tap away)", async () => {
    const flow = setUp();
    failWith("Connection error: Failed to fetch");
    flow.recording.retryTranscription({ ...target });
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(showToast).toHaveBeenCalledWith({ title: "Retry Failed", description: FAILURE_TEXTS.retryFailedBody, variant: "destructive" });
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle" }, dialog: null });
  });
});

describe("Retry Now in the Transcription Failed dialog (spec part 1 sections 2 and 8)", () => {
  const kept = { id: "local-7", name: "n", isLocal: true, mimeType: "audio/webm", size: 1, createdAt: "", timestamp: 7, audioKey: "rec-1" } as const;
  const retryDialog = { kind: "transcription-retry", retryId: "local-7" };

  async function failUploadToRetryDialog(flow: ReturnType<typeof setUp>) {
    flow.recording.start();
    await flow.recording.beginCapture();
    sendRecording.mockResolvedValueOnce({
      ok: false,
      failure: { kind: "failed-session", message: "Internal", failedSessionId: undefined, localSession: kept },
    });
    flow.recording.stop();
    await waitFor(() => flow.kit.getState().dialog !== null);
    expect(flow.kit.getState().dialog).toEqual(retryDialog);
    showToast.mockClear();
  }
  const toastTitled = (title: string) => showToast.mock.calls.some(([toast]: [{ title: string }]) => toast.title === title);
  const failRetryWith = (failure: object) =>
    retryLocalRecording.mockResolvedValueOnce({ ok: false, failure: { kind: "other", failedSessionId: undefined, localSession: kept, ...failure } });

  test("'Retry Failed' (the connection issue persists): back in the same dialog, where Retry Now goes again and transcribes it", async () => {
    const flow = setUp();
    await failUploadToRetryDialog(flow);
    failRetryWith({ kind: "connection", message: "Connection error: Failed to fetch" });
    flow.recording.retryFromDialog();
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "transcribing" }, dialog: null });
    await waitFor(() => toastTitled("Retry Failed"));
    expect(showToast).toHaveBeenCalledWith({ title: "Retry Failed", description: FAILURE_TEXTS.retryFailedBody, variant: "destructive" });
    expect(flow.kit.getState()).toEqual(expect.objectContaining({ phase: { name: "idle", notReady: false }, dialog: retryDialog }));

    retryLocalRecording.mockResolvedValueOnce({ ok: true, result: transcription });
    flow.recording.retryFromDialog();
    await waitFor(() => flow.kit.getState().phase.name === "naming");
    expect(retryLocalRecording).toHaveBeenCalledTimes(2);
    for (const [retried] of retryLocalRecording.mock.calls) expect(retried).toMatchObject({ id: "local-7" });
  });

  test("'Retry Failed', then Save Locally in the dialog again: 'Recording Saved Locally' for the same recording", async () => {
    const flow = setUp();
    await failUploadToRetryDialog(flow);
    failRetryWith({ message: "500: Internal" });
    flow.recording.retryFromDialog();
    await waitFor(() => toastTitled("Retry Failed"));
    expect(flow.kit.getState().dialog).toEqual(retryDialog);

    hasRecordingToKeep.mockResolvedValueOnce(true);
    flow.recording.saveRecordingLocally();
    expect(flow.kit.getState().dialog).toBeNull();
    await waitFor(() => toastTitled("Recording Saved Locally"));
    expect(hasRecordingToKeep).toHaveBeenCalledWith(expect.objectContaining({ id: "local-7" }));
  });

  test.each([
    ["the rate limit", LIMIT_TEXTS.title, () => failRetryWith({ message: "429: Too many requests", retryAfterSeconds: 60 })],
    ["its recording gone", "Error", () => failRetryWith({ message: FAILURE_TEXTS.recordingNotFound })],
    ["its audio unreadable", "Error", () => failRetryWith({ message: FAILURE_TEXTS.couldNotLoadRecording })],
    [
      "retried elsewhere",
      FAILURE_TEXTS.retryElsewhereTitle,
      () => retryLocalRecording.mockResolvedValueOnce({ ok: false, elsewhere: "Already being transcribed." }),
    ],
  ])("%s: its own toast, and the dialog does not come back", async (_case, title, fail) => {
    const flow = setUp();
    await failUploadToRetryDialog(flow);
    fail();
    flow.recording.retryFromDialog();
    await waitFor(() => toastTitled(title));
    expect(toastTitled("Retry Failed")).toBe(false);
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle" }, dialog: null });
  });
});

describe("Save Locally in a transcription failure dialog (spec part 1 section 8, saving recordings)", () => {
  async function failUpload(flow: ReturnType<typeof setUp>, kind: "connection" | "failed-session", localSession: { id: string } | null) {
    flow.recording.start();
    await flow.recording.beginCapture();
    sendRecording.mockResolvedValueOnce({ ok: false, failure: { kind, message: "Service Unavailable", failedSessionId: undefined, localSession } });
    flow.recording.stop();
    await waitFor(() => flow.kit.getState().dialog !== null);
  }

  test("with the recording's audio kept: 'Recording Saved Locally'", async () => {
    const flow = setUp();
    await failUpload(flow, "connection", { id: "local-7" });
    hasRecordingToKeep.mockResolvedValueOnce(true);
    flow.recording.saveRecordingLocally();
    expect(flow.kit.getState().dialog).toBeNull();
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(hasRecordingToKeep).toHaveBeenCalledWith(expect.objectContaining({ id: "local-7" }));
    expect(showToast).toHaveBeenCalledWith({ title: "Recording Saved Locally", description: FAILURE_TEXTS.savedLocallyBody });
  });

  test("with no audio to keep: 'Error Saving Recording' - 'No audio data available to save.'", async () => {
    const flow = setUp();
    await failUpload(flow, "failed-session", null);
    hasRecordingToKeep.mockResolvedValueOnce(false);
    flow.recording.saveRecordingLocally();
    await waitFor(() => showToast.mock.calls.some(([toast]: [{ title: string }]) => toast.title === "Error Saving Recording"));
    expect(hasRecordingToKeep).toHaveBeenCalledWith(null);
    expect(showToast).toHaveBeenCalledWith({ title: "Error Saving Recording", description: "No audio data available to save.", variant: "destructive" });
    expect(showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: "Recording Saved Locally" }));
  });
});

describe("analysis intake: a blank transcript and a missing one (spec part 1 sections 5 and 8)", () => {
  test("named, a transcript with no words is refused before the call: 'Analysis Error' - 'Empty transcript. Please try recording again.'", async () => {
    const flow = setUp();
    flow.recording.start();
    await flow.recording.beginCapture();
    const silent = transcription.segments.map((segment) => ({ ...segment, text: "  " }));
    sendRecording.mockResolvedValueOnce({ ok: true, result: { ...transcription, transcript: "", segments: silent } });
    flow.recording.stop();
    await waitFor(() => flow.kit.getState().phase.name === "naming");

    await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
    expect(requestAnalysis).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith({ title: "Analysis Error", description: "Empty transcript. Please try recording again.", variant: "destructive" });
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle" }, dialog: null });
    expect(JSON.parse(localStorage.getItem("local_sessions") ?? "[]")).toEqual([]);
  });

  test("a kept analysis retried with a blank transcript ends with the same text, not 'Retry Failed' and its dialog", async () => {
    const { AnalysisIntakeError } = jest.requireActual("@/lib/domain/analysis/intake");
    upsertLocalSessionRecord({ id: "local-8", name: "n", transcript: "", namedTranscript: " ", failedAnalysis: { error: "x" }, timestamp: 8 });
    const flow = setUp();
    requestAnalysis.mockRejectedValueOnce(new AnalysisIntakeError("Empty transcript. Please try recording again."));
    flow.analysis.retryKept({ id: "local-8" });
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(showToast).toHaveBeenCalledWith({ title: "Analysis Error", description: "Empty transcript. Please try recording again.", variant: "destructive" });
    expect(flow.kit.getState()).toMatchObject({ phase: { name: "idle" }, dialog: null });
  });

  test("a kept analysis whose transcript is gone from this device: 'Analysis Error' - 'Missing transcript data. Please try again.'", async () => {
    const flow = setUp();
    flow.analysis.retryKept({ id: "local-9" });
    await waitFor(() => showToast.mock.calls.length > 0);
    expect(requestAnalysis).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith({ title: "Analysis Error", description: "Missing transcript data. Please try again.", variant: "destructive" });
    expect(flow.kit.getState().phase.name).toBe("idle");
  });
});
