/**
 * @jest-environment jsdom
 */
import { listLocalSessions } from "@/lib/client/recordings/local-recordings";
import { ONE_PIECE_MAX_BASE64_CHARS } from "@/lib/client/transcription/long-recording-upload";

import { hasRecordingToKeep, releaseTranscribedAudio, retryLocalRecording, sendRecording } from "./transcription";

// A growth follow-up's upload: tied to its session when it fails, and retried as a follow-up (issue 11).

jest.mock("@/lib/client/recordings/audio-store", () => ({
  markRecordingStatus: jest.fn(async () => true),
  readRecordingBase64: jest.fn(async () => "AAAA"),
  readRecordingParts: jest.fn(async () => null),
  deleteRecording: jest.fn(async () => undefined),
}));
jest.mock("@/lib/client/transcription/long-recording-upload", () => ({
  ...jest.requireActual("@/lib/client/transcription/long-recording-upload"),
  transcribeInParts: jest.fn(),
}));
jest.mock("@/lib/client/transcription/long-recording-progress", () => ({ setLongRecordingProgress: jest.fn() }));
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
const { deleteRecording, markRecordingStatus, readRecordingParts, readRecordingBase64 } = jest.requireMock("@/lib/client/recordings/audio-store");
const { transcribeInParts } = jest.requireMock("@/lib/client/transcription/long-recording-upload");
const { setLongRecordingProgress } = jest.requireMock("@/lib/client/transcription/long-recording-progress");

const result = { transcript: "We agree.", segments: [{ speaker: "A", text: "We agree.", start: 0, end: 1 }], speakers: {}, speakerStats: {}, fallback: false };
const recording = { audioKey: "rec-9", mimeType: "audio/webm", size: 100, recordedAt: Date.parse("2026-11-02T10:00:00.000Z") };

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});
const custody = new Set<string>();
afterEach(() => releaseTranscribedAudio(custody));

/** Transcribed, the audio stays (marked so) until the flow says its transcript is stored: only this tab's memory holds it. */
function expectKeptUntilStored(audioKey: string) {
  expect(markRecordingStatus).toHaveBeenLastCalledWith(audioKey, "transcribed");
  expect(deleteRecording).not.toHaveBeenCalled();
}

test("a failed follow-up stays on this device, listed with the session it belongs to, its audio kept", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  const outcome = await sendRecording(recording, { language: "en-US", minSpeakers: 1, maxSpeakers: 4, followUpOf: "session-7" }, custody);

  expect(outcome.ok).toBe(false);
  expect(requestTranscription).toHaveBeenCalledWith(expect.objectContaining({ followUpOf: "session-7", minSpeakers: 1, maxSpeakers: 4, clientId: "rec-9" }));
  const [listed] = listLocalSessions();
  expect(listed).toEqual(expect.objectContaining({ audioKey: "rec-9", followUpOf: "session-7" }));
  expect(listed!.failedTranscription?.error).toBe("Service Unavailable");
  expect(deleteRecording).not.toHaveBeenCalled();
});

test("a failed Solo Journal recording keeps its guide's headline with it, for the retry's analysis", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "en", soloMode: true, speakerName: "Ana", guideHeadline: "Hot Chili" }, custody);
  expect(requestTranscription).toHaveBeenCalledWith(expect.not.objectContaining({ guideHeadline: expect.anything() }));
  expect(listLocalSessions()[0]).toEqual(expect.objectContaining({ audioKey: "rec-9", guideHeadline: "Hot Chili" }));
});

