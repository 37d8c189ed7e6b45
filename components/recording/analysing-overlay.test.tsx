/**
 * @jest-environment jsdom
 */
import { act, render, screen } from "@testing-library/react";

import { setLongRecordingProgress } from "@/lib/client/transcription/long-recording-progress";

import { AnalysingOverlay } from "./analysing-overlay";
import { ANALYSING_TEXTS } from "./texts";

// The processing screen: for a recording sent in parts (issue 14 §2) the part under way in a polite live region; for any
// recording the screen kept awake while it shows.

const request = jest.fn();
const release = jest.fn(async () => undefined);

beforeEach(() => {
  request.mockReset().mockResolvedValue({ release });
  release.mockClear();
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
});
afterEach(() => act(() => setLongRecordingProgress(null)));

test("holds the wake lock while it shows, one piece or many, and lets it go when it closes", async () => {
  const { unmount } = render(<AnalysingOverlay step="processing" />);
  await act(async () => undefined);
  expect(request).toHaveBeenCalledWith("screen");
  unmount();
  await act(async () => undefined);
  expect(release).toHaveBeenCalled();
});

test("says which part is under way in a polite status line", async () => {
  render(<AnalysingOverlay step="processing" />);
  const status = screen.getByRole("status");
  expect(status).toHaveAttribute("aria-live", "polite");
  expect(status).toHaveTextContent("");

  expect(screen.getByText(ANALYSING_TEXTS.defaultMessage)).toBeInTheDocument();

  await act(async () => setLongRecordingProgress("Transcribing part 2 of 5"));
  expect(screen.getByRole("status")).toHaveTextContent("Transcribing part 2 of 5");
  // "Less than a minute" is not true of a long conversation.
  expect(screen.getByText(ANALYSING_TEXTS.longMessage)).toBeInTheDocument();
  expect(screen.queryByText(ANALYSING_TEXTS.defaultMessage)).toBeNull();

  await act(async () => setLongRecordingProgress(null));
  expect(screen.getByRole("status")).toHaveTextContent("");
});

test("the analysis steps after the transcript show no part line", async () => {
  await act(async () => setLongRecordingProgress("Transcribing part 5 of 5"));
  render(<AnalysingOverlay step="generating" />);
  expect(screen.getByRole("status")).toHaveTextContent("");
});

// The steps moved on (Identifying speakers → Generate conversation insights) with nothing said: only the list's
// aria-current changed, which a screen reader reads when the user goes back to the list, not when it changes.
test("each step the analysis moves to is said in a polite live region", () => {
  const spoken = () =>
    Array.from(document.querySelectorAll('[aria-live="polite"], [aria-live="assertive"]'))
      .map((region) => region.textContent ?? "")
      .join(" ");
  const { rerender } = render(<AnalysingOverlay step="identifying" />);
  expect(spoken()).toContain(ANALYSING_TEXTS.steps.identifying);
  rerender(<AnalysingOverlay step="generating" />);
  expect(spoken()).toContain(ANALYSING_TEXTS.steps.generating);
  expect(spoken()).not.toContain(ANALYSING_TEXTS.steps.identifying);
  // Still one status on the screen: the line for the parts of a long recording.
  expect(screen.getAllByRole("status")).toHaveLength(1);
});
