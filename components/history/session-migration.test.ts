/**
 * @jest-environment jsdom
 */
import { setRequestAuth } from "@/lib/client/api/request";
import { listLocalSessionRecords, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { rememberDeletedId } from "@/lib/client/storage/deleted-sessions";

import { migrateLocalSessions } from "./session-migration";

jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { migrate: jest.fn(), remove: jest.fn(async () => undefined) },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const commitment = {
  id: "local-commitment-1",
  sessionId: "local-1700000000000",
  text: "Walk together on Fridays",
  who: "both",
  byWhen: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  outcome: "kept",
  outcomeAt: "2026-11-08T10:00:00.000Z",
};
const signals = { version: 1, turns: 2, labelled: false };
const signedInAs = (id: string) => setRequestAuth({ signedIn: true, user: { id }, getToken: async () => null });

afterEach(() => setRequestAuth({ signedIn: false }));

beforeEach(() => {
  localStorage.clear();
  upsertLocalSessionRecord({
    id: "local-1700000000000",
    transcript: "Maya: We never get time for us.",
    analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
    swipeActions: [],
    createdAt: "2026-11-01T09:00:00.000Z",
    timestamp: 1700000000000,
    isCompleted: true,
    commitments: [commitment],
    signals,
    audioKey: "rec-kept-on-device",
  });
});

test("a guest's commitments and signals go to the account with their session before the device's copy is removed", async () => {
  sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
    success: true,
    migratedCount: items.length,
    migrated: items.map((item) => ({ localId: item.id, id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc" })),
  }));
  signedInAs("user_a");
  await migrateLocalSessions();
  const [[sent]] = sessionApi.migrate.mock.calls[0];
  expect(sent).toMatchObject({ id: "local-1700000000000", commitments: [commitment], signals });
  expect(sent).not.toHaveProperty("audioKey");
  expect(listLocalSessionRecords()).toEqual([]);
});

test("a session deleted in the history while its move was under way is deleted from the account too, not brought back", async () => {
  const ACCOUNT_ID = "3f1c2a8e-1b2c-4d5e-8f90-123456789abc";
  sessionApi.migrate.mockImplementationOnce(async (items: { id: string }[]) => {
    // The user deletes it while the request runs (the history removes the device copy and remembers its id).
    rememberDeletedId("local-1700000000000");
    return { success: true, migratedCount: items.length, migrated: items.map((item) => ({ localId: item.id, id: ACCOUNT_ID })) };
  });
  signedInAs("user_a");
  await migrateLocalSessions();
  expect(sessionApi.remove).toHaveBeenCalledWith(ACCOUNT_ID);

  // Where the account will not delete it now, it is hidden here all the same.
  sessionApi.remove.mockRejectedValueOnce(new Error("offline"));
  localStorage.removeItem("deleted_session_ids");
  sessionApi.migrate.mockImplementationOnce(async (items: { id: string }[]) => {
    rememberDeletedId("local-1700000000000");
    return { success: true, migratedCount: items.length, migrated: items.map((item) => ({ localId: item.id, id: ACCOUNT_ID })) };
  });
  await migrateLocalSessions();
  expect(JSON.parse(localStorage.getItem("deleted_session_ids") ?? "[]")).toContain(ACCOUNT_ID);
});

test("what the server did not confirm stays on the device, commitments and all", async () => {
  sessionApi.migrate.mockResolvedValue({ success: true, migratedCount: 0, migrated: [] });
  signedInAs("user_a");
  await migrateLocalSessions();
  expect(listLocalSessionRecords()).toEqual([expect.objectContaining({ id: "local-1700000000000", commitments: [commitment] })]);
});

describe("a shared browser", () => {
  const kept = (id: string) => ({
    id,
    transcript: "Maya: Something only we should read.",
    analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
    createdAt: "2026-11-02T09:00:00.000Z",
    timestamp: 1700000100000,
    isCompleted: true,
  });
  beforeEach(() => {
    localStorage.clear();
    sessionApi.migrate.mockReset();
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
      success: true,
      migratedCount: items.length,
      migrated: items.map((item) => ({ localId: item.id, id: `server-${item.id}` })),
    }));
  });

  test("a session one account kept on this browser ('Save Locally Only') never goes into the next account to sign in", async () => {
    signedInAs("user_a");
    upsertLocalSessionRecord(kept("local-of-a"));
    setRequestAuth({ signedIn: false });
    expect(listLocalSessionRecords()).toEqual([]);
    signedInAs("user_b");
    await migrateLocalSessions();
    expect(sessionApi.migrate).not.toHaveBeenCalled();
    // Not deleted: it waits for its owner, whose sign-in migrates it.
    signedInAs("user_a");
    await migrateLocalSessions();
    expect(sessionApi.migrate.mock.calls[0][0]).toEqual([expect.objectContaining({ id: "local-of-a" })]);
    expect(sessionApi.migrate.mock.calls[0][0][0]).not.toHaveProperty("ownerId");
  });

  test("a copy kept for the account goes marked with its age, so it cannot replace what the account changed since", async () => {
    const now = jest.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    signedInAs("user_a");
    upsertLocalSessionRecord(kept("local-of-a"));
    now.mockReturnValue(1_800_000_090_000);
    await migrateLocalSessions();
    now.mockRestore();
    const [[sent]] = sessionApi.migrate.mock.calls[0];
    expect(sent).toMatchObject({ id: "local-of-a", keptCopy: { changedMsAgo: 90_000 } });
    expect(sent).not.toHaveProperty("changedAt");
  });

  test("a guest's sessions still go to whoever signs in next (spec: synced after authentication)", async () => {
    upsertLocalSessionRecord(kept("local-of-guest"));
    signedInAs("user_b");
    await migrateLocalSessions();
    expect(sessionApi.migrate.mock.calls[0][0]).toEqual([expect.objectContaining({ id: "local-of-guest" })]);
    // New to the account: sent as it is, as the migration always did.
    expect(sessionApi.migrate.mock.calls[0][0][0]).not.toHaveProperty("keptCopy");
    expect(listLocalSessionRecords()).toEqual([]);
  });
});

