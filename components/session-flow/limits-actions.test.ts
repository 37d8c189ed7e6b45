/**
 * @jest-environment jsdom
 */
import { LIMIT_TEXTS } from "@/components/recording/texts";

import { audio, setUpFlow as setUp, transcription, waitFor } from "./flow-test-fixtures";

// The limits of issue 15 as the flows meet them: a refused call (429) tells the user how long to wait and keeps what was
// recorded; the recording's browser id goes with its analysis as the idempotency key.

const fakeRecorder = { start: jest.fn(), stop: jest.fn(), cancel: jest.fn() };
jest.mock("@/lib/client/recordings/recorder", () => ({
  ...jest.requireActual("@/lib/client/recordings/recorder"),
  createAudioRecorder: () => fakeRecorder,
}));
jest.mock("@/lib/client/recordings/recording-support", () => ({ isRecordingSupported: () => true }));
jest.mock("./transcription", () => ({ sendRecording: jest.fn(), retryLocalRecording: jest.fn(), leaveTranscribedAudioForRecovery: jest.fn() }));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn(async () => new Response("{}")) }));
jest.mock("@/lib/client/analysis/analyze-client", () => ({ ...jest.requireActual("@/lib/client/analysis/analyze-client"), requestAnalysis: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { retryAnalysis: jest.fn(), reminderClick: jest.fn(async () => undefined) },
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));

const { sendRecording, retryLocalRecording } = jest.requireMock("./transcription");
const { requestAnalysis, AnalysisRequestError } = jest.requireMock("@/lib/client/analysis/analyze-client");
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  fakeRecorder.start.mockResolvedValue(undefined);
  fakeRecorder.stop.mockResolvedValue(audio);
  fakeRecorder.cancel.mockResolvedValue(undefined);
});

test("an upload over the rate limit says how long to wait, keeps the recording for a retry and goes home", async () => {
  jest.useFakeTimers();
  try {
    const flow = setUp();
    flow.recording.start();
    await flow.recording.beginCapture();
    sendRecording.mockResolvedValueOnce({
      ok: false,
      failure: {
        kind: "other",
        message: "Too many requests. Please try again in 8 minutes.",
        failedSessionId: undefined,
        localSession: { id: "local-9", audioKey: "rec-1" },
        retryAfterSeconds: 480,
      },
    });
    flow.recording.stop();
    await jest.advanceTimersByTimeAsync(0);
    expect(showToast).toHaveBeenCalledWith({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.recordingKept("8 minutes"), variant: "destructive" });
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(flow.kit.getState().phase.name).toBe("idle");

    // A retry from the history that is still limited says so again.
    retryLocalRecording.mockResolvedValueOnce({
      ok: false,
      failure: { kind: "other", message: "Too many requests.", failedSessionId: undefined, localSession: { id: "local-9" }, retryAfterSeconds: 45 },
    });
    flow.recording.retryTranscription({
      id: "local-9",
      name: "n",
      isLocal: true,
      mimeType: "audio/webm",
      size: 1,
      createdAt: "",
      timestamp: 9,
      audioKey: "rec-1",
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(showToast).toHaveBeenLastCalledWith({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.recordingKept("45 seconds"), variant: "destructive" });
  } finally {
    jest.useRealTimers();
  }
});

test("the analysis carries the recording's id, and over the limit says how long to wait while the transcript is kept", async () => {
  const flow = setUp();
  flow.recording.start();
  await flow.recording.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: { ...transcription, clientId: "rec-1" } });
  flow.recording.stop();
  await waitFor(() => flow.kit.getState().phase.name === "naming");

  requestAnalysis.mockRejectedValueOnce(new AnalysisRequestError("Too many requests. Please try again in 2 minutes.", { retryAfterSeconds: 90 }));
  await flow.analysis.confirmNames({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
  expect(requestAnalysis).toHaveBeenCalledWith(expect.objectContaining({ clientId: "rec-1" }));
  expect(showToast).toHaveBeenCalledWith({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.conversationKept("2 minutes"), variant: "destructive" });
  expect(flow.kit.getState().dialog?.kind).toBe("analysis-failed");
  const kept = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  expect(kept).toEqual([expect.objectContaining({ transcript: transcription.transcript, failedAnalysis: expect.anything() })]);
});