test("its retry sends this device's audio as a follow-up of that session, never the server's retry of a session of its own", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "en", minSpeakers: 1, maxSpeakers: 4, followUpOf: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77" }, custody);
  const [listed] = listLocalSessions();

  requestTranscription.mockResolvedValueOnce(result);
  const outcome = await retryLocalRecording(listed!, undefined, custody);

  expect(outcome.ok).toBe(true);
  expect(sessionApi.retryTranscription).not.toHaveBeenCalled();
  expect(requestTranscription).toHaveBeenLastCalledWith(
    expect.objectContaining({ audio: "AAAA", followUpOf: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", minSpeakers: 1, maxSpeakers: 4 }),
  );
  expect(listLocalSessions()).toEqual([]);
  expectKeptUntilStored("rec-9");
  await releaseTranscribedAudio(custody);
  expect(deleteRecording).toHaveBeenCalledWith("rec-9");
});

test("a Solo Journal's retry from this device is sent as a journal (one voice, named) in the language set, in one piece or in parts", async () => {
  localStorage.setItem("speechLanguage", "de-DE");
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "de-DE", soloMode: true, speakerName: "Ana" }, custody);
  const [listed] = listLocalSessions();

  requestTranscription.mockResolvedValueOnce(result);
  expect((await retryLocalRecording(listed!, { speakerName: "Ana" }, custody)).ok).toBe(true);
  expect(requestTranscription).toHaveBeenLastCalledWith(
    expect.objectContaining({ clientId: "rec-9", language: "de", soloMode: true, minSpeakers: 1, maxSpeakers: 1, speakerName: "Ana" }),
  );

  readRecordingParts.mockResolvedValueOnce(twoParts);
  transcribeInParts.mockResolvedValueOnce({ ...result, clientId: "rec-9" });
  expect((await retryLocalRecording({ ...listed!, id: "local-2" }, { speakerName: "Ana" }, custody)).ok).toBe(true);
  expect(transcribeInParts).toHaveBeenLastCalledWith(
    twoParts,
    expect.objectContaining({ clientId: "rec-9", language: "de", soloMode: true, speakerName: "Ana" }),
    expect.anything(),
  );
});

test("a couple's retry asks for no particular speakers, and a follow-up's is never sent as a journal", async () => {
  requestTranscription.mockResolvedValueOnce(result).mockResolvedValueOnce(result);
  const device = { id: "local-1", audioKey: "rec-9", mimeType: "audio/webm" } as Parameters<typeof retryLocalRecording>[0];
  await retryLocalRecording(device, undefined, custody);
  expect(requestTranscription).toHaveBeenLastCalledWith(expect.not.objectContaining({ soloMode: expect.anything() }));
  await retryLocalRecording({ ...device, followUpOf: "local-7" }, { speakerName: "Ana" }, custody);
  expect(requestTranscription).toHaveBeenLastCalledWith(expect.objectContaining({ followUpOf: "local-7", minSpeakers: 1, maxSpeakers: 4 }));
  expect(requestTranscription).toHaveBeenLastCalledWith(expect.not.objectContaining({ soloMode: expect.anything() }));
});

// Recordings longer than one upload (issue 14 §2): sent in parts, kept on this device when that fails, resumed by the retry.

const twoParts = {
  mimeType: "audio/webm;codecs=opus",
  parts: [
    { index: 0, startMs: 0, blob: new Blob([new Uint8Array(10)]) },
    { index: 1, startMs: 596_000, blob: new Blob([new Uint8Array(10)]) },
  ],
};