describe("a long guest history", () => {
  const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");
  beforeEach(() => {
    localStorage.clear();
    sessionApi.migrate.mockReset();
    showToast.mockReset();
    for (let index = 0; index < 130; index++) {
      upsertLocalSessionRecord({
        id: `local-${1700000000000 + index}`,
        transcript: "Maya: We never get time for us.",
        analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
        createdAt: "2026-11-01T09:00:00.000Z",
        timestamp: 1700000000000 + index,
        isCompleted: true,
      });
    }
  });
  const confirmAll = async (items: { id: string }[]) => ({
    success: true,
    migratedCount: items.length,
    migrated: items.map((item) => ({ localId: item.id, id: `server-${item.id}` })),
  });

  test("goes in requests the server accepts (at most 100 sessions each), all of it, with one toast", async () => {
    sessionApi.migrate.mockImplementation(confirmAll);
    signedInAs("user_a");
    await migrateLocalSessions();
    expect(sessionApi.migrate.mock.calls.map(([items]: [unknown[]]) => items.length)).toEqual([100, 30]);
    expect(listLocalSessionRecords()).toEqual([]);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ description: "130 local sessions migrated to your account." }));
  });

  test("a refused request keeps what it carried on the device, after the batches the server confirmed", async () => {
    sessionApi.migrate.mockImplementationOnce(confirmAll).mockRejectedValueOnce(new Error("Service Unavailable"));
    signedInAs("user_a");
    await migrateLocalSessions();
    expect(listLocalSessionRecords()).toHaveLength(30);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Migration Notice", description: "Sessions remain on this device only." }));
  });

  test("an account that can store nothing now (503, localOnly) keeps the sessions here and says 'Sessions Saved Locally'", async () => {
    const { SessionApiError } = jest.requireActual("@/lib/client/sessions/session-api");
    sessionApi.migrate.mockRejectedValueOnce(
      new SessionApiError("Sessions remain on this device only.", { status: 503, code: "unavailable", details: { localOnly: true, success: false } }),
    );
    signedInAs("user_a");
    await migrateLocalSessions();
    expect(listLocalSessionRecords()).toHaveLength(130);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: "Sessions Saved Locally", description: "Sessions remain on this device only." }));
  });

  test("a refusal that is not localOnly (a 503 without it, or a 401 with it) is the 'Migration Notice'", async () => {
    const { SessionApiError } = jest.requireActual("@/lib/client/sessions/session-api");
    sessionApi.migrate
      .mockRejectedValueOnce(new SessionApiError("Service Unavailable", { status: 503 }))
      .mockRejectedValueOnce(new SessionApiError("Sessions remain on this device only.", { status: 401, details: { localOnly: true } }));
    signedInAs("user_a");
    await migrateLocalSessions();
    await migrateLocalSessions();
    expect(showToast.mock.calls.map(([toast]: [{ title: string }]) => toast.title)).toEqual(["Migration Notice", "Migration Notice"]);
  });
});

