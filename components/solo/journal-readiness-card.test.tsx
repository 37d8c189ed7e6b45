/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { JournalReadinessCard } from "./journal-readiness-card";
import { SOLO_TEXTS } from "./texts";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("Skip / Start, then a 3-2-1 countdown with the choices off, then Stop / Continue", () => {
  const handlers = { onCountdownStart: jest.fn(), onCountdownEnd: jest.fn(), onContinue: jest.fn(), onNotReady: jest.fn() };
  const { rerender } = render(<JournalReadinessCard capturing={false} {...handlers} />);
  expect(screen.getByRole("dialog", { name: "Journal Readiness" })).toBeInTheDocument();
  act(() => screen.getByRole("button", { name: SOLO_TEXTS.start }).click());
  expect(handlers.onCountdownStart).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId("readiness-countdown")).toHaveTextContent("3");
  expect(screen.getByRole("button", { name: SOLO_TEXTS.stop })).toBeDisabled();
  expect(screen.getByRole("button", { name: SOLO_TEXTS.continue })).toBeDisabled();

  for (const left of ["2", "1"]) {
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId("readiness-countdown")).toHaveTextContent(left);
  }
  act(() => jest.advanceTimersByTime(1000));
  expect(handlers.onCountdownEnd).toHaveBeenCalledTimes(1);
  // At 0 the microphone is being opened: the card does not claim a recording yet.
  expect(screen.getByText("Starting the microphone…")).toBeInTheDocument();
  expect(screen.queryByText("Recording...")).not.toBeInTheDocument();
  rerender(<JournalReadinessCard capturing {...handlers} />);
  expect(screen.getByText("Recording...")).toBeInTheDocument();
  act(() => screen.getByRole("button", { name: SOLO_TEXTS.continue }).click());
  expect(handlers.onContinue).toHaveBeenCalledTimes(1);
  act(() => screen.getByRole("button", { name: SOLO_TEXTS.stop }).click());
  expect(handlers.onNotReady).toHaveBeenCalledTimes(1);
});

test("Skip before the countdown is 'not ready' and starts nothing", () => {
  const handlers = { onCountdownStart: jest.fn(), onCountdownEnd: jest.fn(), onContinue: jest.fn(), onNotReady: jest.fn() };
  render(<JournalReadinessCard capturing={false} {...handlers} />);
  act(() => screen.getByRole("button", { name: SOLO_TEXTS.skip }).click());
  expect(handlers.onNotReady).toHaveBeenCalledTimes(1);
  expect(handlers.onCountdownStart).not.toHaveBeenCalled();
});
