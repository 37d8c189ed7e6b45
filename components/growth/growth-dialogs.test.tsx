/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { completedSession } from "@/components/session-flow/flow-test-fixtures";
import type { ResultsPhase } from "@/lib/domain/session-flow/machine";

import { GrowthDialogs } from "./growth-dialogs";
import { GROWTH_TEXTS } from "./texts";

// The growth follow-up's failure dialogs open after its progress screen has gone, so Radix had nothing to give focus
// back to: after Cancel or Close it was on nothing, over the completion screen. Now it goes to the screen's heading.

const mockGrowth = { close: jest.fn(), tryAgain: jest.fn(), finishWithGenericRecommendations: jest.fn() };
jest.mock("@/components/session-flow/session-flow-provider", () => ({ useSessionFlow: () => ({ actions: { growth: mockGrowth } }) }));

function Completion({ dialog }: { dialog: "generation-failed" | "generation-failed-again" }) {
  const [growth, setGrowth] = useState<ResultsPhase["growth"]>({ name: "failed", dialog });
  mockGrowth.close.mockImplementation(() => setGrowth(null));
  mockGrowth.finishWithGenericRecommendations.mockImplementation(() => setGrowth(null));
  const results: ResultsPhase = { name: "results", session: completedSession(), summaryLoading: false, save: "idle", growth };
  return (
    <>
      <h2 id="completion-title" tabIndex={-1}>
        Session Completed
      </h2>
      <GrowthDialogs results={results} onViewTranscript={() => undefined} onGoToHistory={() => undefined} />
    </>
  );
}

test.each([
  ["generation-failed", GROWTH_TEXTS.cancel],
  ["generation-failed-again", GROWTH_TEXTS.close],
] as const)("%s → %s: focus on the completion screen's heading", async (dialog, button) => {
  const user = userEvent.setup();
  render(<Completion dialog={dialog} />);
  await user.click(screen.getByRole("button", { name: button }));
  expect(screen.queryByRole("dialog")).toBeNull();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.getByRole("heading", { name: "Session Completed" })).toHaveFocus();
});
