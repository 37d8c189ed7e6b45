/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";

import { SignalsTrend } from "./signals-trend";
import { SIGNALS_TEXTS as T } from "./texts";

/** A stored record with just what the trend reads (two speakers, labelled). */
function signals(ratio: number | null, repairs: [accepted: number, made: number], bids: [toward: number, made: number], labelled = true) {
  const none = { made: 0, accepted: 0, rejected: 0, unclear: 0 };
  return {
    version: 1,
    turns: 10,
    rejectedLabels: 0,
    labelled,
    startUp: { initiator: "A", harsh: false, negativeInWindow: 0, negativeAfter: 0 },
    ratio: labelled ? { positive: 2, negative: 1, value: ratio } : null,
    horsemen: labelled ? {} : null,
    repairs: labelled ? { A: { ...none, made: repairs[1], accepted: repairs[0], unclear: repairs[1] - repairs[0] }, B: none } : null,
    bids: labelled ? { A: { made: bids[1], toward: bids[0], away: bids[1] - bids[0], against: 0 }, B: { made: 0, toward: 0, away: 0, against: 0 } } : null,
    pronouns: { A: { words: 1, we: 0, i: 0, you: 0 }, B: { words: 1, we: 0, i: 0, you: 0 } },
    latency: { A: { medianMs: 200 }, B: { medianMs: 300 } },
    interruptions: { A: 0, B: 0 },
    floor: { A: { talkShare: 0.5, longestTurnSeconds: 3 }, B: { talkShare: 0.5, longestTurnSeconds: 3 } },
    labels: [],
  };
}

const session = (id: string, createdAt: string, name: string, value: unknown) => ({ id, createdAt, name, analysis: { briefSummary: name }, signals: value });

describe("SignalsTrend", () => {
  it("charts the ratio, repairs taken up and bids turned toward, oldest first, with the numbers as text", () => {
    render(
      <SignalsTrend
        sessions={[
          // Newest first, as the history lists them.
          session("s3", "2026-03-03T10:00:00Z", "Third talk", signals(2.5, [2, 2], [3, 4])),
          session("s2", "2026-03-02T10:00:00Z", "Offline talk", signals(null, [0, 0], [0, 0], false)),
          session("s1", "2026-03-01T10:00:00Z", "First talk", signals(null, [0, 1], [1, 2])),
        ]}
      />,
    );
    const trend = screen.getByRole("region", { name: T.trendTitle });
    expect(trend).not.toHaveTextContent("Third talk");
    expect(within(trend).getByRole("img", { name: `${T.chartLabel(T.trendRatio)}: no negative moment, 2.5 to 1` })).toBeInTheDocument();
    expect(within(trend).getByRole("img", { name: `${T.chartLabel(T.trendRepairs)}: 0 of 1 (0 %), 2 of 2 (100 %)` })).toBeInTheDocument();
    expect(within(trend).getByRole("img", { name: `${T.chartLabel(T.trendBids)}: 1 of 2 (50 %), 3 of 4 (75 %)` })).toBeInTheDocument();
    const rows = within(within(trend).getByRole("table", { hidden: true })).getAllByRole("row", { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual([
      `${T.trendConversation}${T.trendRatio}${T.trendRepairs}${T.trendBids}`,
      // By number and date: the history list already names each conversation.
      "Conversation 1, Mar 1, 2026no negative moment0 of 1 (0 %)1 of 2 (50 %)",
      "Conversation 2, Mar 3, 20262.5 to 12 of 2 (100 %)3 of 4 (75 %)",
    ]);
    // One line per conversation with a value; the gap of "no negative moment" leaves one dot for the ratio.
    const ratioChart = within(trend).getByRole("img", { name: new RegExp(`^${T.chartLabel(T.trendRatio)}`) });
    expect(ratioChart.querySelectorAll("circle")).toHaveLength(1);
  });

  it("charts the account list's items from their trend points, beside a device's full session", () => {
    const point = (ratio: number | null, repairsAccepted: number, repairsMade: number, bidsToward: number, bidsMade: number) => ({
      ratio,
      repairsAccepted,
      repairsMade,
      bidsToward,
      bidsMade,
    });
    render(
      <SignalsTrend
        sessions={[
          { id: "s3", createdAt: "2026-03-03T10:00:00Z", signalsTrend: point(2.5, 2, 2, 3, 4) },
          { id: "s2", createdAt: "2026-03-02T10:00:00Z", signalsTrend: null },
          session("s1", "2026-03-01T10:00:00Z", "First talk", signals(null, [0, 1], [1, 2])),
        ]}
      />,
    );
    const trend = screen.getByRole("region", { name: T.trendTitle });
    expect(within(trend).getByRole("img", { name: `${T.chartLabel(T.trendRepairs)}: 0 of 1 (0 %), 2 of 2 (100 %)` })).toBeInTheDocument();
    expect(within(trend).getByRole("img", { name: `${T.chartLabel(T.trendBids)}: 1 of 2 (50 %), 3 of 4 (75 %)` })).toBeInTheDocument();
  });

  it("waits for two conversations with AI-counted signals, and shows nothing without any", () => {
    const { rerender } = render(<SignalsTrend sessions={[session("s1", "2026-03-01T10:00:00Z", "First", signals(1, [1, 1], [1, 1]))]} />);
    expect(screen.getByText(T.trendNeedsTwo)).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    rerender(<SignalsTrend sessions={[session("s1", "2026-03-01T10:00:00Z", "First", null), session("s2", "2026-03-02T10:00:00Z", "Two", { junk: true })]} />);
    expect(screen.queryByRole("region", { name: T.trendTitle })).not.toBeInTheDocument();
  });
});
