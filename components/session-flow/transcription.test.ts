/**
 * @jest-environment jsdom
 */
import { listLocalSessions } from "@/lib/client/recordings/local-recordings";

import { retryLocalRecording, sendRecording } from "./transcription";

// A growth follow-up's upload: tied to its session when it fails, and retried as a follow-up (issue 11).

jest.mock("@/lib/client/recordings/audio-store", () => ({
  markRecordingStatus: jest.fn(async () => true),
  readRecordingBase64: jest.fn(async () => "AAAA"),
  deleteRecording: jest.fn(async () => undefined),
}));
jest.mock("@/lib/client/transcription/transcribe-client", () => ({
  ...jest.requireActual("@/lib/client/transcription/transcribe-client"),
  requestTranscription: jest.fn(),
}));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { retryTranscription: jest.fn() },
}));

const { requestTranscription, TranscriptionRequestError } = jest.requireMock("@/lib/client/transcription/transcribe-client");
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
const { deleteRecording } = jest.requireMock("@/lib/client/recordings/audio-store");

const result = { transcript: "We agree.", segments: [{ speaker: "A", text: "We agree.", start: 0, end: 1 }], speakers: {}, speakerStats: {}, fallback: false };
const recording = { audioKey: "rec-9", mimeType: "audio/webm", size: 100, recordedAt: Date.parse("2026-11-02T10:00:00.000Z") };

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

test("a failed follow-up stays on this device, listed with the session it belongs to, its audio kept", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  const outcome = await sendRecording(recording, { language: "en-US", minSpeakers: 1, maxSpeakers: 4, followUpOf: "session-7" });

  expect(outcome.ok).toBe(false);
  expect(requestTranscription).toHaveBeenCalledWith(expect.objectContaining({ followUpOf: "session-7", minSpeakers: 1, maxSpeakers: 4, clientId: "rec-9" }));
  const [listed] = listLocalSessions();
  expect(listed).toEqual(expect.objectContaining({ audioKey: "rec-9", followUpOf: "session-7" }));
  expect(listed!.failedTranscription?.error).toBe("Service Unavailable");
  expect(deleteRecording).not.toHaveBeenCalled();
});

test("a failed Solo Journal recording keeps its guide's headline with it, for the retry's analysis", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "en", soloMode: true, speakerName: "Ana", guideHeadline: "Hot Chili" });
  expect(requestTranscription).toHaveBeenCalledWith(expect.not.objectContaining({ guideHeadline: expect.anything() }));
  expect(listLocalSessions()[0]).toEqual(expect.objectContaining({ audioKey: "rec-9", guideHeadline: "Hot Chili" }));
});

test("its retry sends this device's audio as a follow-up of that session, never the server's retry of a session of its own", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "en", minSpeakers: 1, maxSpeakers: 4, followUpOf: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77" });
  const [listed] = listLocalSessions();

  requestTranscription.mockResolvedValueOnce(result);
  const outcome = await retryLocalRecording(listed!);

  expect(outcome.ok).toBe(true);
  expect(sessionApi.retryTranscription).not.toHaveBeenCalled();
  expect(requestTranscription).toHaveBeenLastCalledWith(
    expect.objectContaining({ audio: "AAAA", followUpOf: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", minSpeakers: 1, maxSpeakers: 4 }),
  );
  expect(listLocalSessions()).toEqual([]);
  expect(deleteRecording).toHaveBeenCalledWith("rec-9");
});
