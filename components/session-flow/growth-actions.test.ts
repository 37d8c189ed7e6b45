/**
 * @jest-environment jsdom
 */
import { deserialize, serialize } from "node:v8";
import { IDBKeyRange, indexedDB } from "fake-indexeddb";

import { GROWTH_TIMING_MS } from "@/components/growth/texts";
import { onSessionsChanged } from "@/lib/client/events";
import { listStoredRecordings } from "@/lib/client/recordings/audio-store";
import { readLocalSessionRecord, upsertLocalSessionRecord, type LocalSession } from "@/lib/client/recordings/local-recordings";
import { DEFAULT_RECOMMENDATIONS } from "@/lib/domain/analysis/summary";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import type { ResultsPhase } from "@/lib/domain/session-flow/machine";

import { createFlowKit } from "./flow-kit";
import { completedSession, transcription, waitFor } from "./flow-test-fixtures";
import { createGrowthActions } from "./growth-actions";
import { createRecordingActions } from "./recording-actions";

// A guest's growth follow-up against failures: what this device keeps, what Try Again sends, and the retry of a follow-up
// whose upload failed, from the history back into its session.

jest.mock("@/lib/client/wait", () => ({ wait: jest.fn(async () => undefined) }));
jest.mock("./transcription", () => ({
  sendRecording: jest.fn(),
  retryLocalRecording: jest.fn(),
  leaveTranscribedAudioForRecovery: jest.fn((custody: Set<string>) => custody.clear()),
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { appendTranscript: jest.fn(), get: jest.fn() },
}));

const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");
const { wait } = jest.requireMock("@/lib/client/wait");
const { retryLocalRecording, sendRecording, leaveTranscribedAudioForRecovery } = jest.requireMock("./transcription");

/** The history's entry of a follow-up whose upload failed (lib/client/recordings/local-recordings). */
const failedFollowUp: LocalSession = {
  id: "local-2",
  name: "Recording",
  isLocal: true,
  mimeType: "audio/webm",
  size: 100,
  createdAt: "2026-11-02T10:00:00.000Z",
  timestamp: Date.parse("2026-11-02T10:00:00.000Z"),
  audioKey: "rec-2",
  failedTranscription: { error: "Service Unavailable", timestamp: "2026-11-02T10:00:01.000Z", attemptCount: 1 },
  followUpOf: "local-1",
};

const earlierFollowUp = { transcript: "Maya: We said Fridays.", createdAt: "2026-11-01T10:00:00.000Z", speakerNames: { A: "Maya" } };
const earlierCommitment = {
  id: "local-commitment-1",
  sessionId: "local-1",
  text: "Walk together on Fridays",
  who: "both",
  byWhen: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  outcome: null,
  outcomeAt: null,
};

const guestSession: ClientSession = completedSession({
  followUpTranscripts: [earlierFollowUp],
  commitments: [earlierCommitment] as ClientSession["commitments"],
  signals: { version: 1, turns: 2, labelled: false },
});

/** The follow-up as the naming step writes it: each line with the speaker's name. */
const namedFollowUp = "Maya: We never get time for us.\nJon: Then let's plan Saturday.";
const recountedSignals = { version: 1, turns: 4, labelled: true };
const partialFailure = {
  status: "partial_failure",
  error: "Analysis generation failed: both providers failed",
  commitments: [{ text: "Cook together on Saturday", who: "both", byWhen: "Saturday" }],
  signals: recountedSignals,
};

// Each flow is torn down after its test: a signed-in session's refresh 1.5 s after the overlay closed must not run into
// the next test's mocks.
const kits: ReturnType<typeof createFlowKit>[] = [];
afterEach(() => kits.splice(0).forEach((kit) => kit.dispose()));

