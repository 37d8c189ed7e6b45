/**
 * @jest-environment jsdom
 */
import { FOLLOW_UP_OF_EXTRA } from "@/lib/client/recordings/audio-store";

import { createAnalysisActions } from "./analysis-actions";
import { createSessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { completedSession, transcription, waitFor } from "./flow-test-fixtures";
import { createGrowthActions } from "./growth-actions";
import { createRecordingActions } from "./recording-actions";
import { createSoloActions, type CoachSession, type StartCoach } from "./solo-actions";

// The home page going away mid-recording (a footer link, Back, a sign-in page): the provider tears the flow down
// (kit.dispose). Whatever still records is stopped, its audio kept and let go for the history to list; a live coach ends.

const fakeRecorder = { id: "rec-9", state: "recording", start: jest.fn(), stop: jest.fn(), cancel: jest.fn() };
jest.mock("@/lib/client/recordings/recorder", () => ({
  ...jest.requireActual("@/lib/client/recordings/recorder"),
  createAudioRecorder: () => fakeRecorder,
}));
jest.mock("@/lib/client/recordings/recording-support", () => ({ isRecordingSupported: () => true }));
jest.mock("@/lib/client/recordings/recording-locks", () => ({ releaseRecordingLock: jest.fn(), holdRecordingLock: jest.fn(() => true) }));
jest.mock("@/lib/client/recordings/audio-store", () => ({
  ...jest.requireActual("@/lib/client/recordings/audio-store"),
  putRecordingExtra: jest.fn(async () => true),
}));
jest.mock("./transcription", () => ({
  sendRecording: jest.fn(),
  retryLocalRecording: jest.fn(),
  leaveTranscribedAudioForRecovery: jest.fn(),
  releaseTranscribedAudio: jest.fn(async () => undefined),
}));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn(async () => new Response("{}")) }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));

const { releaseRecordingLock } = jest.requireMock("@/lib/client/recordings/recording-locks");
const { putRecordingExtra } = jest.requireMock("@/lib/client/recordings/audio-store");
const { sendRecording, leaveTranscribedAudioForRecovery } = jest.requireMock("./transcription");

const micTrack = { stop: jest.fn() };

beforeEach(() => {
  jest.clearAllMocks();
  fakeRecorder.start.mockResolvedValue(undefined);
  fakeRecorder.stop.mockResolvedValue({ id: "rec-9", mimeType: "audio/webm", size: 100, durationMs: 2000, storedLocally: true, blob: new Blob(["x"]) });
  fakeRecorder.cancel.mockResolvedValue(undefined);
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: jest.fn(async () => ({ getTracks: () => [micTrack] })) },
  });
});

test("a relationship recording running when the page goes is stopped, kept and let go for the history, not sent", async () => {
  const kit = createFlowKit();
  const recording = createRecordingActions(kit, { goHome: jest.fn() });
  recording.start();
  await recording.beginCapture();
  expect(kit.getState().phase.name).toBe("recording");

  kit.dispose();

  await waitFor(() => releaseRecordingLock.mock.calls.length > 0);
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
  expect(fakeRecorder.cancel).not.toHaveBeenCalled();
  expect(releaseRecordingLock).toHaveBeenCalledWith("rec-9");
  expect(sendRecording).not.toHaveBeenCalled();
  // Stopped once: a later Stop (or a second teardown) finds nothing left to stop.
  recording.stop();
  kit.dispose();
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
});

test("a recording whose microphone was still opening when the page goes is stopped once it opens", async () => {
  let opened!: () => void;
  fakeRecorder.start.mockReturnValue(new Promise<void>((resolve) => (opened = resolve)));
  const kit = createFlowKit();
  const recording = createRecordingActions(kit, { goHome: jest.fn() });
  recording.start();
  const capturing = recording.beginCapture();

  kit.dispose();
  opened();
  await capturing;

  await waitFor(() => releaseRecordingLock.mock.calls.length > 0);
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
});