test("a recording of several parts is sent in parts, with its progress on the processing screen, and its audio goes once transcribed", async () => {
  readRecordingParts.mockResolvedValueOnce(twoParts);
  transcribeInParts.mockImplementationOnce(async (_recording: unknown, options: { onProgress: (p: object) => void }) => {
    options.onProgress({ phase: "uploading", part: 1, parts: 2 });
    options.onProgress({ phase: "transcribing", part: 2, parts: 2 });
    return { ...result, clientId: "rec-9" };
  });
  const outcome = await sendRecording(recording, { language: "de-DE", minSpeakers: 2, maxSpeakers: 3 }, custody);

  expect(outcome).toEqual({ ok: true, result: expect.objectContaining({ transcript: "We agree.", clientId: "rec-9" }) });
  expect(requestTranscription).not.toHaveBeenCalled();
  expect(readRecordingBase64).not.toHaveBeenCalled();
  expect(transcribeInParts).toHaveBeenCalledWith(
    twoParts,
    expect.objectContaining({ clientId: "rec-9", language: "de", minSpeakers: 2, maxSpeakers: 3 }),
    expect.objectContaining({ send: expect.any(Function) }),
  );
  expect(setLongRecordingProgress.mock.calls).toEqual([["Uploading part 1 of 2"], ["Transcribing part 2 of 2"], [null]]);
  expectKeptUntilStored("rec-9");
  await releaseTranscribedAudio(custody);
  expect(deleteRecording).toHaveBeenCalledWith("rec-9");
});

test("a recording in parts that fails stays on this device, listed for a retry with no server session, and the retry resumes it", async () => {
  readRecordingParts.mockResolvedValue(twoParts);
  transcribeInParts.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  const outcome = await sendRecording(recording, { language: "en" }, custody);

  expect(outcome.ok).toBe(false);
  const [listed] = listLocalSessions();
  expect(listed).toEqual(expect.objectContaining({ audioKey: "rec-9", failedTranscription: expect.objectContaining({ error: "Service Unavailable" }) }));
  expect(listed!.id).toMatch(/^local-/);
  expect(deleteRecording).not.toHaveBeenCalled();
  expect(setLongRecordingProgress).toHaveBeenLastCalledWith(null);

  transcribeInParts.mockResolvedValueOnce({ ...result, clientId: "rec-9" });
  const retried = await retryLocalRecording(listed!, undefined, custody);
  expect(retried.ok).toBe(true);
  expect(sessionApi.retryTranscription).not.toHaveBeenCalled();
  expect(requestTranscription).not.toHaveBeenCalled();
  expect(transcribeInParts).toHaveBeenLastCalledWith(twoParts, expect.objectContaining({ clientId: "rec-9" }), expect.anything());
  expect(listLocalSessions()).toEqual([]);
  expectKeptUntilStored("rec-9");
  await releaseTranscribedAudio(custody);
  expect(deleteRecording).toHaveBeenCalledWith("rec-9");
  readRecordingParts.mockResolvedValue(null);
});

test("one part goes in one piece as before, unless it is longer than /api/transcribe takes", async () => {
  readRecordingParts.mockResolvedValueOnce({ mimeType: "audio/webm", parts: [twoParts.parts[0]] });
  requestTranscription.mockResolvedValueOnce(result);
  await sendRecording(recording, { language: "en" }, custody);
  expect(requestTranscription).toHaveBeenCalledTimes(1);
  expect(transcribeInParts).not.toHaveBeenCalled();

  const long = { index: 0, startMs: 0, blob: new Blob([new Uint8Array((ONE_PIECE_MAX_BASE64_CHARS / 4) * 3 + 3)]) };
  readRecordingParts.mockResolvedValueOnce({ mimeType: "audio/webm", parts: [long] });
  transcribeInParts.mockResolvedValueOnce({ ...result, clientId: "rec-9" });
  await sendRecording(recording, { language: "en" }, custody);
  expect(transcribeInParts).toHaveBeenCalledTimes(1);
  expect(requestTranscription).toHaveBeenCalledTimes(1);
});

