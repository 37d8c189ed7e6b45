/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SessionHistory } from "./session-history";
import type { HistoryEntry } from "./use-history";

const history = { items: [] as HistoryEntry[], loading: false, hasMore: false, loadMore: jest.fn(), remove: jest.fn(), open: jest.fn() };
jest.mock("./use-history", () => ({ useHistory: () => history }));
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => ({ signedIn: true, clerkEnabled: false }) }));
jest.mock("@/components/shell/lazy-screens", () => ({ prefetchSessionDetail: () => {} }));

const NOW = Date.now();

function renderHistory(items: HistoryEntry[], retryBlocked = false) {
  history.items = items;
  const handlers = { onOpen: jest.fn(), onRetry: jest.fn() };
  render(<SessionHistory {...handlers} retryBlocked={retryBlocked} />);
  return { ...handlers, list: screen.getByRole("region", { name: "Session History" }) };
}

describe("SessionHistory", () => {
  it("lets an Arabic title and preview read right to left, and a long link wrap inside the card", () => {
    const link = "https://example.com/a-very-long-shared-link-without-any-spaces-in-it";
    const { list } = renderHistory([
      {
        id: "s1",
        createdAt: new Date(NOW).toISOString(),
        transcript: `SPEAKER_01: هل يمكننا التخطيط لعطلة نهاية الأسبوع؟ ${link}`,
        speakerNames: { SPEAKER_01: "سارة" },
        analysis: { briefSummary: "خطط عطلة نهاية الأسبوع", cards: [{}] },
      },
    ]);
    // dir="auto": the browser takes the direction from the text, so the question mark sits at its end, on the left.
    const title = within(list).getByText("خطط عطلة نهاية الأسبوع");
    expect(title).toHaveAttribute("dir", "auto");
    const preview = within(list).getByText(/^سارة: هل يمكننا/);
    expect(preview).toHaveAttribute("dir", "auto");
    expect(preview).toHaveClass("wrap-anywhere");
  });

  it("previews the transcript as plain text with the names the user gave, not markdown or SPEAKER_01 labels", () => {
    const { list } = renderHistory([
      {
        id: "s1",
        createdAt: new Date(NOW).toISOString(),
        transcript: "**SPEAKER_01:** We should plan *Saturday*.\nSPEAKER_02: Yes, [let's](https://example.com).",
        speakerNames: { SPEAKER_01: "Ana" },
        analysis: { briefSummary: "Weekend plans", speakerNames: { SPEAKER_01: "Me", SPEAKER_02: "Ben" }, cards: [{}, {}] },
      },
    ]);
    const open = within(list).getByRole("button", { name: "Open session: Weekend plans" });
    // The button is the card's title; the card around it shows the preview and the counts.
    const card = open.closest("li")!;
    expect(card).toHaveTextContent("Ana: We should plan Saturday. Ben: Yes, let's.");
    expect(card).not.toHaveTextContent(/\*|SPEAKER_0/);
    expect(card).toHaveTextContent("2 insights");
  });

  it("shows a failed item with the same time and title layout, its failure and Tap to retry; a tap retries", async () => {
    const entry: HistoryEntry = {
      id: "r1",
      createdAt: new Date(NOW).toISOString(),
      transcript: "",
      failedTranscription: { error: "x", timestamp: "", attemptCount: 1 },
    };
    const { list, onRetry } = renderHistory([entry]);
    const retry = within(list).getByRole("button", { name: /Transcription failed\. Tap to retry$/ });
    expect(retry).toHaveAccessibleName(/^Recording .+: Transcription failed\. Tap to retry$/);
    const card = retry.closest("li")!;
    expect(within(card).getByText("just now")).toBeVisible();
    expect(within(card).getByText("Transcription failed")).toBeVisible();
    expect(within(card).getByText("Tap to retry")).toBeVisible();
    await userEvent.click(retry);
    expect(onRetry).toHaveBeenCalledWith(entry);
  });

  it("while a recording or upload runs, a failed item says it can be retried once that is done, and a tap does nothing", async () => {
    const entry: HistoryEntry = { id: "r2", createdAt: new Date(NOW).toISOString(), failedAnalysis: { error: "x", timestamp: "", attemptCount: 1 } };
    const { list, onRetry } = renderHistory([entry], true);
    const retry = within(list).getByRole("button", { name: /^Recording .+: Analysis failed\.$/ });
    expect(retry).toBeDisabled();
    expect(retry).toHaveAccessibleDescription("You can retry once the current recording is done.");
    expect(within(retry.closest("li")!).queryByText(/Tap to retry/)).toBeNull();
    await userEvent.click(retry);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it("shows the empty text when there are no sessions", () => {
    const { list } = renderHistory([]);
    expect(within(list).getByText("No completed sessions yet. Record a conversation to get started!")).toBeInTheDocument();
    expect(within(list).getByRole("heading", { level: 2, name: "Session History" })).toHaveAttribute("id", "history-heading");
  });
});

describe("SessionHistory, deleting with the keyboard", () => {
  const entries: HistoryEntry[] = ["Monday talk", "Tuesday talk"].map((briefSummary, index) => ({
    id: `s${index + 1}`,
    createdAt: new Date(NOW - index * 60_000).toISOString(),
    transcript: "SPEAKER_01: hello",
    analysis: { briefSummary, cards: [{}] },
  }));

  function renderDeletable(items: HistoryEntry[]) {
    history.items = items;
    const view = render(<SessionHistory onOpen={jest.fn()} onRetry={jest.fn()} retryBlocked={false} />);
    history.remove = jest.fn(async (entry: HistoryEntry) => {
      history.items = history.items.filter((item) => item.id !== entry.id);
      view.rerender(<SessionHistory onOpen={jest.fn()} onRetry={jest.fn()} retryBlocked={false} />);
      return true;
    });
  }
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  it("moves the focus to the delete button now in the deleted card's place, then to the heading when none is left", async () => {
    renderDeletable(entries);
    await userEvent.click(screen.getByRole("button", { name: "Delete session: Monday talk" }));
    await nextFrame();
    expect(screen.getByRole("button", { name: "Delete session: Tuesday talk" })).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    await nextFrame();
    expect(document.activeElement).toHaveAttribute("id", "history-heading");
  });

  it("leaves the focus alone when the delete was refused", async () => {
    renderDeletable(entries);
    history.remove = jest.fn(async () => false);
    const button = screen.getByRole("button", { name: "Delete session: Monday talk" });
    await userEvent.click(button);
    await nextFrame();
    expect(button).toHaveFocus();
  });
});