test("a growth follow-up recording when the page goes is kept tied to its session", async () => {
  const kit = createFlowKit();
  const growth = createGrowthActions(kit);
  kit.dispatch({ type: "OPENED", session: completedSession({ id: "local-42" }) });
  await growth.open();

  kit.dispose();

  await waitFor(() => releaseRecordingLock.mock.calls.length > 0);
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
  expect(putRecordingExtra).toHaveBeenCalledWith("rec-9", FOLLOW_UP_OF_EXTRA, "local-42");
  expect(releaseRecordingLock).toHaveBeenCalledWith("rec-9");
  expect(putRecordingExtra.mock.invocationCallOrder[0]).toBeLessThan(releaseRecordingLock.mock.invocationCallOrder[0]);
});

test("a journal's live coach and its microphone end when the page goes", async () => {
  const session: CoachSession & { stop: jest.Mock } = { sendGuide: jest.fn(), stop: jest.fn() };
  const startCoach: StartCoach = jest.fn(async () => session);
  const kit = createFlowKit();
  const hooks = { speakerName: () => "Maya", afterTranscribed: jest.fn() };
  const recording = createRecordingActions(kit, { goHome: jest.fn(), solo: hooks });
  const solo = createSoloActions(kit, {
    recording,
    analysis: createAnalysisActions(kit),
    loadCoach: async () => startCoach,
    errorTexts: { couldNotStart: "Could not start session", voiceCoachErrorTitle: "Voice Coach Error" },
  });
  kit.dispatch({ type: "MODE_CHANGED", mode: "solo" });
  solo.start({ signedIn: true, userName: "Maya" });
  solo.beginCountdown(document.createElement("audio"));
  await waitFor(() => (startCoach as jest.Mock).mock.calls.length === 1);
  await solo.beginCapture();
  await Promise.resolve();

  kit.dispose();

  expect(session.stop).toHaveBeenCalledTimes(1);
  expect(micTrack.stop).toHaveBeenCalled();
  await waitFor(() => releaseRecordingLock.mock.calls.length > 0);
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
});

/** The whole flow recording, its stop's upload answered by `answer` (the transcript's audio then in the flow's custody). */
async function recordAndStop(answer: Promise<unknown>) {
  const kit = createFlowKit();
  const actions = createSessionFlowActions(kit);
  actions.recording.start();
  await actions.recording.beginCapture();
  sendRecording.mockImplementationOnce(async (_recording: unknown, _options: unknown, custody: Set<string>) => {
    const outcome = await answer;
    custody.add("rec-9");
    return outcome;
  });
  actions.recording.stop();
  await waitFor(() => sendRecording.mock.calls.length === 1);
  return { kit, actions };
}

test("a transcript waiting for its speakers' names when the page goes has its audio left for the history to list", async () => {
  const { kit } = await recordAndStop(Promise.resolve({ ok: true, result: transcription }));
  await waitFor(() => kit.getState().phase.name === "naming");
  expect(leaveTranscribedAudioForRecovery).not.toHaveBeenCalled();

  kit.dispose();

  expect(leaveTranscribedAudioForRecovery).toHaveBeenCalledWith(kit.transcribedAudio);
});

test("an upload under way when the page goes is let finish; its transcript, with nobody to name it, has its audio left", async () => {
  let arrive!: () => void;
  const { kit } = await recordAndStop(new Promise((resolve) => (arrive = () => resolve({ ok: true, result: transcription }))));
  expect(kit.getState().phase.name).toBe("transcribing");

  kit.dispose();
  expect(leaveTranscribedAudioForRecovery).not.toHaveBeenCalled();
  arrive();

  await waitFor(() => leaveTranscribedAudioForRecovery.mock.calls.length === 1);
  expect(leaveTranscribedAudioForRecovery).toHaveBeenCalledWith(kit.transcribedAudio);
});

test("an analysis under way when the page goes keeps the audio: it may yet store the session", async () => {
  const { kit } = await recordAndStop(Promise.resolve({ ok: true, result: transcription }));
  await waitFor(() => kit.getState().phase.name === "naming");
  kit.dispatch({ type: "NAMES_CONFIRMED" });

  kit.dispose();

  expect(kit.getState().phase.name).toBe("analysing");
  expect(leaveTranscribedAudioForRecovery).not.toHaveBeenCalled();
});
