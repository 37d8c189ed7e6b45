/**
 * @jest-environment jsdom
 */
import { setRequestAuth } from "@/lib/client/api/request";
import { moveLocalSessionToAccount, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";

import { followUpParent } from "./follow-up-parent";

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { get: jest.fn() },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const GUEST_ID = "local-1700000000000";
const ACCOUNT_ID = "3f1c2a8e-1b2c-4d5e-8f90-123456789abc";
const stored = (id: string) => ({
  id,
  transcript: "Maya: We never get time for us.",
  analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
  createdAt: "2026-11-01T09:00:00.000Z",
  timestamp: 1700000000000,
  isCompleted: true,
});
const signedInAs = (id: string) => setRequestAuth({ signedIn: true, user: { id }, getToken: async () => null });

beforeEach(() => {
  localStorage.clear();
  setRequestAuth({ signedIn: false });
  sessionApi.get.mockReset();
  sessionApi.get.mockImplementation(async (id: string) => stored(id));
  upsertLocalSessionRecord(stored(GUEST_ID));
});

test("a guest's follow-up goes back to this device's copy of its session", async () => {
  await expect(followUpParent(GUEST_ID)).resolves.toMatchObject({ id: GUEST_ID, isLocal: true });
  expect(sessionApi.get).not.toHaveBeenCalled();
});

test("a guest's follow-up retried after signing in goes to the account's copy the sign-in moved the session to", async () => {
  signedInAs("user_a");
  moveLocalSessionToAccount({ localId: GUEST_ID, accountId: ACCOUNT_ID, ownerId: "user_a" });
  await expect(followUpParent(GUEST_ID)).resolves.toMatchObject({ id: ACCOUNT_ID, isLocal: false, transcript: "Maya: We never get time for us." });
  expect(sessionApi.get).toHaveBeenCalledWith(ACCOUNT_ID, { from: "history" });
});

test("someone else signed in here does not reach the account the session moved to: the follow-up goes on by itself", async () => {
  signedInAs("user_a");
  moveLocalSessionToAccount({ localId: GUEST_ID, accountId: ACCOUNT_ID, ownerId: "user_a" });
  signedInAs("user_b");
  await expect(followUpParent(GUEST_ID)).resolves.toBeNull();
  expect(sessionApi.get).not.toHaveBeenCalled();
});

test("a session the account no longer has (deleted on another device) leaves the follow-up on its own", async () => {
  signedInAs("user_a");
  moveLocalSessionToAccount({ localId: GUEST_ID, accountId: ACCOUNT_ID, ownerId: "user_a" });
  sessionApi.get.mockRejectedValue(new Error("Session not found"));
  await expect(followUpParent(GUEST_ID)).resolves.toBeNull();
});

test("a signed-in user's follow-up goes to the server's copy", async () => {
  signedInAs("user_a");
  await expect(followUpParent(ACCOUNT_ID)).resolves.toMatchObject({ id: ACCOUNT_ID, isLocal: false });
});
