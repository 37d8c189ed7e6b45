/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import type { InsightCard } from "@/lib/domain/analysis/types";

import { InsightDeck } from "./insight-deck";

const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index + 1}`).join(" ");

const CARDS: InsightCard[] = [
  {
    dimension: "Curiosity",
    insight: "You asked open questions.",
    tips: ["Ask one follow-up.", "Check back what you heard.", "A third tip"],
    color: "deep-teal",
    icon: "search",
    evidence: ["What did you mean by that?"],
  },
  { dimension: "Clarity", insight: "You named what you needed.", tips: [words(60)], color: "sunflower", icon: "lightbulb" },
  { dimension: "Timing", insight: "You took a break when it got heated.", tips: [], color: "soft-brown", icon: "clock" },
];

function renderDeck(props: Partial<Parameters<typeof InsightDeck>[0]> = {}) {
  const onVote = jest.fn();
  const onFinished = jest.fn();
  render(<InsightDeck cards={CARDS} swipeActions={[]} onVote={onVote} onFinished={onFinished} {...props} />);
  return { onVote, onFinished };
}

// jsdom has no PointerEvent, and Testing Library then fires a plain Event without clientX: give it one.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
  }
}
beforeAll(() => Object.defineProperty(window, "PointerEvent", { value: TestPointerEvent, configurable: true }));

const currentTitle = () => screen.getByRole("article").querySelector("h2")?.textContent;

describe("InsightDeck", () => {
  it("votes with the buttons and the arrow keys, one card at a time, then finishes", async () => {
    const user = userEvent.setup();
    const { onVote, onFinished } = renderDeck();

    expect(currentTitle()).toBe("Curiosity");
    expect(screen.getByRole("progressbar", { name: "Card 1 of 3" })).toHaveAttribute("aria-valuenow", "1");
    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(onVote).toHaveBeenLastCalledWith(0, "helpful");
    expect(currentTitle()).toBe("Clarity");
    expect(screen.getByRole("status")).toHaveTextContent("Helpful. Card 2 of 3");

    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onVote).toHaveBeenLastCalledWith(1, "unhelpful");
    expect(currentTitle()).toBe("Timing");
    expect(screen.getByRole("progressbar", { name: "Card 3 of 3" })).toBeInTheDocument();
    expect(onFinished).not.toHaveBeenCalled();

    screen.getByRole("article").focus();
    await user.keyboard("{ArrowRight}");
    expect(onVote).toHaveBeenLastCalledWith(2, "helpful");
    expect(onVote).toHaveBeenCalledTimes(3);
    expect(onFinished).toHaveBeenCalledTimes(1);

    // Nothing left to vote on: further presses do nothing.
    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(onVote).toHaveBeenCalledTimes(3);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it("votes by arrow key only when the card has focus, and keeps focus on the next card", async () => {
    const user = userEvent.setup();
    const { onVote } = renderDeck();
    await user.keyboard("{ArrowRight}");
    expect(onVote).not.toHaveBeenCalled();

    screen.getByRole("article").focus();
    await user.keyboard("{ArrowLeft}");
    expect(onVote).toHaveBeenLastCalledWith(0, "unhelpful");
    expect(currentTitle()).toBe("Clarity");
    expect(screen.getByRole("article")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(onVote).toHaveBeenLastCalledWith(1, "helpful");
  });

  it("counts a right swipe past 80 px as helpful and a left one as unhelpful", () => {
    jest.useFakeTimers();
    try {
      const { onVote } = renderDeck();
      const swipe = (dx: number) => {
        const group = screen.getByRole("group", { name: currentTitle()! });
        fireEvent.pointerDown(group, { clientX: 200, clientY: 100, pointerId: 1 });
        fireEvent.pointerMove(group, { clientX: 200 + dx, clientY: 100, pointerId: 1 });
        fireEvent.pointerUp(group, { clientX: 200 + dx, clientY: 100, pointerId: 1 });
        act(() => void jest.advanceTimersByTime(300));
      };
      swipe(60);
      expect(onVote).not.toHaveBeenCalled();
      swipe(120);
      expect(onVote).toHaveBeenLastCalledWith(0, "helpful");
      swipe(-120);
      expect(onVote).toHaveBeenLastCalledWith(1, "unhelpful");
    } finally {
      jest.useRealTimers();
    }
  });

  it("ignores a swipe that lands after a button already voted the same card", () => {
    jest.useFakeTimers();
    try {
      const { onVote } = renderDeck();
      const group = screen.getByRole("group", { name: "Curiosity" });
      fireEvent.pointerDown(group, { clientX: 200, clientY: 100, pointerId: 1 });
      fireEvent.pointerUp(group, { clientX: 350, clientY: 100, pointerId: 1 });
      fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
      act(() => void jest.advanceTimersByTime(300));
      expect(onVote.mock.calls).toEqual([[0, "unhelpful"]]);
      expect(currentTitle()).toBe("Clarity");
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows at most 2 tips, cut to 50 words, evidence quotes and a decorative next-card preview", async () => {
    const user = userEvent.setup();
    renderDeck();
    expect(screen.getByRole("heading", { name: "Try this" })).toBeInTheDocument();
    expect(screen.getByText("Ask one follow-up.")).toBeInTheDocument();
    expect(screen.getByText("Check back what you heard.")).toBeInTheDocument();
    expect(screen.queryByText("A third tip")).not.toBeInTheDocument();
    expect(screen.getByText("What did you mean by that?")).toBeInTheDocument();
    expect(screen.getByTestId("next-card-preview")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByTestId("next-card-preview")).toHaveTextContent("Next Card");
    expect(screen.getByTestId("next-card-preview")).toHaveTextContent("Clarity");

    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(screen.getByText(`${words(50)}...`)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(`\\bw51\\b`))).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(screen.queryByRole("heading", { name: "Try this" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("next-card-preview")).not.toBeInTheDocument();
  });

  it("resumes at the first card without a vote", () => {
    renderDeck({ swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: 1 }] });
    expect(currentTitle()).toBe("Clarity");
    expect(screen.getByText("Card 2 of 3")).toBeInTheDocument();
  });

  it("shows the 'Tutorial Practice' hint only in the tutorial", () => {
    const { unmount } = render(<InsightDeck cards={CARDS} swipeActions={[]} tutorial onVote={jest.fn()} onFinished={jest.fn()} />);
    expect(screen.getByText("Tutorial Practice")).toBeInTheDocument();
    unmount();
    renderDeck();
    expect(screen.queryByText("Tutorial Practice")).not.toBeInTheDocument();
  });
});