test("when the browser could not keep all of the audio, the whole copy in memory is sent, not the beginning it stored", async () => {
  // One part: the in-memory blob, not the stored prefix.
  const whole = new Blob([new Uint8Array([1, 2, 3])], { type: "audio/webm" });
  requestTranscription.mockResolvedValueOnce(result);
  await sendRecording({ ...recording, blob: whole, parts: [{ index: 0, startMs: 0, blob: whole }] }, { language: "en" }, custody);
  expect(readRecordingBase64).not.toHaveBeenCalled();
  expect(readRecordingParts).not.toHaveBeenCalled();
  expect(requestTranscription).toHaveBeenCalledWith(expect.objectContaining({ audio: "AQID" }));

  // Several parts: every part from memory, in parts.
  readRecordingParts.mockResolvedValue({ mimeType: "audio/webm", parts: [twoParts.parts[0]] });
  transcribeInParts.mockResolvedValueOnce({ ...result, clientId: "rec-9" });
  await sendRecording({ ...recording, blob: new Blob([]), parts: twoParts.parts }, { language: "en" }, custody);
  expect(transcribeInParts).toHaveBeenCalledWith({ mimeType: "audio/webm", parts: twoParts.parts }, expect.anything(), expect.anything());
  expect(readRecordingParts).not.toHaveBeenCalled();
  readRecordingParts.mockResolvedValue(null);
});

describe("when this browser refuses to write its list of sessions (storage full)", () => {
  let setItem: jest.SpyInstance;
  beforeEach(() => {
    setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
  });
  afterEach(() => setItem.mockRestore());

  test("a failed upload's audio is not marked as listed, so the next start finds it and lists it to retry", async () => {
    requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
    const outcome = await sendRecording(recording, { language: "en" }, custody);

    expect(outcome).toEqual({ ok: false, failure: expect.objectContaining({ message: "Service Unavailable", localSession: null }) });
    expect(markRecordingStatus).not.toHaveBeenCalledWith("rec-9", "saved-locally");
    expect(deleteRecording).not.toHaveBeenCalled();
  });

  test("a retry that fails again still ends in its failure, though its attempt cannot be noted", async () => {
    setItem.mockRestore();
    requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
    await sendRecording(recording, { language: "en" }, custody);
    const [listed] = listLocalSessions();
    setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });

    requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Still unavailable", { status: 503 }));
    await expect(retryLocalRecording(listed!, undefined, custody)).resolves.toEqual({
      ok: false,
      failure: expect.objectContaining({ message: "Still unavailable" }),
    });
    expect(deleteRecording).not.toHaveBeenCalled();
  });
});

test("a recording the browser could not store (private browsing) is retried here from memory, all of it, not from the stored beginning", async () => {
  const unstored = { ...recording, audioKey: "rec-mem", blob: new Blob(["hello"], { type: "audio/webm" }) };
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(unstored, { language: "en" }, custody);
  const [listed] = listLocalSessions();
  expect(listed).toEqual(expect.objectContaining({ audioKey: "rec-mem" }));

  requestTranscription.mockResolvedValueOnce(result);
  expect((await retryLocalRecording(listed!, undefined, custody)).ok).toBe(true);
  expect(requestTranscription).toHaveBeenLastCalledWith(expect.objectContaining({ audio: Buffer.from("hello").toString("base64"), clientId: "rec-mem" }));
  expect(readRecordingBase64).not.toHaveBeenCalled();
});

test("a retry whose audio cannot be marked as transcribed keeps its list entry until the audio goes, so it is never unlisted", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "en" }, custody);
  const [listed] = listLocalSessions();

  markRecordingStatus.mockResolvedValueOnce(false);
  requestTranscription.mockResolvedValueOnce(result);
  expect((await retryLocalRecording(listed!, undefined, custody)).ok).toBe(true);
  expect(listLocalSessions().map((session) => session.id)).toEqual([listed!.id]);

  await releaseTranscribedAudio(custody);
  expect(listLocalSessions()).toEqual([]);
  expect(deleteRecording).toHaveBeenCalledWith("rec-9");
});

