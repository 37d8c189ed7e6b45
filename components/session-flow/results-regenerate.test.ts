/**
 * @jest-environment jsdom
 */
import { LIMIT_TEXTS } from "@/components/recording/texts";
import { REGENERATION_STEPS_MS } from "@/components/session-detail/regenerate-recommendations";
import { SESSION_DETAIL_TEXTS } from "@/components/session-detail/texts";
import { SessionApiError } from "@/lib/client/sessions/session-api";
import { SESSION_STORAGE_MESSAGES } from "@/lib/client/storage/storage-warning";
import { currentToast } from "@/lib/client/toast/toast-store";
import type { InsightCard } from "@/lib/domain/analysis/types";
import type { AnalysisStep } from "@/lib/domain/session-flow/machine";

import { completedSession, setUpFlow } from "./flow-test-fixtures";

// Regenerate Recommendations from the speaker analysis over the completion screen (spec part 2 sections 2 and 4).

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { summary: jest.fn() },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const cards = [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] as unknown as InsightCard[];
const GUEST_SESSION = completedSession({
  analysis: { ...completedSession().analysis, cards },
  swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: 1 }],
  summary: "The first summary.",
  recommendations: ["Old one"],
  encouragement: "Keep going.",
  reminderDate: 1,
});
const FRESH = { summary: "Fresh summary.", recommendations: ["One", "Two", "Three", "Four"], encouragement: "Onwards.", reminderDate: 2 };
const ALL_STEPS_MS = REGENERATION_STEPS_MS.generating + REGENERATION_STEPS_MS.reopen;

function regenerateIn(flow: ReturnType<typeof setUpFlow>) {
  const steps: (AnalysisStep | null)[] = [];
  flow.results.regenerate((step) => steps.push(step));
  return steps;
}

const openSession = (flow: ReturnType<typeof setUpFlow>) => {
  const { phase } = flow.kit.getState();
  return phase.name === "results" ? phase.session : null;
};

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionApi.summary.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test("asks for a summary of the cards and votes as they are, steps through the overlay, and puts the last three recommendations on the session", async () => {
  sessionApi.summary.mockResolvedValue(FRESH);
  const flow = setUpFlow();
  flow.results.open(GUEST_SESSION);

  const steps = regenerateIn(flow);
  await jest.advanceTimersByTimeAsync(ALL_STEPS_MS);

  expect(sessionApi.summary).toHaveBeenCalledWith(GUEST_SESSION.id, { analysis: { cards }, swipeActions: GUEST_SESSION.swipeActions });
  expect(steps).toEqual(["processing", "identifying", "generating", null]);
  expect(openSession(flow)).toMatchObject({ summary: "Fresh summary.", recommendations: ["Two", "Three", "Four"], encouragement: "Onwards.", reminderDate: 2 });
  expect(currentToast()).toMatchObject({ title: SESSION_DETAIL_TEXTS.recommendationsUpdated });
  // A guest's session is kept on this device with its new summary.
  const [kept] = JSON.parse(localStorage.getItem("local_sessions") ?? "[]");
  expect(kept).toMatchObject({ id: GUEST_SESSION.id, summary: "Fresh summary.", recommendations: ["Two", "Three", "Four"] });
});

test("a failed regeneration says so and leaves the session as it was", async () => {
  sessionApi.summary.mockRejectedValue(new SessionApiError("Internal error", { status: 500 }));
  const flow = setUpFlow();
  flow.results.open(GUEST_SESSION);

  const steps = regenerateIn(flow);
  await jest.advanceTimersByTimeAsync(ALL_STEPS_MS);

  expect(steps.at(-1)).toBeNull();
  expect(openSession(flow)).toMatchObject({ summary: "The first summary.", recommendations: ["Old one"] });
  expect(currentToast()).toMatchObject({
    title: SESSION_DETAIL_TEXTS.regenerationFailedTitle,
    description: SESSION_DETAIL_TEXTS.regenerationFailedBody,
  });
});

test("over the summary's rate limit: 'Limit Reached' with the wait", async () => {
  sessionApi.summary.mockRejectedValue(new SessionApiError("Too many requests", { status: 429, details: { retryAfterSeconds: 120 } }));
  const flow = setUpFlow();
  flow.results.open(GUEST_SESSION);

  regenerateIn(flow);
  await jest.advanceTimersByTimeAsync(ALL_STEPS_MS);

  expect(currentToast()).toMatchObject({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.tryLater("2 minutes") });
  expect(openSession(flow)).toMatchObject({ summary: "The first summary." });
});

test("results closed while it ran: the summary is not written anywhere", async () => {
  let answer: (summary: typeof FRESH) => void = () => undefined;
  sessionApi.summary.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  const flow = setUpFlow();
  flow.results.open(GUEST_SESSION);

  regenerateIn(flow);
  flow.results.close();
  answer(FRESH);
  await jest.advanceTimersByTimeAsync(ALL_STEPS_MS);

  expect(flow.kit.getState().phase.name).toBe("idle");
  expect(localStorage.getItem("local_sessions")).toBeNull();
  expect(currentToast()?.title).not.toBe(SESSION_DETAIL_TEXTS.recommendationsUpdated);
});

test("a guest's device refuses the new summary: its Warning stays, and nothing claims it was updated", async () => {
  sessionApi.summary.mockResolvedValue(FRESH);
  const flow = setUpFlow();
  flow.results.open(GUEST_SESSION);
  jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("full", "QuotaExceededError");
  });

  regenerateIn(flow);
  await jest.advanceTimersByTimeAsync(ALL_STEPS_MS);

  expect(currentToast()).toMatchObject({ title: "Warning", description: SESSION_STORAGE_MESSAGES.quota });
});
