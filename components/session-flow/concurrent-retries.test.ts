/**
 * @jest-environment jsdom
 */
import { listLocalSessions, saveFailedRecordingAsLocalSession } from "@/lib/client/recordings/local-recordings";
import { releaseRecordingLock } from "@/lib/client/recordings/recording-locks";

import { createSessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { sharedLocks, transcription, waitFor } from "./flow-test-fixtures";

// Two retries of one recording at once (a double tap on "Tap to retry", or a tap racing the connection's return): one is
// sent, and the recording is never left transcribed with its transcript held nowhere and its audio deleted.

jest.mock("@/lib/client/recordings/audio-store", () => ({
  ...jest.requireActual("@/lib/client/recordings/audio-store"),
  markRecordingStatus: jest.fn(async () => true),
  readRecordingBase64: jest.fn(async () => "AAAA"),
  readRecordingParts: jest.fn(async () => null),
  deleteRecording: jest.fn(async () => undefined),
  listStoredRecordings: jest.fn(async () => [{ id: "rec-1", mode: "couple", status: "saved-locally" }]),
}));
jest.mock("@/lib/client/transcription/transcribe-client", () => ({
  ...jest.requireActual("@/lib/client/transcription/transcribe-client"),
  requestTranscription: jest.fn(),
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { requestTranscription, TranscriptionRequestError } = jest.requireMock("@/lib/client/transcription/transcribe-client");
const { deleteRecording } = jest.requireMock("@/lib/client/recordings/audio-store");

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A recording that failed offline, listed in the history, and a fresh flow to retry it from. */
function failedRecording() {
  localStorage.clear();
  saveFailedRecordingAsLocalSession({ audioKey: "rec-1", mimeType: "audio/webm", size: 100, error: "Connection error: offline" });
  const [entry] = listLocalSessions();
  const kit = createFlowKit();
  return { entry: entry as never, kit, actions: createSessionFlowActions(kit) };
}

const stillListed = () => listLocalSessions().some((session) => session.audioKey === "rec-1");
const audioDeleted = () => deleteRecording.mock.calls.some(([key]: [string]) => key === "rec-1");

beforeEach(() => jest.clearAllMocks());

test("a double tap on retry sends the recording once, and its transcript reaches the naming with the audio kept", async () => {
  const { entry, kit, actions } = failedRecording();
  let answer!: (value: unknown) => void;
  requestTranscription.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));

  actions.retryFromHistory(entry);
  actions.retryFromHistory(entry);
  await waitFor(() => requestTranscription.mock.calls.length === 1);
  await settle();
  expect(kit.getState().phase.name).toBe("transcribing");

  answer(transcription);
  await waitFor(() => kit.getState().phase.name === "naming");
  await settle();
  expect(requestTranscription).toHaveBeenCalledTimes(1);
  expect(audioDeleted()).toBe(false);
  expect(kit.transcribedAudio.has("rec-1")).toBe(true);
});

test("a double tap whose retry is refused leaves the recording listed with its audio, and the next tap sends it", async () => {
  const { entry, kit, actions } = failedRecording();
  let refuse!: (error: Error) => void;
  requestTranscription.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));

  actions.retryFromHistory(entry);
  actions.retryFromHistory(entry);
  await waitFor(() => requestTranscription.mock.calls.length === 1);
  refuse(new TranscriptionRequestError("Service Unavailable: the server is busy with other recordings.", { status: 503 }));
  await waitFor(() => kit.getState().phase.name === "idle");
  kit.dispatch({ type: "START" });
  kit.dispatch({ type: "CANCELLED" });
  await settle();
  expect(requestTranscription).toHaveBeenCalledTimes(1);
  expect({ stillListed: stillListed(), audioDeleted: audioDeleted() }).toEqual({ stillListed: true, audioDeleted: false });

  requestTranscription.mockResolvedValueOnce(transcription);
  actions.retryFromHistory(listLocalSessions()[0] as never);
  await waitFor(() => kit.getState().phase.name === "naming");
  expect(audioDeleted()).toBe(false);
});

describe("two tabs", () => {
  afterEach(() => {
    // The test's flow, left naming, holds the recording: let go, so that the next test starts with no tab holding it.
    releaseRecordingLock("rec-1");
    Reflect.deleteProperty(navigator, "locks");
  });

  test("a recording another tab is sending is not sent again from this one: the user is told it is under way there", async () => {
    const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");
    const locks = sharedLocks();
    const { entry, kit, actions } = failedRecording();
    // The other tab's retry holds the recording's lock while it sends it.
    let otherTabDone!: () => void;
    void locks.request("coach-audio:rec-1", () => new Promise<void>((resolve) => (otherTabDone = resolve)));

    actions.retryFromHistory(entry);
    await waitFor(() => kit.getState().phase.name === "idle" && showToast.mock.calls.length > 0);
    expect(requestTranscription).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith({
      title: "Already Under Way",
      description: "This recording is already being sent from another tab. You can continue there.",
    });
    expect({ stillListed: stillListed(), audioDeleted: audioDeleted() }).toEqual({ stillListed: true, audioDeleted: false });

    // The other tab let go of it (its retry failed): this tab's next tap sends it.
    otherTabDone();
    await settle();
    requestTranscription.mockResolvedValueOnce(transcription);
    actions.retryFromHistory(entry);
    await waitFor(() => kit.getState().phase.name === "naming");
    expect(requestTranscription).toHaveBeenCalledTimes(1);
  });

  test("this tab's retry holds the recording while it sends it, and lets go when it fails, for any tab to retry", async () => {
    const locks = sharedLocks();
    const { entry, kit, actions } = failedRecording();
    let refuse!: (error: Error) => void;
    requestTranscription.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));

    actions.retryFromHistory(entry);
    await waitFor(() => requestTranscription.mock.calls.length === 1);
    // Another tab's attempt meanwhile (its tap, or the connection back there) finds the recording taken.
    const otherTab = await locks.request("coach-audio:rec-1", { ifAvailable: true }, (lock) => lock !== null);
    expect(otherTab).toBe(false);

    refuse(new TranscriptionRequestError("Service Unavailable", { status: 503 }));
    await waitFor(() => kit.getState().phase.name === "idle");
    await settle();
    expect(await locks.request("coach-audio:rec-1", { ifAvailable: true }, (lock) => lock !== null)).toBe(true);
  });
});