test("a retry's transcript that arrives when its flow no longer waits for it leaves the recording listed, its audio untouched", async () => {
  requestTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
  await sendRecording(recording, { language: "en" }, custody);
  const [listed] = listLocalSessions();
  markRecordingStatus.mockClear();

  requestTranscription.mockResolvedValueOnce(result);
  await expect(retryLocalRecording(listed!, undefined, custody, () => false)).resolves.toEqual({ ok: false, unwanted: true });
  expect(listLocalSessions().map((session) => session.id)).toEqual([listed!.id]);
  expect(custody.size).toBe(0);
  expect(markRecordingStatus).not.toHaveBeenCalledWith("rec-9", "transcribed");
  expect(deleteRecording).not.toHaveBeenCalled();
});

describe("a retry whose recording is gone or unreadable ends in the spec's texts (part 1 section 8), nothing sent", () => {
  const device = { id: "local-3", audioKey: "rec-gone", mimeType: "audio/webm" } as Parameters<typeof retryLocalRecording>[0];

  test.each([
    ["no longer in the audio store", () => readRecordingBase64.mockResolvedValueOnce(null)],
    ["the audio store failing to read it", () => readRecordingBase64.mockRejectedValueOnce(new Error("AbortError"))],
  ])("%s: 'Could not load the recording'", async (_case, arrange) => {
    arrange();
    const outcome = await retryLocalRecording(device, undefined, custody);
    expect(outcome).toEqual({ ok: false, failure: expect.objectContaining({ message: "Could not load the recording. Please try again." }) });
    expect(requestTranscription).not.toHaveBeenCalled();
  });

  test("an entry with no audio here whose server copy is gone (404): 'Recording not found'", async () => {
    sessionApi.retryTranscription.mockRejectedValueOnce(new TranscriptionRequestError("Recording not found. It may have been deleted.", { status: 404 }));
    const kept = { id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc", mimeType: "audio/webm" } as Parameters<typeof retryLocalRecording>[0];
    const outcome = await retryLocalRecording(kept, undefined, custody);
    expect(outcome).toEqual({ ok: false, failure: expect.objectContaining({ message: "Recording not found. It may have been deleted." }) });
    expect(requestTranscription).not.toHaveBeenCalled();
  });
});

test.each([
  ["under way", "This recording is already being transcribed. Its transcript will appear in your history when it is ready."],
  ["done", "This recording has already been transcribed. Its transcript is in your history."],
])("a kept recording another retry has %s (409): the server's words, not a failure of this retry, and nothing sent here", async (_case, words) => {
  localStorage.clear();
  sessionApi.retryTranscription.mockRejectedValueOnce(new TranscriptionRequestError(words, { status: 409 }));
  const kept = { id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc", audioKey: "rec-kept", mimeType: "audio/webm" } as Parameters<typeof retryLocalRecording>[0];
  const outcome = await retryLocalRecording(kept, undefined, custody);
  expect(outcome).toEqual({ ok: false, elsewhere: words });
  expect(requestTranscription).not.toHaveBeenCalled();
  expect(custody.has("rec-kept")).toBe(false);
});

test("a failed recording has audio to keep when the server kept it or this device stored it, else none", async () => {
  type Entry = Parameters<typeof hasRecordingToKeep>[0];
  expect(await hasRecordingToKeep(null)).toBe(false);
  expect(await hasRecordingToKeep({ id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc", mimeType: "audio/webm" } as Entry)).toBe(true);
  expect(await hasRecordingToKeep({ id: "local-4", audioKey: null, mimeType: "audio/webm" } as Entry)).toBe(false);
  readRecordingParts.mockResolvedValueOnce(twoParts);
  expect(await hasRecordingToKeep({ id: "local-4", audioKey: "rec-4", mimeType: "audio/webm" } as Entry)).toBe(true);
  expect(await hasRecordingToKeep({ id: "local-4", audioKey: "rec-4", mimeType: "audio/webm" } as Entry)).toBe(false);
  readRecordingParts.mockRejectedValueOnce(new Error("AbortError"));
  expect(await hasRecordingToKeep({ id: "local-4", audioKey: "rec-4", mimeType: "audio/webm" } as Entry)).toBe(false);
});
