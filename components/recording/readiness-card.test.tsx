/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { ReadinessCard } from "./readiness-card";
import { READINESS_TEXTS } from "./texts";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("3, 2, 1 with the choices off; at 0 the capture starts, and 'Recording...' shows once the microphone is open", () => {
  const handlers = { onCountdownEnd: jest.fn(), onReady: jest.fn(), onNotReady: jest.fn() };
  const { rerender } = render(<ReadinessCard capturing={false} {...handlers} />);
  expect(screen.getByRole("dialog", { name: READINESS_TEXTS.relationshipTitle })).toBeInTheDocument();
  for (const left of ["3", "2", "1"]) {
    expect(screen.getByTestId("readiness-countdown")).toHaveTextContent(left);
    expect(screen.getByRole("button", { name: READINESS_TEXTS.positive })).toBeDisabled();
    expect(screen.getByRole("button", { name: READINESS_TEXTS.negative })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
  }
  expect(handlers.onCountdownEnd).toHaveBeenCalledTimes(1);
  expect(screen.getByText(READINESS_TEXTS.startingMicrophone)).toBeInTheDocument();
  expect(screen.queryByText(READINESS_TEXTS.recordingNow)).not.toBeInTheDocument();
  // "Not now" works while the microphone is being opened.
  act(() => screen.getByRole("button", { name: READINESS_TEXTS.negative }).click());
  expect(handlers.onNotReady).toHaveBeenCalledTimes(1);

  rerender(<ReadinessCard capturing {...handlers} />);
  expect(screen.getByText(READINESS_TEXTS.recordingNow)).toBeInTheDocument();
  act(() => screen.getByRole("button", { name: READINESS_TEXTS.positive }).click());
  expect(handlers.onReady).toHaveBeenCalledTimes(1);
  expect(handlers.onCountdownEnd).toHaveBeenCalledTimes(1);
});
