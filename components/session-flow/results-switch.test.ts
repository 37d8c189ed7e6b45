/**
 * @jest-environment jsdom
 */
import { listLocalSessionRecords } from "@/lib/client/recordings/local-recordings";

import { completedSession, setUpFlow, waitFor } from "./flow-test-fixtures";

// What arrives for one session after its results have closed and another session's opened (from the history) stays with
// the one it was for: it is never written over the session now on screen, nor into that one's copy on this device.

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { summary: jest.fn(), reminderClick: jest.fn(async () => undefined) },
}));
jest.mock("@/lib/domain/calendar/reminder-ics", () => ({ buildReminderIcs: () => "BEGIN:VCALENDAR" }));
jest.mock("@/lib/client/files/download-file", () => ({ downloadFile: jest.fn() }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const summaryOfA = { summary: "You planned Saturday.", recommendations: ["Walk together"], encouragement: "Well done", reminderDate: 1 };
const sessionA = completedSession({ id: "local-1700000000001", name: "Saturday plans", summary: undefined });
const sessionB = completedSession({ id: "local-1700000000002", name: "Money talk", summary: "You talked about money." });

const { downloadFile } = jest.requireMock("@/lib/client/files/download-file");

beforeEach(() => jest.clearAllMocks());
afterEach(() => localStorage.clear());

test("a summary that arrives after its results gave way to another session's is not written over that one", async () => {
  let answer!: (summary: typeof summaryOfA) => void;
  sessionApi.summary.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  const flow = setUpFlow();
  flow.results.open(sessionA);
  expect(sessionApi.summary).toHaveBeenCalledTimes(1);

  flow.results.close();
  flow.results.open(sessionB);
  answer(summaryOfA);
  await new Promise((resolve) => setTimeout(resolve, 20));

  const { phase } = flow.kit.getState();
  expect(phase.name === "results" && phase.session).toMatchObject({ id: sessionB.id, summary: "You talked about money." });
  expect(listLocalSessionRecords().find((record) => record.id === sessionB.id)?.summary).not.toBe(summaryOfA.summary);
});

test("a reminder set just before the results gave way to another session's does not bring the first one back over it", async () => {
  const flow = setUpFlow();
  flow.results.open({ ...sessionA, summary: "Kept" });
  flow.results.setReminder();
  flow.results.close();
  flow.results.open(sessionB);
  await waitFor(() => downloadFile.mock.calls.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 20));

  const { phase } = flow.kit.getState();
  expect(phase.name === "results" && phase.session.id).toBe(sessionB.id);
});

test("a reminder marks the session as it is when the calendar file is made, keeping what changed meanwhile", async () => {
  const flow = setUpFlow();
  flow.results.open({ ...sessionA, summary: "Kept" });
  flow.results.setReminder();
  flow.results.vote(0, "helpful");
  await waitFor(() => downloadFile.mock.calls.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 20));

  const { phase } = flow.kit.getState();
  expect(phase.name === "results" && phase.session).toMatchObject({ reminderSet: true, swipeActions: [expect.objectContaining({ cardIndex: 0 })] });
});