/** A flow at the naming step of a growth follow-up over a session's completion screen (the guest's unless told). */
function atGrowthNaming(session: ClientSession = guestSession) {
  const kit = createFlowKit();
  kits.push(kit);
  if (session.isLocal) upsertLocalSessionRecord({ ...session });
  kit.dispatch({ type: "OPENED", session });
  kit.dispatch({ type: "GROWTH_OPENED" });
  kit.dispatch({ type: "GROWTH_CAPTURE_STARTED", at: Date.now() });
  kit.dispatch({ type: "GROWTH_STOPPED" });
  kit.dispatch({ type: "GROWTH_TRANSCRIBED", result: transcription });
  const growth = createGrowthActions(kit);
  const phase = () => kit.getState().phase;
  const growthState = () => {
    const current = phase();
    return current.name === "results" ? current.growth : null;
  };
  const openSession = () => {
    const current = phase();
    if (current.name !== "results") throw new Error(`not on the results: ${current.name}`);
    return current.session;
  };
  expect(growthState()?.name).toBe("naming");
  return { kit, growth, growthState, openSession };
}

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

test("a guest's partial failure keeps the follow-up, its commitment and the recounted signals, on the device and on screen", async () => {
  const flow = atGrowthNaming();
  sessionApi.appendTranscript.mockResolvedValueOnce(partialFailure);

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  await waitFor(() => flow.growthState()?.name === "failed");

  const stored = readLocalSessionRecord("local-1") as unknown as ClientSession;
  expect(stored.followUpTranscripts?.map((item) => item.transcript)).toEqual([earlierFollowUp.transcript, namedFollowUp]);
  expect(stored.commitments?.map((item) => item.text)).toEqual(["Walk together on Fridays", "Cook together on Saturday"]);
  expect(stored.signals).toEqual(recountedSignals);
  // The open session holds the same, so that Cancel below writes it back rather than the session as it was before.
  expect(flow.openSession().followUpTranscripts).toEqual(stored.followUpTranscripts);

  flow.growth.finishWithGenericRecommendations();
  const afterCancel = readLocalSessionRecord("local-1") as unknown as ClientSession;
  expect(afterCancel.followUpTranscripts).toHaveLength(2);
  expect(afterCancel.commitments?.map((item) => item.text)).toEqual(["Walk together on Fridays", "Cook together on Saturday"]);
  expect(afterCancel.signals).toEqual(recountedSignals);
});

test("Try Again after a guest's failure sends the follow-up once: the kept copy is not among the earlier follow-ups", async () => {
  const flow = atGrowthNaming();
  sessionApi.appendTranscript.mockRejectedValueOnce(new TypeError("Failed to fetch"));

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  await waitFor(() => flow.growthState()?.name === "failed");
  expect((readLocalSessionRecord("local-1") as unknown as ClientSession).followUpTranscripts).toHaveLength(2);

  sessionApi.appendTranscript.mockResolvedValueOnce({
    status: "ok",
    summary: "Saturdays are yours",
    recommendations: ["Plan Saturday together"],
    analysis: { mutualGrowthCard: { dimension: "Mutual Aspirations & Growth", insight: "Time together.", tips: [] } },
    commitments: [{ text: "Cook together on Saturday", who: "both", byWhen: "Saturday" }],
    signals: recountedSignals,
  });
  flow.growth.tryAgain();
  // A second tap, and Cancel, while it runs: neither does anything (the regeneration would be paid twice, or the generic
  // recommendations shown replaced by the late outcome).
  expect(flow.growthState()).toMatchObject({ name: "failed", retrying: true });
  flow.growth.tryAgain();
  flow.growth.finishWithGenericRecommendations();
  expect(flow.growthState()).toMatchObject({ name: "failed", retrying: true });
  await waitFor(() => flow.growthState() === null);
  expect(sessionApi.appendTranscript).toHaveBeenCalledTimes(2);

  const [, body] = sessionApi.appendTranscript.mock.calls[1]!;
  expect(body.transcript).toBe(namedFollowUp);
  expect(body.context.followUps).toHaveLength(1);
  const finished = flow.openSession();
  expect(finished.followUpTranscripts).toHaveLength(2);
  expect(finished.summary).toBe("Saturdays are yours");
  expect(finished.commitments?.map((item) => item.text)).toEqual(["Walk together on Fridays", "Cook together on Saturday"]);
});

