/**
 * @jest-environment jsdom
 */
import { FAILURE_TEXTS, LIMIT_TEXTS, RECORDING_TEXTS } from "@/components/recording/texts";
import { SOLO_TEXTS } from "@/components/solo/texts";
import { MICROPHONE_OPEN_TIMEOUT_MS } from "@/lib/client/recordings/open-microphone";
import { RECORDER_MESSAGES, RecorderError } from "@/lib/client/recordings/recorder";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { createAnalysisActions } from "./analysis-actions";
import { createFlowKit } from "./flow-kit";
import { audio, waitFor } from "./flow-test-fixtures";
import { createRecordingActions } from "./recording-actions";
import { createSoloActions, type CoachSession, type StartCoach, type StartTranscriptAid } from "./solo-actions";

// Solo Journal's side effects against fakes of the microphone, the upload, the analysis and the live coach: the journal
// is recorded and analysed in solo mode with or without the coach, and the coach's failures never cost the recording.

const fakeRecorder = { start: jest.fn(), stop: jest.fn(), cancel: jest.fn() };
jest.mock("@/lib/client/recordings/recorder", () => ({
  ...jest.requireActual("@/lib/client/recordings/recorder"),
  createAudioRecorder: () => fakeRecorder,
}));
jest.mock("@/lib/client/recordings/recording-support", () => ({ isRecordingSupported: () => true }));
jest.mock("./transcription", () => ({
  sendRecording: jest.fn(),
  retryLocalRecording: jest.fn(),
  leaveTranscribedAudioForRecovery: jest.fn(),
  // The real one: a kept recording is the history's list entry in localStorage.
  keepFailedRecording: jest.fn((...args: unknown[]) => jest.requireActual("./transcription").keepFailedRecording(...args)),
}));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiRequest: jest.fn(async () => new Response("{}")) }));
jest.mock("@/lib/client/analysis/analyze-client", () => ({ ...jest.requireActual("@/lib/client/analysis/analyze-client"), requestAnalysis: jest.fn() }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/recordings/audio-store", () => ({ ...jest.requireActual("@/lib/client/recordings/audio-store"), listStoredRecordings: jest.fn() }));

const { sendRecording, retryLocalRecording } = jest.requireMock("./transcription");
const { requestAnalysis } = jest.requireMock("@/lib/client/analysis/analyze-client");
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");
const { listStoredRecordings } = jest.requireMock("@/lib/client/recordings/audio-store");

const ERROR_TEXTS = { couldNotStart: "Could not start session", voiceCoachErrorTitle: "Voice Coach Error" };
const analysisAnswer = { cards: [{ dimension: "Curiosity", insight: "You wondered aloud.", tips: [] }], briefSummary: "A slower week" };
const spoken: TranscriptionResultData = {
  transcript: "I want a slower week. I miss our walks.",
  segments: [
    { speaker: "SPEAKER_01", text: "I want a slower week.", start: 0, end: 2 },
    { speaker: "SPEAKER_02", text: "I miss our walks.", start: 2, end: 4 },
  ],
  speakers: {},
  speakerStats: { SPEAKER_01: { totalTime: 2, wordCount: 5, segments: 1 }, SPEAKER_02: { totalTime: 2, wordCount: 4, segments: 1 } },
  fallback: false,
};
const silent: TranscriptionResultData = { transcript: "", segments: [], speakers: {}, speakerStats: {}, fallback: false };
const hotChili = { headline: "Hot Chili", description: "A disagreement that heats up quickly." };
const lemons = { headline: "Life's Lemons", description: "A hard stretch." };

type CoachOptions = Parameters<StartCoach>[0];

function setUp(startCoach: StartCoach | null = null, startAid: StartTranscriptAid | null = null) {
  const kit = createFlowKit();
  const hooks = { speakerName: () => solo.speakerName(), afterTranscribed: (result: TranscriptionResultData) => solo.afterTranscribed(result) };
  const recording = createRecordingActions(kit, { goHome: jest.fn(), solo: hooks });
  const analysis = createAnalysisActions(kit);
  const solo = createSoloActions(kit, {
    recording,
    analysis,
    loadCoach: async () => startCoach,
    loadTranscriptAid: async () => startAid,
    errorTexts: ERROR_TEXTS,
  });
  kit.dispatch({ type: "MODE_CHANGED", mode: "solo" });
  return { kit, solo, recording };
}

function fakeCoach() {
  const session: CoachSession & { sendGuide: jest.Mock; stop: jest.Mock } = { sendGuide: jest.fn(), stop: jest.fn() };
  let options: CoachOptions | null = null;
  const start: StartCoach = jest.fn(async (given) => {
    options = given;
    return session;
  });
  return { start, session, options: () => options! };
}

const micTrack = { stop: jest.fn() };
beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  fakeRecorder.start.mockResolvedValue(undefined);
  fakeRecorder.stop.mockResolvedValue(audio);
  fakeRecorder.cancel.mockResolvedValue(undefined);
  requestAnalysis.mockResolvedValue({ analysis: analysisAnswer, sessionId: "srv-1", warnings: [], signals: null });
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: jest.fn(async () => ({ getTracks: () => [micTrack] })) },
  });
});

