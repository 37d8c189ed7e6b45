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
  sessionApi: { swipe: jest.fn(async () => Promise.reject(new Error("offline"))) },
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

test("votes whose sends fail out of order leave a backup with every vote, not the one whose failure came last", async () => {
  const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");
  const failures: (() => void)[] = [];
  const failLater = () => new Promise((_, reject) => failures.push(() => reject(new Error("timed out"))));
  sessionApi.swipe.mockImplementationOnce(failLater).mockImplementationOnce(failLater);
  const flow = setUpFlow();
  flow.results.open(ACCOUNT_SESSION);
  flow.results.vote(0, "helpful");
  flow.results.vote(1, "unhelpful");
  // The second vote's send fails first, the first vote's last.
  failures[1]!();
  await settle();
  failures[0]!();
  await settle();

  const [backup] = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  expect(backup.swipeActions.map((vote: { cardIndex: number; action: string }) => [vote.cardIndex, vote.action])).toEqual([
    [0, "helpful"],
    [1, "unhelpful"],
  ]);
});