test("a follow-up whose upload failed, retried from the history, comes back to its session to be named and appended", async () => {
  const kit = createFlowKit();
  upsertLocalSessionRecord({ ...guestSession });
  const recording = createRecordingActions(kit, { goHome: jest.fn() });
  const growth = createGrowthActions(kit);
  retryLocalRecording.mockResolvedValueOnce({ ok: true, result: transcription });

  recording.retryTranscription({ ...failedFollowUp });
  await waitFor(() => kit.getState().phase.name === "results");
  const phase = kit.getState().phase as ResultsPhase;
  expect(phase.session.id).toBe("local-1");
  expect(phase.growth).toEqual({ name: "naming", transcription });

  sessionApi.appendTranscript.mockResolvedValueOnce({ status: "ok", summary: "Saturdays are yours", recommendations: [], analysis: {}, commitments: [] });
  await growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  await waitFor(() => (kit.getState().phase as ResultsPhase).growth === null);
  expect(sessionApi.appendTranscript).toHaveBeenCalledWith("local-1", expect.objectContaining({ transcript: namedFollowUp }));
  expect((readLocalSessionRecord("local-1") as unknown as ClientSession).followUpTranscripts).toHaveLength(2);
});

test("a follow-up whose session is gone goes on as a recording of its own", async () => {
  const kit = createFlowKit();
  const recording = createRecordingActions(kit, { goHome: jest.fn() });
  retryLocalRecording.mockResolvedValueOnce({ ok: true, result: transcription });

  recording.retryTranscription({ ...failedFollowUp, followUpOf: "local-gone" });
  await waitFor(() => kit.getState().phase.name === "naming");
});

test("the naming step's close lets the follow-up go and leaves the completion screen as it was", () => {
  const { growth, growthState, kit } = atGrowthNaming();
  growth.closeNaming();
  expect(growthState()).toBeNull();
  expect(kit.getState().phase.name).toBe("results");
});

