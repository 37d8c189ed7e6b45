/**
 * @jest-environment jsdom
 */
import { SESSION_TEXTS } from "@/components/session/texts";
import { SESSION_STORAGE_MESSAGES } from "@/lib/client/storage/storage-warning";
import { currentToast } from "@/lib/client/toast/toast-store";

import { completedSession, setUpFlow } from "./flow-test-fixtures";

// A signed-in user's vote the server refuses: the 'Save Error' toast says "We've saved a local backup", so it is shown only
// when that backup was written.

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: {
    swipe: jest.fn(async () => Promise.reject(new Error("offline"))),
    get: jest.fn(async () => Promise.reject(new Error("offline"))),
    save: jest.fn(async () => Promise.reject(new Error("offline"))),
  },
}));

const ACCOUNT_SESSION = completedSession({ id: "5b0c3d2e-8f41-4a6b-9c7d-2e1f0a9b8c7d", isLocal: false, isCompleted: false, summary: "Kept" });

function voteOnce() {
  const flow = setUpFlow();
  flow.results.open(ACCOUNT_SESSION);
  flow.results.vote(0, "helpful");
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

test("the server refused the vote and the backup was kept: 'Save Error'", async () => {
  voteOnce();
  await settle();
  expect(currentToast()).toMatchObject({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody });
});

test("the server refused the vote and this device refused the backup too: the storage warning stays, no claim of a backup", async () => {
  jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("full", "QuotaExceededError");
  });
  voteOnce();
  await settle();
  expect(currentToast()).toMatchObject({ title: "Warning", description: SESSION_STORAGE_MESSAGES.quota });
});

test("votes are sent one after another, so an older list never lands last; a failed send's backup keeps every vote", async () => {
  const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
  const failures: (() => void)[] = [];
  const failLater = () => new Promise((_, reject) => failures.push(() => reject(new Error("timed out"))));
  sessionApi.swipe.mockClear().mockImplementationOnce(failLater).mockImplementationOnce(failLater);
  const flow = setUpFlow();
  flow.results.open(ACCOUNT_SESSION);
  flow.results.vote(0, "helpful");
  await settle();
  flow.results.vote(1, "unhelpful");
  await settle();
  expect(sessionApi.swipe).toHaveBeenCalledTimes(1);
  failures[0]!();
  await settle();
  const sent = sessionApi.swipe.mock.calls.map(([, votes]: [string, { cardIndex: number }[]]) => votes.map((vote) => vote.cardIndex));
  expect(sent).toEqual([[0], [0, 1]]);
  failures[1]!();
  await settle();

  const [backup] = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  expect(backup.swipeActions.map((vote: { cardIndex: number; action: string }) => [vote.cardIndex, vote.action])).toEqual([
    [0, "helpful"],
    [1, "unhelpful"],
  ]);
});

test("the last card's summary is asked for once its vote is stored, and a vote the server refused is sent again first", async () => {
  const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
  const calls: string[] = [];
  let storeVote: () => void = () => {};
  sessionApi.swipe
    .mockReset()
    .mockImplementationOnce(() => (calls.push("swipe"), Promise.reject(new Error("offline"))))
    .mockImplementationOnce(() => (calls.push("swipe"), new Promise((resolve) => (storeVote = () => resolve({ success: true })))));
  sessionApi.summary = jest.fn(async () => (calls.push("summary"), Promise.reject(new Error("offline"))));
  const flow = setUpFlow();
  // The deck of a session just analysed: open, without a summary yet.
  flow.kit.dispatch({ type: "OPENED", session: { ...ACCOUNT_SESSION, summary: undefined } });
  flow.results.vote(0, "helpful");
  flow.results.deckFinished();
  await settle();
  // The refused vote is sent again, and the summary waits for it.
  expect(calls).toEqual(["swipe", "swipe"]);
  storeVote();
  await settle();
  await settle();
  expect(calls).toEqual(["swipe", "swipe", "summary"]);
});

test("Finish Session whose save fails after the results were closed: the session is kept on this device, and 'Save Error' says so", async () => {
  const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
  let fail!: () => void;
  sessionApi.save.mockImplementationOnce(() => new Promise((_, reject) => (fail = () => reject(new Error("timed out")))));
  const flow = setUpFlow();
  flow.results.open(ACCOUNT_SESSION);
  flow.results.finish();
  await settle();
  flow.results.close();
  expect(flow.kit.getState().phase.name).toBe("idle");
  fail();
  await settle();
  await settle();

  const [backup] = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  expect(backup).toMatchObject({ id: ACCOUNT_SESSION.id, isCompleted: true });
  expect(currentToast()).toMatchObject({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody });
});

test("Save Locally Only does nothing while Retry Cloud Save runs (its answer decides), and keeps the session once it has failed", async () => {
  const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
  const flow = setUpFlow();
  flow.results.open(ACCOUNT_SESSION);
  flow.results.finish();
  await settle();
  await settle();
  expect(flow.kit.getState().phase).toMatchObject({ name: "results", save: "failed" });

  let fail!: () => void;
  sessionApi.save.mockImplementationOnce(() => new Promise((_, reject) => (fail = () => reject(new Error("timed out")))));
  flow.results.retryCloudSave();
  await settle();
  expect(flow.kit.getState().phase).toMatchObject({ name: "results", save: "retrying" });
  flow.results.saveLocallyOnly();
  expect(localStorage.getItem("local_sessions")).toBeNull();
  expect(flow.kit.getState().phase.name).toBe("results");

  fail();
  await settle();
  await settle();
  flow.results.saveLocallyOnly();
  expect(JSON.parse(localStorage.getItem("local_sessions") ?? "[]")).toEqual([expect.objectContaining({ id: ACCOUNT_SESSION.id, isCompleted: true })]);
  expect(flow.kit.getState().phase.name).toBe("idle");
});