const audioElement = () => document.createElement("audio");

test("a guest's journal without the live coach: recorded, transcribed as one voice, analysed in solo mode", async () => {
  const { kit, solo } = setUp();
  solo.chooseGuide(hotChili, 1_000);
  solo.start({ signedIn: false, userName: "You" });
  solo.beginCountdown(audioElement());
  expect(kit.getState().solo.coach).toBe("unavailable");
  await solo.beginCapture();
  expect(kit.getState().phase.name).toBe("recording");

  sendRecording.mockResolvedValueOnce({ ok: true, result: spoken });
  solo.stop();
  await waitFor(() => kit.getState().phase.name === "results");

  expect(sendRecording).toHaveBeenCalledWith(
    expect.objectContaining({ audioKey: "rec-1" }),
    expect.objectContaining({ soloMode: true, speakerName: "You" }),
    expect.any(Set),
  );
  expect(requestAnalysis).toHaveBeenCalledWith(
    expect.objectContaining({ mode: "solo", transcript: "You: I want a slower week.\nYou: I miss our walks.", conversationGuideHeadline: "Hot Chili" }),
  );
  const body = requestAnalysis.mock.calls[0][0];
  expect(new Set(body.segments.map((segment: { speaker: string }) => segment.speaker))).toEqual(new Set(["You"]));
  const { phase } = kit.getState();
  expect(phase.name === "results" && phase.session.mode).toBe("solo");
  expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: SOLO_TEXTS.complete }));
});

test("a journal whose analysis failed is retried from the history as a journal, with its guide, even after a reload", async () => {
  const { kit, solo } = setUp();
  solo.chooseGuide(hotChili, 1_000);
  solo.start({ signedIn: false, userName: "You" });
  solo.beginCountdown(audioElement());
  await solo.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: spoken });
  requestAnalysis.mockRejectedValueOnce(new Error("The model is overloaded."));
  solo.stop();
  await waitFor(() => kit.getState().dialog !== null);

  // A reload: a fresh flow in Relationship mode, and the history's red item.
  const [kept] = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  const afterReload = createAnalysisActions(createFlowKit());
  afterReload.retryKept({ id: kept.id });
  await waitFor(() => requestAnalysis.mock.calls.length === 2);
  expect(requestAnalysis.mock.calls[1][0]).toEqual(
    expect.objectContaining({ mode: "solo", conversationGuideHeadline: "Hot Chili", transcript: "You: I want a slower week.\nYou: I miss our walks." }),
  );
});

