/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import { GrowthOverlay } from "@/components/growth/growth-overlay";
import { GROWTH_TEXTS } from "@/components/growth/texts";
import { completedSession } from "@/components/session-flow/flow-test-fixtures";
import { JournalReadinessCard } from "@/components/solo/journal-readiness-card";
import { SOLO_TEXTS } from "@/components/solo/texts";
import type { ResultsPhase } from "@/lib/domain/session-flow/machine";

import { AnalysingOverlay } from "./analysing-overlay";
import { ReadinessCard } from "./readiness-card";
import { ANALYSING_TEXTS, READINESS_TEXTS } from "./texts";

// The screens of the recording flow that we draw ourselves (not Radix dialogs) are aria-modal dialogs: a screen reader
// reads only them. Focus stayed on the record button behind them: the readiness card's title was never read, Tab walked
// the page it covers (and Enter on the focused record button, now 'Stop recording', stopped the recording under the
// card), and once the card closed focus was on nothing. Now focus comes to the screen's title, Tab stays in the screen,
// and closing gives focus back to the control that opened it.

const noop = () => undefined;
const mockGrowth = { cancel: jest.fn(), send: jest.fn() };
jest.mock("@/components/session-flow/session-flow-provider", () => ({
  useSessionFlow: () => ({ actions: { growth: mockGrowth } }),
}));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());
const keyboard = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

/** The home screen's part: the record button opens the card; "Yes, ready" closes it. */
function RecorderWithCard() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Start recording
      </button>
      <a href="/privacy-policy">Privacy Policy</a>
      {open ? <ReadinessCard capturing onCountdownEnd={noop} onReady={() => setOpen(false)} onNotReady={() => setOpen(false)} /> : null}
    </>
  );
}

test("Timing & Readiness: focus on its title, Tab cycles its two buttons only, and returns to the record button after", async () => {
  const user = keyboard();
  render(<RecorderWithCard />);
  const record = screen.getByRole("button", { name: "Start recording" });
  await user.tab();
  expect(record).toHaveFocus();
  await user.keyboard("{Enter}");

  expect(screen.getByRole("heading", { name: READINESS_TEXTS.relationshipTitle })).toHaveFocus();
  // The countdown: both choices are off, and Tab does not leave the card for the page behind it.
  await user.tab();
  expect(screen.getByRole("heading", { name: READINESS_TEXTS.relationshipTitle })).toHaveFocus();

  for (let second = 0; second < 3; second++) act(() => jest.advanceTimersByTime(1000));
  const notNow = screen.getByRole("button", { name: READINESS_TEXTS.negative });
  const ready = screen.getByRole("button", { name: READINESS_TEXTS.positive });
  await user.tab();
  expect(notNow).toHaveFocus();
  await user.tab();
  expect(ready).toHaveFocus();
  await user.tab();
  expect(notNow).toHaveFocus();
  await user.tab({ shift: true });
  expect(ready).toHaveFocus();

  await user.keyboard("{Enter}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(record).toHaveFocus();
});

test("Timing & Readiness: the page behind is hidden from screen readers while the card shows (the toasts excepted), and shown again after", async () => {
  const user = keyboard();
  render(
    <>
      <RecorderWithCard />
      <ol data-toast-viewport aria-label="Notifications" />
    </>,
  );
  await user.click(screen.getByRole("button", { name: "Start recording" }));
  // Hidden: not found by role, as a screen reader would not reach it.
  expect(screen.queryByRole("button", { name: "Start recording" })).toBeNull();
  expect(screen.queryByRole("link", { name: "Privacy Policy" })).toBeNull();
  expect(screen.getByRole("list", { name: "Notifications" })).toBeInTheDocument();
  expect(screen.getByRole("dialog")).toBeInTheDocument();

  for (let second = 0; second < 3; second++) act(() => jest.advanceTimersByTime(1000));
  await user.click(screen.getByRole("button", { name: READINESS_TEXTS.positive }));
  expect(screen.getByRole("button", { name: "Start recording" })).toHaveFocus();
  expect(screen.getByRole("link", { name: "Privacy Policy" })).toBeInTheDocument();
});

test("Journal Readiness: focus on its title, and back on it while Start is off for the countdown", async () => {
  const user = keyboard();
  render(<JournalReadinessCard capturing={false} onCountdownStart={noop} onCountdownEnd={noop} onContinue={noop} onNotReady={noop} />);
  const title = screen.getByRole("heading", { name: READINESS_TEXTS.soloTitle });
  expect(title).toHaveFocus();
  await user.tab();
  await user.tab();
  expect(screen.getByRole("button", { name: SOLO_TEXTS.start })).toHaveFocus();
  await user.keyboard("{Enter}");
  // The button under focus is off for the countdown (and says Continue after it).
  expect(screen.getByRole("button", { name: SOLO_TEXTS.continue })).toBeDisabled();
  expect(title).toHaveFocus();
});

test("Analyzing Your Conversation: focus comes to its title", () => {
  render(
    <>
      <button type="button" disabled>
        Stop recording
      </button>
      <AnalysingOverlay step="processing" />
    </>,
  );
  expect(screen.getByRole("heading", { name: ANALYSING_TEXTS.title })).toHaveFocus();
});

function CompletionWithGrowth() {
  const [growth, setGrowth] = useState<ResultsPhase["growth"]>(null);
  mockGrowth.cancel.mockImplementation(() => setGrowth(null));
  const results: ResultsPhase = { name: "results", session: completedSession(), summaryLoading: false, save: "idle", growth };
  return (
    <>
      <button type="button" onClick={() => setGrowth({ name: "recording", startedAt: Date.now() })}>
        Create Mutual Growth Commitment
      </button>
      <GrowthOverlay results={results} />
    </>
  );
}

test("Growth card: focus on its title, Previous (cancel) gives focus back to 'Create Mutual Growth Commitment'", async () => {
  const user = keyboard();
  render(<CompletionWithGrowth />);
  const create = screen.getByRole("button", { name: "Create Mutual Growth Commitment" });
  await user.click(create);
  expect(screen.getByRole("heading", { name: GROWTH_TEXTS.cardTitle })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("button", { name: GROWTH_TEXTS.previous })).toHaveFocus();
  await user.keyboard("{Enter}");
  expect(mockGrowth.cancel).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(create).toHaveFocus();
});
