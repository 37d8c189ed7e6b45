/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import type { SessionSummary } from "@/lib/domain/analysis/types";

import { CompletionScreen } from "./completion-screen";

const SUMMARY: SessionSummary = {
  summary: "Asking about each other's week landed well.",
  recommendations: ["Ask one open question a day.", "  ", "Take a break before voices rise."],
  encouragement: "You're building something good together.",
  reminderDate: Date.UTC(2025, 0, 15),
};

function renderScreen(props: Partial<Parameters<typeof CompletionScreen>[0]> = {}) {
  const handlers = { onSetReminder: jest.fn(), onFinish: jest.fn() };
  const view = render(<CompletionScreen variant="session" loading={false} summary={SUMMARY} {...handlers} {...props} />);
  return { ...handlers, ...view };
}

describe("CompletionScreen", () => {
  it("offers Create Mutual Growth Commitment once the summary is there, when the parent can start one", async () => {
    const user = userEvent.setup();
    const onCreateGrowth = jest.fn();
    const { rerender, onSetReminder, onFinish } = renderScreen({ loading: true, summary: null, onCreateGrowth });
    expect(screen.getByRole("button", { name: "Create Mutual Growth Commitment" })).toBeDisabled();
    rerender(
      <CompletionScreen
        variant="session"
        loading={false}
        summary={SUMMARY}
        onSetReminder={onSetReminder}
        onFinish={onFinish}
        onCreateGrowth={onCreateGrowth}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Create Mutual Growth Commitment" }));
    expect(onCreateGrowth).toHaveBeenCalledTimes(1);
  });

  it("shows the loading text, then What Resonated, Focus On with numbered recommendations and Keep Going", () => {
    const { rerender, onSetReminder, onFinish } = renderScreen({ loading: true, summary: null });
    expect(screen.getByRole("heading", { level: 2, name: "Session Completed" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Generating your personalized summary...");
    expect(screen.queryByRole("heading", { name: "What Resonated" })).not.toBeInTheDocument();

    rerender(<CompletionScreen variant="session" loading={false} summary={SUMMARY} onSetReminder={onSetReminder} onFinish={onFinish} />);
    expect(screen.queryByText("Generating your personalized summary...")).not.toBeInTheDocument();
    // The loading text went without a word: the status it was in now says the summary has come.
    expect(screen.getByRole("status")).toHaveTextContent("Your summary is ready.");
    expect(screen.getByRole("heading", { name: "What Resonated" })).toBeInTheDocument();
    expect(screen.getByText(SUMMARY.summary)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Keep Going" })).toBeInTheDocument();
    expect(screen.getByText(SUMMARY.encouragement)).toBeInTheDocument();

    const focus = screen.getByRole("heading", { name: "Focus On" }).parentElement!;
    const items = within(within(focus).getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["1.Ask one open question a day.", "2.Take a break before voices rise."]);
  });

  it("renders What Resonated and Keep Going as safe markdown, never as literal ** marks", () => {
    renderScreen({
      summary: {
        ...SUMMARY,
        summary: "**Curiosity** and *appreciation* resonated with you. [Read more](javascript:alert(1))\n\n# A heading",
        recommendations: ["**Ask** one open question a day."],
        encouragement: "Keep **going** together!",
      },
    });
    const resonated = screen.getByRole("region", { name: "What Resonated" });
    expect(resonated).not.toHaveTextContent("*");
    expect(resonated).toHaveTextContent("Curiosity and appreciation resonated with you. Read more");
    expect(within(resonated).getByText("Curiosity").tagName).toBe("STRONG");
    expect(within(resonated).queryByRole("link")).not.toBeInTheDocument();
    // The summary's own headings sit under "What Resonated" (h3).
    expect(within(resonated).getByRole("heading", { name: "A heading" }).tagName).toBe("H4");
    expect(screen.getByRole("region", { name: "Keep Going" })).toHaveTextContent("Keep going together!");
    expect(screen.getByRole("region", { name: "Focus On" })).toHaveTextContent("1.Ask one open question a day.");
    expect(document.body).not.toHaveTextContent("**");
  });

  it("offers Set Reminder with its 2-week note and Finish Session, both off while the summary loads", async () => {
    const user = userEvent.setup();
    const { rerender, onSetReminder, onFinish } = renderScreen({ loading: true, summary: null });
    expect(screen.getByRole("button", { name: "Set Reminder" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Finish Session" })).toBeDisabled();

    rerender(<CompletionScreen variant="session" loading={false} summary={SUMMARY} onSetReminder={onSetReminder} onFinish={onFinish} />);
    expect(screen.getByRole("button", { name: "Set Reminder" })).toHaveAccessibleDescription("We'll remind you to check in again in 2 weeks");
    await user.click(screen.getByRole("button", { name: "Set Reminder" }));
    await user.click(screen.getByRole("button", { name: "Finish Session" }));
    expect(onSetReminder).toHaveBeenCalledTimes(1);
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: /Mutual Growth/ })).not.toBeInTheDocument();
  });

  it("shows the spec's defaults when there is no summary", () => {
    renderScreen({ summary: null });
    expect(screen.getByText("Session summary not available")).toBeInTheDocument();
    expect(screen.getByText("Continue exploring relationship growth together.")).toBeInTheDocument();
    const focus = screen.getByRole("heading", { name: "Focus On" }).parentElement!;
    expect(within(focus).getAllByRole("listitem")).toHaveLength(3);
  });

  it("keeps Finish Session busy while finishing", () => {
    renderScreen({ finishing: true });
    expect(screen.getByRole("button", { name: "Finish Session" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Finish Session" })).toHaveAttribute("aria-busy", "true");
  });

  it("tutorial: Tutorial Complete!, Next Steps, Finish Session and the Sunday reminder", async () => {
    const user = userEvent.setup();
    const { onSetReminder, onFinish } = renderScreen({ variant: "tutorial", loading: true, summary: null });
    expect(screen.getByRole("heading", { level: 2, name: "Tutorial Completed" })).toBeInTheDocument();
    expect(screen.getByText("Tutorial Complete!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Next Steps" })).toBeInTheDocument();
    expect(screen.queryByText("Generating your personalized summary...")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set Reminder" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Set Reminder for Next Sunday 10 AM" }));
    await user.click(screen.getByRole("button", { name: "Finish Session" }));
    expect(onSetReminder).toHaveBeenCalledTimes(1);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it("offers the transcript from the header only when the parent can show it", async () => {
    const user = userEvent.setup();
    const onShowTranscript = jest.fn();
    const { unmount } = renderScreen();
    expect(screen.queryByRole("button", { name: "View transcript" })).not.toBeInTheDocument();
    unmount();
    renderScreen({ onShowTranscript });
    await user.click(screen.getByRole("button", { name: "View transcript" }));
    expect(onShowTranscript).toHaveBeenCalledTimes(1);
  });
});

test("a session that opens with its summary already made says nothing about it arriving", () => {
  render(<CompletionScreen variant="session" loading={false} summary={SUMMARY} onSetReminder={jest.fn()} onFinish={jest.fn()} />);
  expect(screen.getByRole("status")).toHaveTextContent("");
});