test("a journal whose upload failed keeps its guide: its retry after a reload is analysed with the headline", async () => {
  const { kit, solo } = setUp();
  solo.chooseGuide(hotChili, 1_000);
  solo.start({ signedIn: false, userName: "You" });
  solo.beginCountdown(audioElement());
  await solo.beginCapture();
  sendRecording.mockResolvedValueOnce({
    ok: false,
    failure: { kind: "other", message: "Service Unavailable", failedSessionId: undefined, localSession: null },
  });
  solo.stop();
  await waitFor(() => kit.getState().phase.name === "idle");
  expect(sendRecording).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ soloMode: true, guideHeadline: "Hot Chili" }), expect.any(Set));

  // A reload: a fresh flow in Relationship mode; the history's item remembers the guide, this device's audio the mode.
  listStoredRecordings.mockResolvedValue([{ id: "rec-1", mode: "solo" }]);
  const after = setUp();
  after.kit.dispatch({ type: "MODE_CHANGED", mode: "relationship" });
  const target = {
    id: "local-1",
    name: "Recording",
    isLocal: true as const,
    mimeType: "audio/webm",
    size: 100,
    createdAt: "",
    timestamp: 0,
    audioKey: "rec-1",
    guideHeadline: "Hot Chili",
  };
  await after.solo.modeForRetry(target.audioKey, undefined, target.guideHeadline);
  retryLocalRecording.mockResolvedValueOnce({ ok: true, result: spoken });
  after.recording.retryTranscription(target);
  await waitFor(() => after.kit.getState().phase.name === "results");
  // Sent again as a journal: one voice, named after who journals.
  expect(retryLocalRecording).toHaveBeenLastCalledWith(target, { speakerName: expect.any(String) }, expect.any(Set), expect.any(Function));
  expect(requestAnalysis).toHaveBeenLastCalledWith(expect.objectContaining({ mode: "solo", conversationGuideHeadline: "Hot Chili" }));
});

test("stop with nothing said: 'Nothing to analyze', no analysis", async () => {
  const { kit, solo } = setUp();
  solo.start({ signedIn: true, userName: "Ana" });
  await solo.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: silent });
  solo.stop();
  await waitFor(() => kit.getState().phase.name === "idle");
  expect(showToast).toHaveBeenCalledWith({ title: SOLO_TEXTS.nothingTitle, description: SOLO_TEXTS.nothingBody });
  expect(requestAnalysis).not.toHaveBeenCalled();
});

test("a guide picked before Relationship mode was chosen and back is forgotten with the topic: picked again, it is the topic and the coach's", async () => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.chooseGuide(hotChili, 1_000);
  solo.switchMode("relationship");
  kit.dispatch({ type: "MODE_CHANGED", mode: "solo" });
  expect(kit.getState().solo.guideHeadline).toBeNull();

  solo.chooseGuide(hotChili, 9_000);
  expect(kit.getState().solo.guideHeadline).toBe("Hot Chili");
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
  expect(coach.options()).toMatchObject({ guideContext: hotChili });
});

test("a guide forgotten with the topic is not given to the coach of the next journal", async () => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.chooseGuide(hotChili, 1_000);
  solo.switchMode("relationship");
  kit.dispatch({ type: "MODE_CHANGED", mode: "solo" });
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
  expect(coach.options().guideContext).toBeNull();
});

/** Ana's journal started, signed in: its countdown on, and the test's `nth` coach asked to start. */
async function startSignedInJournal(solo: ReturnType<typeof setUp>["solo"], coach: ReturnType<typeof fakeCoach>, nth = 1) {
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => (coach.start as jest.Mock).mock.calls.length === nth);
}

test("after a journal whose analysis failed, the topic still shown is the next journal's coach's guide too", async () => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.chooseGuide(hotChili, 1_000);
  await startSignedInJournal(solo, coach);
  await solo.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: spoken });
  requestAnalysis.mockRejectedValueOnce(new Error("The model is overloaded."));
  solo.stop();
  await waitFor(() => kit.getState().dialog !== null);
  expect(kit.getState().solo.guideHeadline).toBe("Hot Chili");

  kit.dispatch({ type: "DIALOG_CLOSED" });
  await startSignedInJournal(solo, coach, 2);
  expect(coach.options()).toMatchObject({ guideContext: hotChili });
});

