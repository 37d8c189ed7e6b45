/**
 * @jest-environment jsdom
 */
import { readPendingFollowUps } from "@/lib/client/follow-ups/pending-follow-ups";
import { readLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";

import { createSessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { completedSession, transcription, waitFor } from "./flow-test-fixtures";

// A growth follow-up's audio against a failed append, through the whole flow (its custody, flow-actions.ts): when the
// dialog is left with the follow-up stored nowhere, the audio is not deleted but left for the next start to list.

jest.mock("@/lib/client/wait", () => ({ wait: jest.fn(async () => undefined) }));
jest.mock("@/lib/client/recordings/audio-store", () => ({
  ...jest.requireActual("@/lib/client/recordings/audio-store"),
  deleteRecording: jest.fn(async () => undefined),
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { appendTranscript: jest.fn(), get: jest.fn() },
}));

const { sessionApi, SessionApiError } = jest.requireMock("@/lib/client/sessions/session-api");
const { deleteRecording } = jest.requireMock("@/lib/client/recordings/audio-store");

const accountSession: ClientSession = completedSession({
  id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc",
  isLocal: false,
  transcript: "Maya: We never get time for us.",
  speakerNames: {},
});
const guestSession: ClientSession = { ...accountSession, id: "local-1700000000000", isLocal: true };

// Each flow is torn down after its test: a signed-in session's refresh 1.5 s after the overlay closed must not run into
// the next test's mocks.
const kits: ReturnType<typeof createFlowKit>[] = [];
afterEach(() => kits.splice(0).forEach((kit) => kit.dispose()));

/** The whole flow at the naming step of a follow-up whose audio ("growth-rec") this tab holds. */
function atGrowthNaming(session: ClientSession) {
  const kit = createFlowKit();
  kits.push(kit);
  const actions = createSessionFlowActions(kit);
  kit.dispatch({ type: "OPENED", session });
  kit.dispatch({ type: "GROWTH_OPENED" });
  kit.dispatch({ type: "GROWTH_CAPTURE_STARTED", at: Date.now() });
  kit.dispatch({ type: "GROWTH_STOPPED" });
  kit.transcribedAudio.add("growth-rec");
  kit.dispatch({ type: "GROWTH_TRANSCRIBED", result: transcription });
  const growth = () => {
    const phase = kit.getState().phase;
    return phase.name === "results" ? phase.growth : null;
  };
  return { kit, actions, growth };
}

const audioDeleted = () => deleteRecording.mock.calls.some(([key]: [string]) => key === "growth-rec");
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});
afterEach(() => sessionApi.appendTranscript.mockReset());

describe.each(["Cancel", "Try Again, then Close"] as const)("a signed-in follow-up refused with a 4xx, then %s", (how) => {
  test("keeps its audio and leaves it for recovery to list for a retry (it cannot wait in the queue: it would be refused again)", async () => {
    const { kit, actions, growth } = atGrowthNaming(accountSession);
    // Signed out in another tab: the public variant answers 400, the session not being this browser's.
    sessionApi.appendTranscript.mockRejectedValue(
      new SessionApiError("Invalid request: context: the conversation is needed for a session kept in the browser", { status: 400 }),
    );

    await actions.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
    expect(growth()).toEqual({ name: "failed", dialog: "generation-failed" });
    if (how === "Cancel") actions.growth.finishWithGenericRecommendations();
    else {
      actions.growth.tryAgain();
      await waitFor(() => growth()?.name === "failed" && (growth() as { dialog: string }).dialog === "generation-failed-again");
      actions.growth.close();
    }
    await settle();

    expect(growth()).toBeNull();
    expect(readPendingFollowUps()).toEqual([]);
    expect(audioDeleted()).toBe(false);
    // Out of this flow's custody: its lock released, so the next start lists it (with the followUpOf kept beside the audio).
    expect(kit.transcribedAudio.size).toBe(0);
  });
});

test("a signed-in follow-up that never reached the server, then Cancel, waits in the queue, and its audio goes", async () => {
  const { actions } = atGrowthNaming(accountSession);
  sessionApi.appendTranscript.mockRejectedValue(new SessionApiError("Connection error: Failed to fetch", { status: 0 }));

  await actions.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  actions.growth.finishWithGenericRecommendations();
  await settle();

  expect(readPendingFollowUps()).toEqual([expect.objectContaining({ sessionId: accountSession.id })]);
  expect(audioDeleted()).toBe(true);
});

test("a signed-in follow-up stored by the server (its regeneration failed), then Cancel: nothing queued, its audio goes", async () => {
  const { actions } = atGrowthNaming(accountSession);
  sessionApi.appendTranscript.mockResolvedValue({ status: "partial_failure", error: "Analysis generation failed" });

  await actions.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  actions.growth.finishWithGenericRecommendations();
  await settle();

  expect(readPendingFollowUps()).toEqual([]);
  expect(audioDeleted()).toBe(true);
});

test("a guest's follow-up whose append fails on a device whose storage is full, then Cancel: its audio is kept for recovery", async () => {
  const { kit, actions, growth } = atGrowthNaming(guestSession);
  const setItem = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });
  try {
    sessionApi.appendTranscript.mockRejectedValue(new SessionApiError("Connection error: Failed to fetch", { status: 0 }));
    await actions.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
    actions.growth.finishWithGenericRecommendations();
    await settle();
  } finally {
    setItem.mockRestore();
  }

  expect(growth()).toBeNull();
  expect(deleteRecording).not.toHaveBeenCalledWith("growth-rec");
  expect(kit.transcribedAudio.size).toBe(0);
});

test("a guest's follow-up whose append fails, then Cancel: kept on this device with the session, so its audio goes", async () => {
  const { actions } = atGrowthNaming(guestSession);
  sessionApi.appendTranscript.mockRejectedValue(new SessionApiError("Connection error: Failed to fetch", { status: 0 }));

  await actions.growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  actions.growth.finishWithGenericRecommendations();
  await settle();

  const kept = readLocalSessionRecord(guestSession.id) as unknown as ClientSession;
  expect(kept.followUpTranscripts).toHaveLength(1);
  expect(audioDeleted()).toBe(true);
});