describe("a guest's results still open in another tab", () => {
  const ACCOUNT_ID = "3f1c2a8e-1b2c-4d5e-8f90-123456789abc";
  beforeEach(() => {
    sessionApi.migrate.mockReset();
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
      success: true,
      migratedCount: items.length,
      migrated: items.map((item) => ({ localId: item.id, id: ACCOUNT_ID })),
    }));
  });

  test("cannot write the migrated session back onto this device as a guest's copy", async () => {
    signedInAs("user_a");
    await migrateLocalSessions();
    // The other tab, not (yet) signed in, saves a vote on the session it still shows.
    setRequestAuth({ signedIn: false });
    expect(() => upsertLocalSessionRecord({ id: "local-1700000000000", swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: 1 }] })).toThrow(
      expect.objectContaining({ moved: { localId: "local-1700000000000", accountId: ACCOUNT_ID, ownerId: "user_a" } }),
    );
    expect(JSON.parse(localStorage.getItem("local_sessions") ?? "[]")).toEqual([]);
  });

  test("a write to a session still on this device is not refused", async () => {
    sessionApi.migrate.mockResolvedValue({ success: true, migratedCount: 0, migrated: [] });
    signedInAs("user_a");
    await migrateLocalSessions();
    setRequestAuth({ signedIn: false });
    upsertLocalSessionRecord({ id: "local-1700000000000", name: "Renamed" });
    upsertLocalSessionRecord({ id: "local-1700000000001", name: "New" });
    expect(listLocalSessionRecords().map((item) => item.name)).toEqual(expect.arrayContaining(["Renamed", "New"]));
  });
});

test("a session deleted in the history is not moved into the account, even when its device copy outlived the delete", async () => {
  sessionApi.migrate.mockClear();
  rememberDeletedId("local-1700000000000");
  signedInAs("user_a");
  await migrateLocalSessions();
  expect(sessionApi.migrate).not.toHaveBeenCalled();
});

test("a copy written again while its move was under way (a follow-up saved in another tab) stays here for the next move", async () => {
  sessionApi.migrate.mockImplementationOnce(async (items: { id: string }[]) => {
    // The other tab saves the session's follow-up into its device copy while the request is on its way.
    upsertLocalSessionRecord({ id: "local-1700000000000", followUpTranscripts: [{ transcript: "Maya: Saturday it is.", date: "2026-11-02T09:00:00.000Z" }] });
    return { success: true, migratedCount: items.length, migrated: items.map((item) => ({ localId: item.id, id: "3f1c2a8e-1b2c-4d5e-8f90-123456789abc" })) };
  });
  signedInAs("user_a");
  await migrateLocalSessions();
  const [kept] = listLocalSessionRecords();
  expect(kept).toMatchObject({ id: "local-1700000000000", followUpTranscripts: [{ transcript: "Maya: Saturday it is." }] });
});

describe("a signed-in user's backup of an account session (kept under the account's id after a failed save)", () => {
  const ACCOUNT_ID = "3f1c2a8e-1b2c-4d5e-8f90-123456789abc";
  const backup = (swipe: "helpful" | "unhelpful") => ({
    id: ACCOUNT_ID,
    isLocal: true,
    transcript: "Maya: We never get time for us.",
    analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] },
    swipeActions: [{ cardIndex: 0, action: swipe, timestamp: 1 }],
    createdAt: "2026-11-01T09:00:00.000Z",
    timestamp: 1700000000000,
    isCompleted: true,
  });

  beforeEach(() => {
    localStorage.clear();
    signedInAs("user_a");
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
      success: true,
      migratedCount: items.length,
      migrated: items.map((item) => ({ localId: item.id, id: item.id })),
    }));
  });

  test("once the account has it, the next failed save can keep a backup again", async () => {
    upsertLocalSessionRecord(backup("helpful"));
    await migrateLocalSessions();
    expect(listLocalSessionRecords()).toEqual([]);

    upsertLocalSessionRecord(backup("unhelpful"));
    expect(listLocalSessionRecords()).toEqual([expect.objectContaining({ id: ACCOUNT_ID, swipeActions: [expect.objectContaining({ action: "unhelpful" })] })]);
  });

  test("a move recorded under the account's id by an earlier version does not refuse the backup", () => {
    localStorage.setItem("moved_sessions", JSON.stringify([{ localId: ACCOUNT_ID, accountId: ACCOUNT_ID, ownerId: "user_a" }]));
    upsertLocalSessionRecord(backup("unhelpful"));
    expect(listLocalSessionRecords().map((item) => item.id)).toEqual([ACCOUNT_ID]);
  });
});