test("a guide picked while the coach is still connecting reaches it once it is up", async () => {
  const session: CoachSession & { sendGuide: jest.Mock; stop: jest.Mock } = { sendGuide: jest.fn(), stop: jest.fn() };
  let connected!: () => void;
  let options: CoachOptions | null = null;
  const start: StartCoach = jest.fn(async (given) => {
    options = given;
    await new Promise<void>((resolve) => (connected = resolve));
    return session;
  });
  const { kit, solo } = setUp(start);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => options !== null);
  expect(options!.guideContext).toBeNull();

  solo.chooseGuide(hotChili, 1_000);
  expect(kit.getState().solo.guideHeadline).toBe("Hot Chili");
  connected();
  await waitFor(() => session.sendGuide.mock.calls.length === 1);
  expect(session.sendGuide.mock.calls).toEqual([[hotChili]]);
});

test("signed in: the coach starts with the countdown, its status and turns show, guides go to it, Stop ends it", async () => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.chooseGuide(lemons, 1_000);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  expect(kit.getState().solo.coach).toBe("connecting");
  await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
  expect(coach.options()).toMatchObject({ userLabel: "Ana", guideContext: lemons });

  await solo.beginCapture();
  coach.options().onStatus("speaking");
  coach.options().onTurn({ role: "assistant", text: "Hi Ana, how was your week?", timestamp: 1 });
  coach.options().onTurn({ role: "user", text: "Busy.", timestamp: 2 });
  expect(kit.getState().solo).toMatchObject({ coach: "speaking", turns: [{ role: "assistant" }, { role: "user" }] });

  solo.chooseGuide(hotChili, 5_000);
  solo.chooseGuide(hotChili, 9_000); // the same headline again
  solo.chooseGuide(lemons, 5_100); // within 250 ms of the previous choice
  expect(coach.session.sendGuide.mock.calls).toEqual([[hotChili]]);
  expect(kit.getState().solo.guideHeadline).toBe("Hot Chili");

  sendRecording.mockResolvedValueOnce({ ok: true, result: spoken });
  solo.stop();
  expect(coach.session.stop).toHaveBeenCalledTimes(1);
  expect(micTrack.stop).toHaveBeenCalled();
  coach.options().onStatus("listening"); // a late event of the ended coach
  coach.options().onError(Object.assign(new Error("Connection lost - please reconnect"), { kind: "connection-lost" }));
  await waitFor(() => kit.getState().phase.name === "results");
  expect(requestAnalysis).toHaveBeenCalledWith(
    expect.objectContaining({ mode: "solo", conversationGuideHeadline: "Hot Chili", transcript: expect.stringMatching(/^Ana: /) }),
  );
  expect(showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: ERROR_TEXTS.voiceCoachErrorTitle }));
});

test("the coach cannot start: 'Could not start session', and the journal goes on without it", async () => {
  const start: StartCoach = jest.fn(async () => {
    throw Object.assign(new Error("Failed to create Realtime API session"), { kind: "session", isStartFailure: true });
  });
  const { kit, solo } = setUp(start);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => kit.getState().solo.coach === "unavailable");
  expect(showToast).toHaveBeenCalledWith({ title: ERROR_TEXTS.couldNotStart, description: "Failed to create Realtime API session", variant: "destructive" });
  expect(micTrack.stop).toHaveBeenCalled();

  await solo.beginCapture();
  sendRecording.mockResolvedValueOnce({ ok: true, result: spoken });
  solo.stop();
  await waitFor(() => kit.getState().phase.name === "results");
});

