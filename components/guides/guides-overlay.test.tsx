/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { GuidesOverlay } from "./guides-overlay";
import { CONVERSATION_GUIDES, GUIDES_TEXTS } from "./texts";

function renderOverlay(props: Partial<Parameters<typeof GuidesOverlay>[0]> = {}) {
  const onChoose = jest.fn();
  render(<GuidesOverlay open onOpenChange={jest.fn()} recording={false} canChoose={false} chosenHeadline={null} onChoose={onChoose} {...props} />);
  return { onChoose };
}

const card = () => screen.getByRole("group");

describe("GuidesOverlay", () => {
  test("eight guides, the spec's titles in order, each with a description and prompts", () => {
    expect(CONVERSATION_GUIDES.map((guide) => guide.headline)).toEqual([
      "Two Peas in a Pod",
      "Elephant in the Room",
      "Life's Lemons",
      "Better Half",
      "Grow Together",
      "Hot Chili",
      "Greener Grass",
      "Come Rain or Shine",
    ]);
    for (const guide of CONVERSATION_GUIDES) {
      expect(guide.subheadline.length).toBeGreaterThan(20);
      expect(guide.prompts.length).toBeGreaterThanOrEqual(3);
    }
  });

  test("Previous and Next wrap around the deck", async () => {
    const user = userEvent.setup();
    renderOverlay();
    expect(card()).toHaveAccessibleName("Two Peas in a Pod");
    await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.previous }));
    expect(card()).toHaveAccessibleName("Come Rain or Shine");
    expect(screen.getByText(GUIDES_TEXTS.position(7, 8))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.next }));
    await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.next }));
    expect(card()).toHaveAccessibleName("Elephant in the Room");
  });

  test("relationship mode: conversation starters, nothing to choose, no badge when not recording", () => {
    renderOverlay();
    expect(screen.queryByRole("button", { name: GUIDES_TEXTS.choose })).not.toBeInTheDocument();
    expect(screen.getByText(GUIDES_TEXTS.startersNote)).toBeInTheDocument();
    expect(screen.queryByText(GUIDES_TEXTS.recordingBadge)).not.toBeInTheDocument();
  });

  test("solo while recording: the badge shows and the shown guide is chosen", async () => {
    const user = userEvent.setup();
    const { onChoose } = renderOverlay({ recording: true, canChoose: true });
    expect(screen.getByText(GUIDES_TEXTS.recordingBadge)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.next }));
    await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.choose }));
    expect(onChoose).toHaveBeenCalledWith(CONVERSATION_GUIDES[1]);
  });

  test("the guide already chosen says so instead of offering it again", () => {
    renderOverlay({ recording: true, canChoose: true, chosenHeadline: "Two Peas in a Pod" });
    expect(screen.getByRole("status")).toHaveTextContent(GUIDES_TEXTS.chosen);
    expect(screen.queryByRole("button", { name: GUIDES_TEXTS.choose })).not.toBeInTheDocument();
  });
});

// Previous / Next change the card above the button that keeps focus: a screen reader said nothing of the guide that came.
test("Previous and Next say which guide has come, in a polite live region", async () => {
  const user = userEvent.setup();
  renderOverlay();
  const spoken = () => Array.from(document.querySelectorAll('[aria-live="polite"]'), (region) => region.textContent).join(" ");
  const next = screen.getByRole("button", { name: GUIDES_TEXTS.next });
  next.focus();
  await user.keyboard("{Enter}");
  expect(spoken()).toContain(GUIDES_TEXTS.shown(1, 8, "Elephant in the Room"));
  expect(next).toHaveFocus();
  await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.previous }));
  await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.previous }));
  expect(spoken()).toContain(GUIDES_TEXTS.shown(7, 8, "Come Rain or Shine"));
});

test("opened again, the overlay starts at the first guide, whichever was shown when it closed", async () => {
  const user = userEvent.setup();
  const props = { onOpenChange: jest.fn(), recording: false, canChoose: false, chosenHeadline: null, onChoose: jest.fn() };
  const { rerender } = render(<GuidesOverlay open {...props} />);
  await user.click(screen.getByRole("button", { name: GUIDES_TEXTS.previous }));
  expect(card()).toHaveAccessibleName("Come Rain or Shine");
  rerender(<GuidesOverlay open={false} {...props} />);
  rerender(<GuidesOverlay open {...props} />);
  expect(card()).toHaveAccessibleName("Two Peas in a Pod");
  expect(screen.getByText(GUIDES_TEXTS.position(0, 8))).toBeInTheDocument();
  // Nothing is left saying the guide that was shown before.
  const spoken = Array.from(document.querySelectorAll('[aria-live="polite"]'), (region) => region.textContent).join(" ");
  expect(spoken).not.toContain("Come Rain or Shine");
});
