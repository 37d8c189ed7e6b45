/**
 * @jest-environment jsdom
 */
import { migrateLocalSessions } from "@/components/history/session-migration";
import { SESSION_TEXTS } from "@/components/session/texts";
import { setRequestAuth } from "@/lib/client/api/request";
import { currentToast } from "@/lib/client/toast/toast-store";

import { keepOnDevice } from "./device-copy";
import { completedSession, setUpFlow, waitFor } from "./flow-test-fixtures";

// A guest's results open in one tab while a sign-in in another moves the session into the account (the migration, run
// here as that tab would). What the results tab writes afterwards must not bring the session back as a guest's copy.

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { migrate: jest.fn(), swipe: jest.fn(), get: jest.fn(), save: jest.fn() },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const ACCOUNT_ID = "5b0c3d2e-8f41-4a6b-9c7d-2e1f0a9b8c7d";
const card = { dimension: "Curiosity", insight: "You asked.", tips: [] };
const GUEST_SESSION = completedSession({ id: "local-1700000000000", analysis: { cards: [card, card] } as never, isCompleted: false, summary: "Kept" });

const signedInAs = (id: string) => setRequestAuth({ signedIn: true, user: { id }, getToken: async () => null });
const storedSessions = () => JSON.parse(localStorage.getItem("local_sessions") ?? "[]") as { id: string; ownerId?: string }[];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The guest's results open in this tab; the other tab signs in and its migration moves the session into the account. */
async function resultsThenSignInElsewhere() {
  const flow = setUpFlow();
  flow.results.open(GUEST_SESSION);
  expect(keepOnDevice(GUEST_SESSION)).toBe(true);
  signedInAs("user_a");
  await migrateLocalSessions();
  setRequestAuth({ signedIn: false });
  expect(storedSessions()).toEqual([]);
  sessionApi.migrate.mockClear();
  return flow;
}

const openSession = (flow: ReturnType<typeof setUpFlow>) => {
  const { phase } = flow.kit.getState();
  return phase.name === "results" ? phase.session : null;
};

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
    success: true,
    migratedCount: items.length,
    migrated: items.map((item) => ({ localId: item.id, id: ACCOUNT_ID })),
  }));
  sessionApi.swipe.mockResolvedValue({ success: true });
  sessionApi.get.mockResolvedValue({ id: ACCOUNT_ID });
  sessionApi.save.mockImplementation(async (body: { id: string }) => body);
});
afterEach(() => setRequestAuth({ signedIn: false }));

describe("the results tab, still a guest", () => {
  test("a vote does not bring the session back onto this device", async () => {
    const flow = await resultsThenSignInElsewhere();
    flow.results.vote(0, "helpful");
    await settle();
    expect(storedSessions()).toEqual([]);
    // Nothing of the account's is sent by a tab that is not signed in to it.
    expect(sessionApi.migrate).not.toHaveBeenCalled();
    expect(sessionApi.swipe).not.toHaveBeenCalled();
  });

  test("Finish Session does not bring it back either, and the results stay open", async () => {
    const flow = await resultsThenSignInElsewhere();
    flow.results.finish();
    await settle();
    expect(storedSessions()).toEqual([]);
    expect(flow.kit.getState().phase.name).toBe("results");
  });
});

describe("the results tab, signed in to the account meanwhile", () => {
  test("the results become the account's copy: a vote goes to the server, nothing is kept here", async () => {
    const flow = await resultsThenSignInElsewhere();
    signedInAs("user_a");
    flow.results.vote(1, "unhelpful");
    await settle();
    expect(sessionApi.swipe).toHaveBeenCalledWith(ACCOUNT_ID, [expect.objectContaining({ cardIndex: 1, action: "unhelpful" })]);
    expect(openSession(flow)).toMatchObject({ id: ACCOUNT_ID, isLocal: false, swipeActions: [expect.objectContaining({ cardIndex: 1 })] });
    expect(storedSessions()).toEqual([]);
  });

  test("Finish Session saves to the account, with the account's text", async () => {
    const flow = await resultsThenSignInElsewhere();
    signedInAs("user_a");
    flow.results.finish();
    await waitFor(() => flow.kit.getState().phase.name !== "results");
    expect(sessionApi.save).toHaveBeenCalledWith(expect.objectContaining({ id: ACCOUNT_ID, isCompleted: true }));
    expect(currentToast()).toMatchObject({ title: SESSION_TEXTS.savedTitle, description: SESSION_TEXTS.savedServerBody });
    expect(storedSessions()).toEqual([]);
  });

  test("a write begun before the move (a growth step, a summary) goes to the account's copy, every field with it", async () => {
    await resultsThenSignInElsewhere();
    signedInAs("user_a");
    const followUp = { transcript: "Jon: Saturday it is.", createdAt: "2026-11-02T09:00:00.000Z" };
    expect(keepOnDevice({ ...GUEST_SESSION, followUpTranscripts: [followUp] } as never)).toBe(true);
    await waitFor(() => sessionApi.migrate.mock.calls.length === 1);
    expect(sessionApi.migrate).toHaveBeenCalledWith([expect.objectContaining({ id: ACCOUNT_ID, followUpTranscripts: [followUp] })]);
    await settle();
    expect(storedSessions()).toEqual([]);
  });

  test("one the account cannot take now waits here as the account's backup (not a guest's), and 'Save Error' says so", async () => {
    await resultsThenSignInElsewhere();
    signedInAs("user_a");
    sessionApi.migrate.mockRejectedValueOnce(new Error("offline"));
    expect(keepOnDevice({ ...GUEST_SESSION, summary: "Changed" })).toBe(true);
    await waitFor(() => storedSessions().length === 1);
    expect(storedSessions()).toEqual([expect.objectContaining({ id: ACCOUNT_ID, ownerId: "user_a", summary: "Changed" })]);
    expect(currentToast()).toMatchObject({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody });
  });

  test("another account signed in here cannot write the first account's session", async () => {
    const flow = await resultsThenSignInElsewhere();
    signedInAs("user_b");
    flow.results.vote(0, "helpful");
    await settle();
    expect(storedSessions()).toEqual([]);
    expect(sessionApi.swipe).not.toHaveBeenCalled();
    expect(sessionApi.migrate).not.toHaveBeenCalled();
  });
});