test("the coach's rate limit refused the session: 'Limit Reached' with the wait, and the journal goes on without it", async () => {
  const start: StartCoach = jest.fn(async () => {
    throw Object.assign(new Error("Failed to create Realtime API session"), { kind: "session", isStartFailure: true, retryAfterSeconds: 480 });
  });
  const { kit, solo } = setUp(start);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => kit.getState().solo.coach === "unavailable");
  expect(showToast).toHaveBeenCalledWith({ title: "Limit Reached", description: LIMIT_TEXTS.tryLater("8 minutes"), variant: "destructive" });
  await solo.beginCapture();
  expect(kit.getState().phase.name).toBe("recording");
});

test("this build has no live coach: the signed-in journal goes on, told why", async () => {
  const { kit, solo } = setUp(null);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => kit.getState().solo.coach === "unavailable");
  expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: ERROR_TEXTS.couldNotStart }));
});

test("the connection drops midway: 'Voice Coach Error' with its message, the recording carries on", async () => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
  await solo.beginCapture();
  coach.options().onError(Object.assign(new Error("Connection lost - please reconnect"), { kind: "connection-lost" }));
  expect(showToast).toHaveBeenCalledWith({
    title: ERROR_TEXTS.voiceCoachErrorTitle,
    description: "Connection lost - please reconnect",
    variant: "destructive",
  });
  expect(kit.getState()).toMatchObject({ phase: { name: "recording" }, solo: { coach: "unavailable" } });
  expect(coach.session.stop).toHaveBeenCalled();
  expect(fakeRecorder.cancel).not.toHaveBeenCalled();
});

test.each([
  ["Cancel", (solo: ReturnType<typeof setUp>["solo"]) => solo.cancel()],
  ["Stop on Journal Readiness", (solo: ReturnType<typeof setUp>["solo"]) => solo.notReady()],
])("%s ends the session without analysis: 'Session cancelled'", async (_name, end) => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.start({ signedIn: true, userName: "Ana" });
  solo.beginCountdown(audioElement());
  await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
  await solo.beginCapture();
  end(solo);
  expect(kit.getState().phase.name).toBe("idle");
  expect(showToast).toHaveBeenCalledWith({ title: SOLO_TEXTS.cancelled });
  expect(coach.session.stop).toHaveBeenCalled();
  await waitFor(() => fakeRecorder.cancel.mock.calls.length === 1);
  expect(sendRecording).not.toHaveBeenCalled();
});

test("switching to Relationship mid-journal stops it without analysis and keeps it to retry: 'Recording Saved Locally'", async () => {
  const coach = fakeCoach();
  const { kit, solo } = setUp(coach.start);
  solo.chooseGuide(hotChili, 1_000);
  await startSignedInJournal(solo, coach);
  await solo.beginCapture();
  solo.switchMode("relationship");
  expect(kit.getState()).toMatchObject({ mode: "relationship", phase: { name: "idle" }, solo: { guideHeadline: null } });
  expect(coach.session.stop).toHaveBeenCalled();
  await waitFor(() => (showToast as jest.Mock).mock.calls.length === 1);
  expect(showToast).toHaveBeenCalledWith({ title: FAILURE_TEXTS.savedLocallyTitle, description: FAILURE_TEXTS.savedLocallyBody });

  // Stopped, not deleted, nor sent: the history lists it to retry, with the journal's guide for its analysis.
  expect(fakeRecorder.stop).toHaveBeenCalledTimes(1);
  expect(fakeRecorder.cancel).not.toHaveBeenCalled();
  expect(sendRecording).not.toHaveBeenCalled();
  expect(requestAnalysis).not.toHaveBeenCalled();
  expect(JSON.parse(localStorage.getItem("local_sessions") ?? "[]")).toEqual([
    expect.objectContaining({ audioKey: "rec-1", guideHeadline: "Hot Chili", failedTranscription: expect.objectContaining({ attemptCount: 1 }) }),
  ]);
});

