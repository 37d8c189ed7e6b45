/**
 * @jest-environment jsdom
 */
import type { SessionFlowActions } from "./flow-actions";
import { createFlowKit } from "./flow-kit";
import { completedSession, waitFor } from "./flow-test-fixtures";
import { createResultsActions } from "./results-actions";
import { createLazyActions } from "./session-flow-provider";

// A completed session without its summary, opened from the history twice before the flow's code has arrived: both calls
// wait for the code and then run back to back. The summary, a paid call, is asked for once.

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { summary: jest.fn() },
}));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

const summary = { summary: "You planned Saturday.", recommendations: ["Walk together"], encouragement: "Well done", reminderDate: 1 };
const withoutSummary = completedSession({ id: "local-1700000000001", summary: undefined });

/** The flow's actions (only the results) behind their lazy loader, the download arriving when the test says. */
function flowWhoseCodeIsLoading() {
  const kit = createFlowKit();
  let arrive!: () => void;
  const load = () =>
    new Promise<{ createSessionFlowActions: (kit: ReturnType<typeof createFlowKit>) => SessionFlowActions }>(
      (resolve) =>
        (arrive = () =>
          resolve({ createSessionFlowActions: (flowKit) => ({ results: createResultsActions(flowKit, { stopCapture: () => {} }) }) as SessionFlowActions })),
    );
  const { actions } = createLazyActions(kit, load, () => ({}));
  return { kit, actions, arrive: () => arrive() };
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => localStorage.clear());

test("the same session opened twice while the flow's code loads asks for its summary once", async () => {
  sessionApi.summary.mockResolvedValue(summary);
  const { kit, actions, arrive } = flowWhoseCodeIsLoading();
  actions.results.open(withoutSummary);
  actions.results.open(withoutSummary);

  arrive();
  await waitFor(() => {
    const { phase } = kit.getState();
    return phase.name === "results" && phase.session.summary === summary.summary;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sessionApi.summary).toHaveBeenCalledTimes(1);
});
