/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";

import type { Analysis, InsightCard, SwipeAction } from "@/lib/domain/analysis/types";

import { deckStartsComplete, ResultsDeck } from "./results-deck";

const card = (dimension: string): InsightCard => ({ dimension, insight: `About ${dimension}.`, tips: ["A tip."], color: "soft-tangerine", icon: "heart" });

const ANALYSIS: Analysis = {
  cards: [card("Curiosity"), card("Clarity")],
  coachResponse: "You both **stayed kind** while disagreeing.",
  briefSummary: "Weekend plans",
  recommendations: [],
  encouragement: "",
  mutualGrowthCard: { dimension: "Mutual Aspirations & Growth", insight: "Keep going.", tips: ["Ask"], icon: "sparkles", color: "soft-tangerine" },
  source: "ai",
};

function renderDeck(props: Partial<Parameters<typeof ResultsDeck>[0]> = {}) {
  const handlers = { onVote: jest.fn(), onDeckFinished: jest.fn(), onSetReminder: jest.fn(), onFinish: jest.fn(), onClose: jest.fn() };
  render(<ResultsDeck analysis={ANALYSIS} swipeActions={[]} completion={{ loading: true, summary: null }} {...handlers} {...props} />);
  return handlers;
}

const heading = (name: string) => screen.getByRole("heading", { level: 2, name });