test("signed in: a follow-up that never reached the server, closed after Try Again failed too, waits on this device to be sent", async () => {
  const signedIn = { ...guestSession, id: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", isLocal: false };
  const { growth, growthState } = atGrowthNaming(signedIn);
  sessionApi.appendTranscript.mockRejectedValue(new TypeError("Failed to fetch"));

  await growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  await waitFor(() => growthState()?.name === "failed");
  growth.tryAgain();
  await waitFor(() => growthState()?.name === "failed" && (growthState() as { dialog: string }).dialog === "generation-failed-again");
  growth.close();

  expect(growthState()).toBeNull();
  const pending = JSON.parse(localStorage.getItem("pending_follow_ups") ?? "[]");
  expect(pending).toEqual([expect.objectContaining({ sessionId: signedIn.id, followUp: expect.objectContaining({ transcript: namedFollowUp }) })]);
  sessionApi.appendTranscript.mockReset();
});

test("signed in: with the queue of follow-ups to send full, the closed follow-up's audio is left to retry, and no queued one is dropped", async () => {
  const queued = Array.from({ length: 20 }, (_, index) => ({ sessionId: `s${index}`, followUp: { transcript: `Commitment ${index}` } }));
  localStorage.setItem("pending_follow_ups", JSON.stringify(queued));
  const signedIn = { ...guestSession, id: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", isLocal: false };
  const { growth, growthState } = atGrowthNaming(signedIn);
  sessionApi.appendTranscript.mockRejectedValue(new TypeError("Failed to fetch"));

  await growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  await waitFor(() => growthState()?.name === "failed");
  growth.close();

  expect(JSON.parse(localStorage.getItem("pending_follow_ups") ?? "[]")).toEqual(queued);
  expect(leaveTranscribedAudioForRecovery).toHaveBeenCalled();
  sessionApi.appendTranscript.mockReset();
});

const earlierOutcome = { summary: "You found time for each other.", recommendations: ["Plan Saturday together", DEFAULT_RECOMMENDATIONS[1]!] };

test("Cancel after a failed append keeps the old summary and adds the generic recommendations to the session's own", async () => {
  const flow = atGrowthNaming({ ...guestSession, ...earlierOutcome });
  sessionApi.appendTranscript.mockRejectedValueOnce(new TypeError("Failed to fetch"));

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  flow.growth.finishWithGenericRecommendations();

  const expected = ["Plan Saturday together", DEFAULT_RECOMMENDATIONS[1], DEFAULT_RECOMMENDATIONS[0], DEFAULT_RECOMMENDATIONS[2]];
  expect(flow.growthState()).toBeNull();
  expect(flow.openSession()).toMatchObject({ summary: earlierOutcome.summary, recommendations: expected });
  expect(readLocalSessionRecord("local-1")).toMatchObject({ summary: earlierOutcome.summary, recommendations: expected });
});

test("signed in: Cancel after the updated session could not be fetched keeps the old summary, the generic recommendations added", async () => {
  const signedIn = { ...guestSession, ...earlierOutcome, id: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", isLocal: false };
  const flow = atGrowthNaming(signedIn);
  sessionApi.appendTranscript.mockResolvedValueOnce({ status: "ok" });
  sessionApi.get.mockRejectedValueOnce(new TypeError("Failed to fetch"));

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  expect(flow.growthState()).toEqual({ name: "failed", dialog: "loading-failed" });
  flow.growth.finishWithGenericRecommendations();

  expect(flow.openSession()).toMatchObject({
    summary: earlierOutcome.summary,
    recommendations: ["Plan Saturday together", DEFAULT_RECOMMENDATIONS[1], DEFAULT_RECOMMENDATIONS[0], DEFAULT_RECOMMENDATIONS[2]],
  });
});

test("signed in: a follow-up stored in the account whose updated session cannot be fetched tells the history the sessions changed", async () => {
  const signedIn = { ...guestSession, ...earlierOutcome, id: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", isLocal: false };
  const flow = atGrowthNaming(signedIn);
  sessionApi.appendTranscript.mockResolvedValueOnce({ status: "ok" });
  sessionApi.get.mockRejectedValue(new TypeError("Failed to fetch"));
  const changed = jest.fn();
  const stop = onSessionsChanged(changed);

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  expect(flow.growthState()).toEqual({ name: "failed", dialog: "loading-failed" });
  // "Unable to Load Analysis" sends the user to the history: its card must count the follow-up the account now holds.
  expect(changed).toHaveBeenCalled();
  stop();
  sessionApi.get.mockReset();
});

test("signed in: a partial failure's answer (the account's session, the follow-up stored) is on screen for the dialog's View Transcript", async () => {
  const signedIn = { ...guestSession, ...earlierOutcome, id: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", isLocal: false };
  const flow = atGrowthNaming(signedIn);
  const storedFollowUp = { transcript: namedFollowUp, createdAt: "2026-11-03T10:00:00.000Z" };
  const accountCommitment = { ...earlierCommitment, id: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a78", sessionId: signedIn.id, text: "Cook together on Saturday" };
  sessionApi.appendTranscript.mockResolvedValueOnce({
    ...signedIn,
    followUpTranscripts: [earlierFollowUp, storedFollowUp],
    commitments: [accountCommitment],
    signals: recountedSignals,
    status: "partial_failure",
    error: "Analysis generation failed: both providers failed",
  });

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  await waitFor(() => flow.growthState()?.name === "failed");
  expect(flow.openSession().followUpTranscripts?.map((item) => item.transcript)).toEqual([earlierFollowUp.transcript, namedFollowUp]);
  expect(flow.openSession().commitments?.map((item) => item.text)).toEqual(["Cook together on Saturday"]);
  expect(flow.openSession().signals).toEqual(recountedSignals);
  expect(flow.openSession().summary).toBe(earlierOutcome.summary);
});

test("Cancel over a session without recommendations finishes with the three generic ones", async () => {
  const flow = atGrowthNaming({ ...guestSession, recommendations: null });
  sessionApi.appendTranscript.mockRejectedValueOnce(new TypeError("Failed to fetch"));

  await flow.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  flow.growth.finishWithGenericRecommendations();

  expect(flow.openSession().recommendations).toEqual(DEFAULT_RECOMMENDATIONS);
});

describe("the hidden recorder", () => {
  /** A browser's MediaRecorder: its last chunk, then "stop", after stop() returns. */
  class FakeMediaRecorder extends EventTarget {
    static isTypeSupported = () => true;
    static instances: FakeMediaRecorder[] = [];
    state: RecordingState = "inactive";
    mimeType = "audio/webm;codecs=opus";
    constructor() {
      super();
      FakeMediaRecorder.instances.push(this);
    }
    start() {
      this.state = "recording";
    }
    stop() {
      this.state = "inactive";
      setTimeout(() => {
        this.dispatchEvent(Object.assign(new Event("dataavailable"), { data: new Blob([new Uint8Array([1, 2])], { type: this.mimeType }) }));
        this.dispatchEvent(new Event("stop"));
      }, 0);
    }
  }

  beforeAll(() => {
    globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
    Object.assign(globalThis, { indexedDB, IDBKeyRange, MediaRecorder: FakeMediaRecorder });
  });

  /** The growth card opened over the completion screen, the microphone not granted yet. */
  function openedBeforeTheMicrophone(session: ClientSession = guestSession) {
    let grantMicrophone!: (stream: unknown) => void;
    const track = { stop: jest.fn(), readyState: "live", addEventListener: () => undefined };
    const microphone = { getTracks: () => [track], getAudioTracks: () => [track], addEventListener: () => undefined };
    Object.defineProperty(navigator, "mediaDevices", {
      value: { getUserMedia: () => new Promise((resolve) => (grantMicrophone = resolve)) },
      configurable: true,
    });
    const kit = createFlowKit();
    kit.dispatch({ type: "OPENED", session });
    const growth = createGrowthActions(kit);
    const opening = growth.open();
    const growthState = () => (kit.getState().phase as ResultsPhase).growth;
    const running = () => FakeMediaRecorder.instances.filter((recorder) => recorder.state === "recording");
    const recordingInStore = async () => (await listStoredRecordings()).filter((recording) => recording.status === "recording");
    const openSession = () => (kit.getState().phase as ResultsPhase).session;
    return { growth, opening, track, growthState, running, recordingInStore, session: openSession, grant: () => grantMicrophone(microphone) };
  }

  test("a swipe right before it has started does what the disabled Next does: nothing; once it runs, Next stops and sends it", async () => {
    const flow = openedBeforeTheMicrophone();
    sendRecording.mockResolvedValueOnce({ ok: true, result: transcription });

    await flow.growth.send();
    expect(flow.growthState()).toEqual({ name: "recording", startedAt: null });
    flow.grant();
    await flow.opening;
    expect(flow.growthState()).toEqual({ name: "recording", startedAt: expect.any(Number) });
    expect(flow.running()).toHaveLength(1);

    await flow.growth.send();

    expect(flow.growthState()).toEqual({ name: "naming", transcription });
    expect(sendRecording).toHaveBeenCalledTimes(1);
    expect({ runningRecorders: flow.running().length, recordingInStore: (await flow.recordingInStore()).length }).toEqual({
      runningRecorders: 0,
      recordingInStore: 0,
    });
    expect(flow.track.stop).toHaveBeenCalled();
  });

  test("Previous before it has started closes the card, and the microphone granted later is released, nothing recorded", async () => {
    const flow = openedBeforeTheMicrophone();

    await flow.growth.send();
    flow.growth.cancel();
    flow.grant();
    await flow.opening;
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(flow.growthState()).toBeNull();
    expect(flow.running()).toHaveLength(0);
    expect(await flow.recordingInStore()).toEqual([]);
    expect(flow.track.stop).toHaveBeenCalled();
  });

  test("signed in: a session deleted meanwhile (404) stops the follow-up's recording at once, with the spec's error", async () => {
    const { SessionApiError } = jest.requireActual("@/lib/client/sessions/session-api");
    const accountSession = completedSession({ id: "a3aaa53e-5aa2-4330-a018-93b173602a41", isLocal: false });
    sessionApi.get.mockRejectedValueOnce(new SessionApiError("Session not found", { status: 404 }));
    const flow = openedBeforeTheMicrophone(accountSession);
    await waitFor(() => flow.growthState() === null);
    // Asked of the account only: a 401 (no token for now) must not become the public variant's certain 404.
    expect(sessionApi.get).toHaveBeenCalledWith(accountSession.id, expect.objectContaining({ timeoutMs: 5000, accountOnly: true }));
    expect(showToast).toHaveBeenCalledWith({
      title: "Error",
      description: "Session not found or inaccessible: a3aaa53e-5aa2-4330-a018-93b173602a41",
      variant: "destructive",
    });
    flow.grant();
    await flow.opening;
    expect(flow.running()).toHaveLength(0);
    expect(await flow.recordingInStore()).toEqual([]);
    expect(flow.track.stop).toHaveBeenCalled();
  });

  test.each([
    ["cannot reach the server", new TypeError("Failed to fetch")],
    ["finds the sign-in unreadable for now (401)", "401"],
  ])("signed in: a check that %s lets the follow-up record (it waits to be sent, as before)", async (_, failure) => {
    const { SessionApiError } = jest.requireActual("@/lib/client/sessions/session-api");
    const accountSession = completedSession({ id: "a3aaa53e-5aa2-4330-a018-93b173602a41", isLocal: false });
    sessionApi.get.mockRejectedValueOnce(failure === "401" ? new SessionApiError("Unauthorized", { status: 401 }) : failure);
    const flow = openedBeforeTheMicrophone(accountSession);
    flow.grant();
    await flow.opening;
    expect(flow.growthState()).toEqual({ name: "recording", startedAt: expect.any(Number) });
    expect(flow.running()).toHaveLength(1);
    expect(showToast).not.toHaveBeenCalled();
    flow.growth.cancel();
  });

  test("an unexpected error falls back to three generic recommendations after 1 s, the old summary kept", async () => {
    const flow = openedBeforeTheMicrophone({ ...guestSession, ...earlierOutcome });
    flow.grant();
    await flow.opening;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    sendRecording.mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'segments')"));
    const shownDuringTheWait: unknown[] = [];
    wait.mockImplementationOnce(async (ms: number) => void shownDuringTheWait.push({ ms, growth: flow.growthState() }));

    await flow.growth.send();

    expect(shownDuringTheWait).toEqual([{ ms: GROWTH_TIMING_MS.unexpectedFallback, growth: { name: "transcribing" } }]);
    expect(GROWTH_TIMING_MS.unexpectedFallback).toBe(1000);
    expect(flow.growthState()).toBeNull();
    expect(flow.session()).toMatchObject({ summary: earlierOutcome.summary, recommendations: DEFAULT_RECOMMENDATIONS });
    // The follow-up failed before it was named, so the session kept has none of it: its audio is left for a retry.
    expect(leaveTranscribedAudioForRecovery).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
