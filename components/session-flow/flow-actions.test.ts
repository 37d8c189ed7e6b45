/**
 * @jest-environment jsdom
 */
import { OFFLINE_RECORDING_FAILURE, SET_ASIDE_RECORDING } from "@/lib/domain/transcription/transcription-errors";

import { createSessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { transcription, waitFor } from "./flow-test-fixtures";

jest.mock("./transcription", () => ({
  leaveTranscribedAudioForRecovery: jest.fn((custody: Set<string>) => custody.clear()),
  sendRecording: jest.fn(),
  retryLocalRecording: jest.fn(async () => ({ ok: false, failure: { kind: "other", message: "x", failedSessionId: undefined, localSession: null } })),
  releaseTranscribedAudio: jest.fn(async () => undefined),
}));
jest.mock("@/lib/client/recordings/recording-locks", () => ({
  ...jest.requireActual("@/lib/client/recordings/recording-locks"),
  tryHoldRecordingLock: jest.fn(),
  releaseRecordingLock: jest.fn(),
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn(async () => new Response("{}")) }));
const { leaveTranscribedAudioForRecovery, releaseTranscribedAudio, retryLocalRecording } = jest.requireMock("./transcription");
const { releaseRecordingLock, tryHoldRecordingLock } = jest.requireMock("@/lib/client/recordings/recording-locks");

// A transcribed recording's audio goes only once the flow holds its transcript nowhere but in memory
// (lib/domain/session-flow/transcript-custody.ts); the pure rule is tested there, its wiring here.

beforeEach(() => jest.clearAllMocks());

/** A flow whose recording `audioKey` was transcribed (sendRecording puts its key in the flow's custody) and is being named. */
function flowAtNaming(audioKey = "rec-1") {
  const kit = createFlowKit({ ...createFlowKit().getState(), phase: { name: "transcribing" } });
  createSessionFlowActions(kit);
  kit.transcribedAudio.add(audioKey);
  kit.dispatch({ type: "TRANSCRIBED", result: transcription });
  expect(kit.getState().phase.name).toBe("naming");
  return kit;
}

test("while naming and analysing the audio stays; once the session is analysed it goes", () => {
  const kit = flowAtNaming();
  kit.dispatch({ type: "NAMES_CONFIRMED" });
  expect(releaseTranscribedAudio).not.toHaveBeenCalled();
  kit.dispatch({ type: "ANALYSED", session: { id: "local-1" } as never });
  expect(releaseTranscribedAudio).toHaveBeenCalledWith(kit.transcribedAudio);
});

test("an analysis failure that kept nothing holds the audio; a retry that succeeds lets it go", () => {
  const kit = flowAtNaming();
  kit.dispatch({ type: "NAMES_CONFIRMED" });
  kit.dispatch({ type: "ANALYSIS_FAILED", dialog: "analysis-failed", retry: { keptId: null, named: null } });
  expect(releaseTranscribedAudio).not.toHaveBeenCalled();
  kit.dispatch({ type: "ANALYSIS_RETRY" });
  expect(kit.getState().phase.name).toBe("analysing");
  expect(releaseTranscribedAudio).not.toHaveBeenCalled();
  kit.dispatch({ type: "ANALYSED", session: { id: "local-1" } as never });
  expect(releaseTranscribedAudio).toHaveBeenCalledWith(kit.transcribedAudio);
});

test("closing the dialog of a failed analysis that could keep nothing leaves the audio to be listed for a retry, not deleted", () => {
  const kit = flowAtNaming();
  kit.dispatch({ type: "NAMES_CONFIRMED" });
  kit.dispatch({ type: "ANALYSIS_FAILED", dialog: "analysis-failed", retry: { keptId: null, named: null } });
  kit.dispatch({ type: "DIALOG_CLOSED" });
  expect(releaseTranscribedAudio).not.toHaveBeenCalled();
  expect(leaveTranscribedAudioForRecovery).toHaveBeenCalledTimes(1);
  expect(kit.transcribedAudio.size).toBe(0);
});

test("a retry of another recording over that dialog leaves the dropped one's audio for recovery, never in the new one's release", () => {
  const kit = flowAtNaming("rec-unkept");
  kit.dispatch({ type: "NAMES_CONFIRMED" });
  kit.dispatch({ type: "ANALYSIS_FAILED", dialog: "analysis-connection", retry: { keptId: null, named: null } });
  kit.dispatch({ type: "TRANSCRIPTION_RETRY" });
  expect(kit.getState().phase.name).toBe("transcribing");
  expect(leaveTranscribedAudioForRecovery).toHaveBeenCalledTimes(1);
  expect(kit.transcribedAudio.size).toBe(0);

  kit.transcribedAudio.add("rec-retried");
  kit.dispatch({ type: "TRANSCRIBED", result: transcription });
  kit.dispatch({ type: "NAMING_CLOSED" });
  expect(releaseTranscribedAudio).toHaveBeenCalledTimes(1);
  expect([...releaseTranscribedAudio.mock.calls[0]![0]]).toEqual(["rec-retried"]);
});

test("closing the naming lets the audio go (the user's choice)", () => {
  const kit = flowAtNaming();
  kit.dispatch({ type: "NAMING_CLOSED" });
  expect(releaseTranscribedAudio).toHaveBeenCalledWith(kit.transcribedAudio);
});

test("each flow lets go of its own recordings only: a flow left behind finishing its analysis leaves the new one's alone", () => {
  const left = flowAtNaming("rec-left");
  left.dispatch({ type: "NAMES_CONFIRMED" });
  const current = flowAtNaming("rec-current");

  left.dispatch({ type: "ANALYSED", session: { id: "local-1" } as never });

  expect(releaseTranscribedAudio).toHaveBeenCalledTimes(1);
  expect(releaseTranscribedAudio).toHaveBeenCalledWith(left.transcribedAudio);
  expect([...current.transcribedAudio]).toEqual(["rec-current"]);
});

test("back online, a waiting recording is sent by the tab that takes its lock, and by no other", async () => {
  localStorage.setItem(
    "local_sessions",
    JSON.stringify([
      {
        id: "local-1",
        isLocal: true,
        audioKey: "rec-1",
        mimeType: "audio/webm",
        timestamp: 1,
        failedTranscription: { error: "Connection error: Failed to fetch", attemptCount: 1 },
      },
    ]),
  );
  const tabs = [createFlowKit(), createFlowKit()].map((kit) => ({ kit, actions: createSessionFlowActions(kit) }));
  // The first tab takes the lock, the second finds it taken; the first's retry then finds the lock its own.
  tryHoldRecordingLock.mockResolvedValueOnce(true).mockResolvedValueOnce(false).mockResolvedValue(true);

  await Promise.all(tabs.map(({ actions }) => actions.sendWaitingRecording()));

  expect(tryHoldRecordingLock).toHaveBeenCalledWith("rec-1");
  await waitFor(() => retryLocalRecording.mock.calls.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(retryLocalRecording).toHaveBeenCalledTimes(1);
  expect(tabs[1]!.kit.getState().phase.name).toBe("idle");
});

test("back online, only a recording that failed for want of a connection is sent: the newest such, past one set aside and one too long", async () => {
  const failed = (id: number, error: string) => ({
    id: `local-${id}`,
    isLocal: true,
    audioKey: `rec-${id}`,
    mimeType: "audio/webm",
    timestamp: id,
    failedTranscription: { error, attemptCount: 1 },
  });
  localStorage.setItem(
    "local_sessions",
    JSON.stringify([
      failed(3, SET_ASIDE_RECORDING),
      failed(4, "Recording is too long to transcribe in one piece."),
      failed(2, OFFLINE_RECORDING_FAILURE),
      failed(1, "Connection error: Failed to fetch"),
    ]),
  );
  const kit = createFlowKit();
  const actions = createSessionFlowActions(kit);
  tryHoldRecordingLock.mockResolvedValue(true);

  await actions.sendWaitingRecording();
  expect(tryHoldRecordingLock).toHaveBeenCalledTimes(1);
  expect(tryHoldRecordingLock).toHaveBeenCalledWith("rec-2");

  localStorage.setItem("local_sessions", JSON.stringify([failed(3, SET_ASIDE_RECORDING), failed(4, "Recording is too long to transcribe in one piece.")]));
  tryHoldRecordingLock.mockClear();
  await actions.sendWaitingRecording();
  expect(tryHoldRecordingLock).not.toHaveBeenCalled();
});

test("back online, a waiting recording whose retry is overtaken by a new recording lets go of its lock for other tabs", async () => {
  localStorage.setItem(
    "local_sessions",
    JSON.stringify([
      {
        id: "local-2",
        isLocal: true,
        audioKey: "rec-2",
        mimeType: "audio/webm",
        timestamp: 1,
        failedTranscription: { error: "Connection error: Failed to fetch", attemptCount: 1 },
      },
    ]),
  );
  const kit = createFlowKit();
  const actions = createSessionFlowActions(kit);
  tryHoldRecordingLock.mockResolvedValue(true);

  await actions.sendWaitingRecording();
  // The retry first sets the mode the recording was made in (it reads this device's audio): a tap on Record lands meanwhile.
  kit.dispatch({ type: "START" });
  expect(kit.getState().phase.name).not.toBe("idle");

  await waitFor(() => releaseRecordingLock.mock.calls.length === 1);
  expect(releaseRecordingLock).toHaveBeenCalledWith("rec-2");
  expect(retryLocalRecording).not.toHaveBeenCalled();
});