describe("ResultsDeck", () => {
  it("opens with the safety card, crisis lines first, when the words raised a safety concern", async () => {
    const user = userEvent.setup();
    renderDeck({ analysis: { ...ANALYSIS, safety: { concern: true, kinds: ["self-harm"] } } });
    expect(heading("Before anything else")).toHaveFocus();
    expect(screen.getByText(/This app is not the right tool for this/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "988" })).toHaveAttribute("href", "tel:988");
    expect(screen.getByRole("link", { name: "116 123" })).toHaveAttribute("href", "tel:116123");
    expect(
      within(screen.getByRole("region", { name: "People trained to help, free and confidential" })).getByRole("link", { name: "988" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Conversation Summary" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I understand, show the summary" }));
    expect(heading("Conversation Summary")).toHaveFocus();
  });

  it("a completed session with a safety concern reopens at its completion screen", () => {
    renderDeck({ analysis: { ...ANALYSIS, safety: { concern: true, kinds: ["abuse"] } }, startAtComplete: true });
    expect(heading("Session Completed")).toBeInTheDocument();
  });

  it("goes coach summary → explainer → cards → completion", async () => {
    const user = userEvent.setup();
    const { onVote, onDeckFinished } = renderDeck();

    expect(screen.getByRole("dialog", { name: "Session insights" })).toHaveAttribute("aria-modal", "true");
    expect(heading("Conversation Summary")).toHaveFocus();
    expect(screen.getByText("stayed kind")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue to Insights" }));

    expect(heading("How Your Coach Works")).toHaveFocus();
    expect(screen.getByRole("heading", { name: "About the Insight Cards" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start Swiping Practice" }));

    expect(heading("Curiosity")).toBeInTheDocument();
    expect(screen.queryByText("Tutorial Practice")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(heading("Clarity")).toBeInTheDocument();
    expect(onDeckFinished).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));

    expect(onVote.mock.calls).toEqual([
      [0, "helpful"],
      [1, "unhelpful"],
    ]);
    expect(onDeckFinished).toHaveBeenCalledTimes(1);
    expect(heading("Session Completed")).toHaveFocus();
    expect(screen.getByText("Generating your personalized summary...")).toBeInTheDocument();
  });

  it("example session: tutorial welcome, no coach summary, tutorial cards and completion", async () => {
    const user = userEvent.setup();
    renderDeck({ isExample: true });

    expect(screen.getByRole("dialog", { name: "Tutorial" })).toBeInTheDocument();
    expect(heading("Welcome to Tutorial!")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(7);
    expect(within(screen.getByRole("region", { name: "How it works" })).getAllByRole("listitem")).toHaveLength(7);
    await user.click(screen.getByRole("button", { name: "Continue to Analysis" }));

    expect(screen.queryByRole("heading", { name: "Conversation Summary" })).not.toBeInTheDocument();
    expect(heading("How Your Coach Works")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start Swiping Practice" }));
    expect(screen.getByText("Tutorial Practice")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Helpful" }));
    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(heading("Tutorial Completed")).toBeInTheDocument();
    expect(screen.getByText("Tutorial Complete!")).toBeInTheDocument();
  });

  it("opens at completion when every card has a vote", () => {
    const swipeActions: SwipeAction[] = [
      { cardIndex: 0, action: "helpful", timestamp: 1 },
      { cardIndex: 1, action: "unhelpful", timestamp: 2 },
    ];
    const { onDeckFinished } = renderDeck({
      swipeActions,
      completion: { loading: false, summary: { summary: "It went well.", recommendations: ["Listen"], encouragement: "Onward", reminderDate: 0 } },
    });
    expect(heading("Session Completed")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Conversation Summary" })).not.toBeInTheDocument();
    expect(screen.getByText("It went well.")).toBeInTheDocument();
    expect(onDeckFinished).not.toHaveBeenCalled();
  });

  it("opens at completion with startAtComplete, and on the coach summary with only some votes", () => {
    const { unmount } = render(
      <ResultsDeck
        analysis={ANALYSIS}
        swipeActions={[]}
        startAtComplete
        completion={{ loading: false, summary: null }}
        onVote={jest.fn()}
        onDeckFinished={jest.fn()}
        onSetReminder={jest.fn()}
        onFinish={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(heading("Session Completed")).toBeInTheDocument();
    unmount();
    renderDeck({ swipeActions: [{ cardIndex: 1, action: "helpful", timestamp: 1 }] });
    expect(heading("Conversation Summary")).toBeInTheDocument();
    expect(
      deckStartsComplete(2, [
        { cardIndex: 0, action: "helpful", timestamp: 1 },
        { cardIndex: 0, action: "unhelpful", timestamp: 2 },
      ]),
    ).toBe(false);
  });

  it("shows one placeholder card for an empty card list, without storing a vote for it", async () => {
    const user = userEvent.setup();
    const { onVote, onDeckFinished } = renderDeck({ analysis: { ...ANALYSIS, cards: [] } });
    await user.click(screen.getByRole("button", { name: "Continue to Insights" }));
    await user.click(screen.getByRole("button", { name: "Start Swiping Practice" }));
    expect(heading("Session Data")).toBeInTheDocument();
    expect(screen.getByText("Card 1 of 1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Helpful" }));
    expect(onVote).not.toHaveBeenCalled();
    expect(onDeckFinished).toHaveBeenCalledTimes(1);
  });

  it("closes from the top bar", async () => {
    const user = userEvent.setup();
    const { onClose } = renderDeck();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

// A completed session picked in the history opens its results over the page. Closing them left focus on nothing: a
// keyboard user went back to the top of the page and tabbed through the recorder again to reach the next session.
describe("ResultsDeck focus", () => {
  function HistoryWithResults() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open session: Weekend plans
        </button>
        {open ? (
          <ResultsDeck
            analysis={ANALYSIS}
            swipeActions={[]}
            startAtComplete
            completion={{ loading: false, summary: null }}
            onVote={jest.fn()}
            onDeckFinished={jest.fn()}
            onSetReminder={jest.fn()}
            onFinish={jest.fn()}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </>
    );
  }

  it("lands on the screen's heading, keeps Tab inside, and gives focus back to the session's button on closing", async () => {
    const user = userEvent.setup();
    render(<HistoryWithResults />);
    const opener = screen.getByRole("button", { name: "Open session: Weekend plans" });
    await user.tab();
    await user.keyboard("{Enter}");
    expect(heading("Session Completed")).toHaveFocus();
    const dialog = screen.getByRole("dialog");
    for (let step = 0; step < 12; step++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });
});

// After a recording the results come after the progress screen, not from a control: closing them (Finish Session, ×)
// left focus on nothing.
it("results that nothing opened give focus on closing to returnFocus (the record button)", async () => {
  const user = userEvent.setup();
  function AfterRecording() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" id="record-button">
          Start recording
        </button>
        {open ? (
          <ResultsDeck
            analysis={ANALYSIS}
            swipeActions={[]}
            startAtComplete
            completion={{ loading: false, summary: null }}
            onVote={jest.fn()}
            onDeckFinished={jest.fn()}
            onSetReminder={jest.fn()}
            onFinish={jest.fn()}
            onClose={() => setOpen(false)}
            returnFocus={() => document.getElementById("record-button")}
          />
        ) : null}
      </>
    );
  }
  render(<AfterRecording />);
  await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
  expect(screen.getByRole("button", { name: "Start recording" })).toHaveFocus();
});
