/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { HistoryPlaceholder } from "@/components/history/history-placeholder";
import { HISTORY_TEXTS } from "@/components/history/texts";

import { createSessionFlowActions } from "./flow-actions";
import { completedSession, setUpFlow } from "./flow-test-fixtures";

// "Go to Session History" (the growth flow's 'Unable to Load Analysis'): the results closed and the page scrolled
// smoothly to the history, whatever the system's reduced-motion setting (a script's smooth scroll is not touched by the
// stylesheet's rule), and keyboard focus was left on nothing. Now the heading takes focus, and the scroll is instant for
// someone who asked for less motion. "Go Home" after a failed upload scrolls the same way.

const scrollIntoView = jest.fn();
const scrollTo = jest.fn();
function preferReducedMotion(reduce: boolean) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({ matches: reduce && query === "(prefers-reduced-motion: reduce)", media: query }),
  });
}

beforeEach(() => {
  scrollIntoView.mockClear();
  scrollTo.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
  window.scrollTo = scrollTo as typeof window.scrollTo;
});

test.each([
  [true, "auto"],
  [false, "smooth"],
])("Go to Session History: focus on the history's heading (reduced motion %s: %s scroll)", (reduce, behavior) => {
  preferReducedMotion(reduce);
  render(<HistoryPlaceholder signedIn clerkEnabled={false} empty={false} />);
  const { kit, results } = setUpFlow();
  act(() => results.open(completedSession({ summary: "Done", recommendations: [], encouragement: "" })));
  expect(kit.getState().phase.name).toBe("results");

  act(() => results.closeToHistory());
  expect(kit.getState().phase.name).toBe("idle");
  expect(screen.getByRole("heading", { name: HISTORY_TEXTS.heading })).toHaveFocus();
  expect(scrollIntoView).toHaveBeenCalledWith({ behavior });
});

test("Go Home scrolls to the top at once when the user asked for reduced motion", () => {
  preferReducedMotion(true);
  const { kit } = setUpFlow();
  const actions = createSessionFlowActions(kit);
  actions.recording.goHomeNow();
  expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "auto" });
});