test("switching to Relationship before anything was recorded: 'Session cancelled', nothing listed", async () => {
  fakeRecorder.stop.mockRejectedValueOnce(new RecorderError(RECORDER_MESSAGES.failed));
  const { kit, solo } = setUp();
  solo.start({ signedIn: false, userName: "You" });
  solo.beginCountdown(audioElement());
  await solo.beginCapture();
  solo.switchMode("relationship");
  expect(kit.getState()).toMatchObject({ mode: "relationship", phase: { name: "idle" } });
  await waitFor(() => (showToast as jest.Mock).mock.calls.length === 1);
  expect(showToast).toHaveBeenCalledWith({ title: SOLO_TEXTS.cancelled });
  expect(localStorage.getItem("local_sessions")).toBeNull();
});

test("guides in Relationship mode do nothing", () => {
  const { kit, solo } = setUp();
  solo.switchMode("relationship");
  solo.chooseGuide(hotChili);
  expect(kit.getState().solo.guideHeadline).toBeNull();
});

describe("the speech-recognition aid fills the Live Transcript when there is no live coach", () => {
  function fakeAid() {
    const handle = { stop: jest.fn() };
    let onText: ((text: string) => void) | null = null;
    const start: StartTranscriptAid = jest.fn((options) => {
      onText = options.onText;
      return handle;
    });
    return { start, handle, say: (text: string) => onText!(text) };
  }

  test("a guest's journal: the user's phrases become turns, and Stop ends the aid", async () => {
    const aid = fakeAid();
    const { kit, solo } = setUp(null, aid.start);
    solo.start({ signedIn: false, userName: "You" });
    solo.beginCountdown(audioElement());
    await solo.beginCapture();
    expect(aid.start).toHaveBeenCalledWith(expect.objectContaining({ lang: "en-US" }));
    aid.say(" I slept badly. ");
    aid.say("  ");
    expect(kit.getState().solo.turns).toEqual([expect.objectContaining({ role: "user", text: "I slept badly." })]);
    sendRecording.mockResolvedValueOnce({ ok: true, result: silent });
    solo.stop();
    expect(aid.handle.stop).toHaveBeenCalledTimes(1);
  });

  test("with the live coach on, the aid stays off; when the coach drops midway it takes over", async () => {
    const aid = fakeAid();
    const coach = fakeCoach();
    const { solo } = setUp(coach.start, aid.start);
    solo.start({ signedIn: true, userName: "Ana" });
    solo.beginCountdown(audioElement());
    await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
    await solo.beginCapture();
    expect(aid.start).not.toHaveBeenCalled();
    coach.options().onError(Object.assign(new Error("Connection lost - please reconnect"), { kind: "connection-lost" }));
    await waitFor(() => (aid.start as jest.Mock).mock.calls.length === 1);
    solo.cancel();
    expect(aid.handle.stop).toHaveBeenCalledTimes(1);
  });

  test("a browser without speech recognition: nothing changes", async () => {
    const { kit, solo } = setUp(null, () => null);
    solo.start({ signedIn: false, userName: "You" });
    solo.beginCountdown(audioElement());
    await solo.beginCapture();
    expect(kit.getState()).toMatchObject({ phase: { name: "recording" }, solo: { coach: "unavailable", turns: [] } });
  });
});

// The coach opens a microphone of its own. When that request never answered (a hidden permission prompt), the status said
// "Connecting to your coach..." for the whole journal, and the speech aid, which waits for the coach to be unavailable,
// never started.
describe("the coach's microphone never answers", () => {
  afterEach(() => jest.useRealTimers());

  test("at the bound the coach could not start, the journal goes on with the aid, and a stream granted later is stopped", async () => {
    jest.useFakeTimers();
    let grantLate: (stream: MediaStream) => void = () => undefined;
    (navigator.mediaDevices.getUserMedia as jest.Mock).mockReturnValue(new Promise((resolve) => (grantLate = resolve)));
    const aid = { stop: jest.fn() };
    const startAid: StartTranscriptAid = jest.fn(() => aid);
    const coach = fakeCoach();
    const { kit, solo } = setUp(coach.start, startAid);
    solo.start({ signedIn: true, userName: "Ana" });
    solo.beginCountdown(audioElement());
    await solo.beginCapture();
    expect(kit.getState()).toMatchObject({ phase: { name: "recording" }, solo: { coach: "connecting" } });

    await jest.advanceTimersByTimeAsync(MICROPHONE_OPEN_TIMEOUT_MS);
    expect(kit.getState()).toMatchObject({ phase: { name: "recording" }, solo: { coach: "unavailable" } });
    expect(showToast).toHaveBeenCalledWith({ title: ERROR_TEXTS.couldNotStart, description: SOLO_TEXTS.coachUnavailable, variant: "destructive" });
    expect(startAid).toHaveBeenCalledTimes(1);
    expect(coach.start).not.toHaveBeenCalled();

    const lateTrack = { stop: jest.fn() };
    grantLate({ getTracks: () => [lateTrack] } as unknown as MediaStream);
    await jest.advanceTimersByTimeAsync(0);
    expect(lateTrack.stop).toHaveBeenCalled();
    expect(coach.start).not.toHaveBeenCalled();
  });

  test("the journal's own microphone fails with the coach already on: the coach ends with the journal", async () => {
    const coach = fakeCoach();
    const { kit, solo } = setUp(coach.start);
    solo.start({ signedIn: true, userName: "Ana" });
    solo.beginCountdown(audioElement());
    await waitFor(() => (coach.start as jest.Mock).mock.calls.length === 1);
    fakeRecorder.start.mockRejectedValueOnce(new RecorderError(RECORDER_MESSAGES.failed));

    await solo.beginCapture();
    expect(kit.getState()).toMatchObject({ phase: { name: "idle" }, solo: { coach: "off" } });
    expect(showToast).toHaveBeenCalledWith({
      title: RECORDING_TEXTS.microphoneUnavailableTitle,
      description: RECORDER_MESSAGES.failed,
      variant: "destructive",
    });
    expect(coach.session.stop).toHaveBeenCalledTimes(1);
    expect(micTrack.stop).toHaveBeenCalled();
  });
});

describe("a failed recording is retried in the mode it was made in", () => {
  const stored = [
    { id: "rec-solo", mode: "solo" },
    { id: "rec-couple", mode: "couple" },
  ];
  beforeEach(() => listStoredRecordings.mockResolvedValue(stored));

  test.each([
    ["rec-solo", "relationship", "solo"],
    ["rec-couple", "solo", "relationship"],
    ["rec-unknown", "solo", "solo"],
    [null, "relationship", "relationship"],
  ] as const)("%s, the recorder in %s → %s", async (audioKey, before, after) => {
    const { kit, solo } = setUp();
    kit.dispatch({ type: "MODE_CHANGED", mode: before });
    await solo.modeForRetry(audioKey);
    expect(kit.getState().mode).toBe(after);
  });

  test.each([
    ["solo", "relationship", "solo"],
    ["couple", "solo", "relationship"],
    [undefined, "relationship", "relationship"],
  ] as const)("kept only by the account, listed as %s: the recorder in %s → %s", async (listed, before, after) => {
    const { kit, solo } = setUp();
    kit.dispatch({ type: "MODE_CHANGED", mode: before });
    await solo.modeForRetry(null, listed);
    expect(kit.getState().mode).toBe(after);
  });

  test("never while a session runs", async () => {
    const { kit, solo } = setUp();
    kit.dispatch({ type: "MODE_CHANGED", mode: "relationship" });
    kit.dispatch({ type: "START" });
    await solo.modeForRetry("rec-solo");
    expect(kit.getState().mode).toBe("relationship");
  });
});
