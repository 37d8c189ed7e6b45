/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { DEFAULT_RECOMMENDATIONS } from "@/lib/domain/analysis/summary";

import { SessionDetail, type SessionDetailSession } from "./session-detail";

const SEGMENTS = [
  { speaker: "SPEAKER_00", text: "I felt unheard last night.", start: 0, end: 10 },
  { speaker: "SPEAKER_01", text: "I did not notice, I am sorry.", start: 10, end: 20 },
  { speaker: "SPEAKER_00", text: "Can we try a check-in on Sundays?", start: 20, end: 65 },
];

const CARDS = [
  {
    dimension: "Curiosity",
    insight: "You asked open questions.",
    tips: ["Ask one more follow-up question.", "Pause before answering."],
    color: "deep-teal",
    icon: "search",
  },
  { dimension: "Timing", insight: "The talk started late at night.", tips: ["Pick a calm moment."], color: "sunflower", icon: "clock" },
];

function sessionWith(overrides: Partial<SessionDetailSession> = {}): SessionDetailSession {
  return {
    id: "s1",
    createdAt: "2026-03-04T18:00:00.000Z",
    speakerNames: { SPEAKER_00: "Alex", SPEAKER_01: "Sam" },
    analysis: {
      coachResponse: "You both **listened** well.",
      cards: CARDS,
      transcriptionSegments: SEGMENTS,
      speakerStats: {
        SPEAKER_00: { totalTime: 55, wordCount: 12, segments: 2 },
        SPEAKER_01: { totalTime: 10, wordCount: 7, segments: 1 },
      },
    },
    ...overrides,
  };
}

function growthConversationRows() {
  const card = screen.getByRole("button", { name: /Growth Conversation/ }).closest("section")!;
  return within(card as HTMLElement).queryAllByRole("listitem");
}

describe("SessionDetail, Transcript tab", () => {
  it("shows an Arabic line and name in their own direction, and lets a long word wrap in the phone-width card", () => {
    const arabic = "هل يمكننا أن نتحدث عن يوم الأحد؟";
    const segments = [{ speaker: "SPEAKER_00", text: arabic, start: 0, end: 4 }];
    render(<SessionDetail session={sessionWith({ speakerNames: { SPEAKER_00: "سارة" }, analysis: { transcriptionSegments: segments } })} onClose={() => {}} />);
    const line = screen.getByText(arabic);
    expect(line).toHaveAttribute("dir", "auto");
    expect(line).toHaveClass("wrap-anywhere");
    for (const name of screen.getAllByText("سارة")) expect(name).toHaveAttribute("dir", "auto"); // filter badge and line badge
  });

  it("opens as a dialog named after the session, on the Transcript tab, and closes", async () => {
    const onClose = jest.fn();
    render(<SessionDetail session={sessionWith()} onClose={onClose} />);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "false");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("moves between tabs with the arrow keys", async () => {
    render(<SessionDetail session={sessionWith()} onClose={() => {}} />);
    screen.getByRole("tab", { name: "Transcript" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Summary" })).toHaveFocus();
    expect(screen.getByRole("tabpanel", { name: "Summary" })).toBeVisible();
  });

  it("shows timed rows with speaker names and mm:ss ranges, and filters by speaker", async () => {
    render(<SessionDetail session={sessionWith()} onClose={() => {}} />);
    expect(growthConversationRows()).toHaveLength(3);
    expect(screen.getByText("00:20–01:05")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "All Speakers" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByRole("button", { name: "Sam" }));
    expect(screen.getByRole("button", { name: "Sam" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "All Speakers" })).toHaveAttribute("aria-pressed", "false");
    const rows = growthConversationRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent("I did not notice, I am sorry.");
    expect(screen.queryByText("I felt unheard last night.")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "All Speakers" }));
    expect(growthConversationRows()).toHaveLength(3);
  });

  it("parses a plain transcript into speaker lines when there are no segments", async () => {
    render(<SessionDetail session={{ id: "s2", transcript: "Jordan: Can we talk about chores?\nRiley: Sure, after dinner." }} onClose={() => {}} />);
    const rows = growthConversationRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Jordan");
    expect(rows[0]).toHaveTextContent("Can we talk about chores?");
    await userEvent.click(screen.getByRole("button", { name: "Riley" }));
    expect(growthConversationRows()).toHaveLength(1);
    expect(growthConversationRows()[0]).toHaveTextContent("Sure, after dinner.");
  });

  it("shows raw text without speakers as it is", () => {
    render(<SessionDetail session={{ id: "s3", transcript: "we talked about the holidays" }} onClose={() => {}} />);
    expect(screen.getByText("we talked about the holidays")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "All Speakers" })).not.toBeInTheDocument();
  });

  it("says 'Transcript unavailable' and 'None found' with no transcript and no follow-ups", () => {
    render(<SessionDetail session={{ id: "s4", transcript: "   " }} onClose={() => {}} />);
    expect(screen.getByText("Transcript unavailable")).toBeInTheDocument();
    expect(screen.getByText("Follow-up transcripts: None found")).toBeInTheDocument();
    expect(screen.queryByText("Growth Commitment Discussions")).not.toBeInTheDocument();
  });

  it("counts follow-ups (merged, de-duplicated) and shows them as dated Growth Commitment cards", async () => {
    const session = sessionWith({
      followUpTranscripts: [
        { transcript: "Alex: We did the Sunday check-in.", date: "2026-03-18T18:00:00.000Z" },
        { transcript: "Sam: It felt good.", date: "not a date" },
      ],
      analysis: {
        ...(sessionWith().analysis as object),
        followUpTranscripts: [{ transcript: "Alex: We did the Sunday check-in." }, { transcript: "Sam: No date here." }],
      },
      followUpTranscript: "An older single follow-up.",
    });
    render(<SessionDetail session={session} onClose={() => {}} />);
    expect(screen.getByText("Follow-up transcripts: Found 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Growth Commitment Discussions" })).toBeInTheDocument();

    const first = screen.getByRole("button", { name: /Growth Commitment 1/ });
    expect(first).toHaveTextContent("Mar 18, 2026");
    expect(first).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("button", { name: /Growth Commitment 2/ })).toHaveTextContent("Invalid Date");
    expect(screen.getByRole("button", { name: /Growth Commitment 3/ })).toHaveTextContent("Unknown Date");
    expect(screen.getByRole("button", { name: /Growth Commitment Transcript/ })).toHaveTextContent("Mutual Growth Commitment");

    expect(screen.getByText("We did the Sunday check-in.")).not.toBeVisible();
    await userEvent.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("We did the Sunday check-in.")).toBeVisible();
  });

  it("collapses the Growth Conversation card and shows the session date", async () => {
    render(<SessionDetail session={sessionWith()} onClose={() => {}} />);
    const header = screen.getByRole("button", { name: /Growth Conversation/ });
    expect(header).toHaveTextContent("Mar 4, 2026");
    expect(header).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(header);
    expect(header).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("I felt unheard last night.")).not.toBeVisible();
  });
});

describe("SessionDetail, Summary tab", () => {
  async function openSummary(session: SessionDetailSession, props: Partial<Parameters<typeof SessionDetail>[0]> = {}) {
    render(<SessionDetail session={session} onClose={() => {}} {...props} />);
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    return screen.getByRole("tabpanel", { name: "Summary" });
  }

  it("shows the coach summary as markdown, the overview numbers and each speaker's percent share", async () => {
    const panel = await openSummary(sessionWith());
    expect(within(panel).getByText("listened").tagName).toBe("STRONG");
    const overview = within(panel).getByRole("heading", { name: "Conversation Overview" }).closest("section")!;
    expect(overview).toHaveTextContent("Total duration01:05");
    expect(overview).toHaveTextContent("Speakers2");
    // 55 of 65 s = 84.6 → 85 %, 10 of 65 s = 15.4 → 15 %.
    expect(within(panel).getByText("85% of the conversation")).toBeInTheDocument();
    expect(within(panel).getByText("15% of the conversation")).toBeInTheDocument();
    expect(within(panel).getByText("00:55")).toBeInTheDocument();
  });

  it("says speaker analysis is not available, and the default coach text, when the analysis has neither", async () => {
    const panel = await openSummary({ id: "s5", transcript: "Alex: hello", analysis: { cards: CARDS } });
    expect(within(panel).getByText("Speaker analysis is not available for this session.")).toBeInTheDocument();
    expect(within(panel).getByText("Coach response not available")).toBeInTheDocument();
  });

  it("shows a voted card's badge, expands a card and votes through onVote", async () => {
    const onVote = jest.fn();
    const panel = await openSummary(sessionWith({ swipeActions: [{ cardIndex: 1, action: "unhelpful" }] }), { onVote });
    const timing = within(panel).getByRole("button", { name: /Timing/ });
    expect(timing).toHaveTextContent("Not Helpful");
    const curiosity = within(panel).getByRole("button", { name: /Curiosity/ });
    expect(curiosity).not.toHaveTextContent(/Helpful/);
    expect(curiosity).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(curiosity);
    expect(curiosity).toHaveAttribute("aria-expanded", "true");
    expect(within(panel).getByText("You asked open questions.")).toBeVisible();
    const card = curiosity.closest("article")!;
    expect(within(card).getByText("Try this")).toBeVisible();
    expect(within(card).getByText("Ask one more follow-up question.")).toBeVisible();

    await userEvent.click(within(card).getByRole("button", { name: "Helpful" }));
    expect(onVote).toHaveBeenCalledWith(0, "helpful");
    expect(curiosity).toHaveTextContent("Helpful");
  });

  it("keeps votes on the stored card they belong to when a malformed card before them is left out", async () => {
    const onVote = jest.fn();
    const cards = [{ insight: "no dimension" }, ...CARDS];
    const base = sessionWith().analysis as Record<string, unknown>;
    const panel = await openSummary(sessionWith({ analysis: { ...base, cards }, swipeActions: [{ cardIndex: 2, action: "unhelpful" }] }), {
      onVote,
    });
    expect(within(panel).queryByText("no dimension")).not.toBeInTheDocument();
    const timing = within(panel).getByRole("button", { name: /Timing/ });
    expect(timing).toHaveTextContent("Not Helpful");
    const curiosity = within(panel).getByRole("button", { name: /Curiosity/ });
    expect(curiosity).not.toHaveTextContent(/Helpful/);

    await userEvent.click(curiosity);
    await userEvent.click(within(curiosity.closest("article")!).getByRole("button", { name: "Helpful" }));
    expect(onVote).toHaveBeenCalledWith(1, "helpful");
    expect(curiosity).toHaveTextContent("Helpful");
  });

  it("draws the talk-share chart from analysis.metrics with an accessible summary", async () => {
    const speaker = {
      talkSeconds: 0,
      turns: 0,
      words: 0,
      iStatements: 0,
      youStatements: 0,
      absolutes: 0,
      appreciations: 0,
      repairAttempts: 0,
      positiveMarkers: 0,
      negativeMarkers: 0,
    };
    const base = sessionWith().analysis as Record<string, unknown>;
    const panel = await openSummary(
      sessionWith({
        analysis: {
          ...base,
          metrics: {
            durationSeconds: 65,
            totalTurns: 3,
            overlaps: 0,
            positiveToNegativeRatio: null,
            speakers: {
              SPEAKER_00: { ...speaker, talkShare: 0.846, questions: 1, interruptions: 0, longestMonologueSeconds: 45 },
              SPEAKER_01: { ...speaker, talkShare: 0.154, questions: 0, interruptions: 2, longestMonologueSeconds: 10 },
            },
          },
        },
      }),
    );
    expect(within(panel).getByRole("img", { name: "Talk share: Alex 85%, Sam 15%" })).toBeInTheDocument();
    const samRow = within(panel).getByRole("rowheader", { name: "Sam" }).closest("tr")!;
    expect(samRow).toHaveTextContent("Sam0200:10");
  });

  it("offers Regenerate Recommendations only with a handler", async () => {
    const onRegenerate = jest.fn();
    const panel = await openSummary(sessionWith(), { onRegenerate });
    const button = within(panel).getByRole("button", { name: "Regenerate Recommendations" });
    expect(button).toHaveAccessibleDescription("Generate new recommendations based on your current feedback");
    await userEvent.click(button);
    expect(onRegenerate).toHaveBeenCalledTimes(1);
  });

  it("hides Regenerate Recommendations and the vote buttons without handlers", async () => {
    const panel = await openSummary(sessionWith());
    expect(within(panel).queryByRole("button", { name: "Regenerate Recommendations" })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: /Curiosity/ }));
    expect(within(panel).queryByRole("button", { name: "Dismiss" })).not.toBeInTheDocument();
  });
});

describe("SessionDetail, recommendations", () => {
  it("shows Arabic recommendations, insights and tips in their own direction", async () => {
    const user = userEvent.setup();
    const card = { dimension: "Curiosity", insight: "طرحتما أسئلة مفتوحة.", tips: ["اسألا سؤالاً آخر."], color: "deep-teal", icon: "search" };
    render(<SessionDetail session={sessionWith({ recommendations: ["خططا ليوم السبت معاً."], analysis: { cards: [card] } })} onClose={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Summary" }));
    expect(screen.getByText("خططا ليوم السبت معاً.")).toHaveAttribute("dir", "auto");
    await user.click(screen.getByRole("button", { name: /Curiosity/ }));
    expect(screen.getByText("طرحتما أسئلة مفتوحة.")).toHaveAttribute("dir", "auto");
    expect(screen.getByText("اسألا سؤالاً آخر.").closest("ul")).toHaveAttribute("dir", "auto");
  });

  it("lists the session's recommendations under Focus On, numbered, without blanks", async () => {
    const user = userEvent.setup();
    render(<SessionDetail session={sessionWith({ recommendations: ["Plan Saturday together", " ", "Say thank you"] })} onClose={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Summary" }));
    const focus = screen.getByRole("heading", { name: "Focus On" }).closest("section")!;
    expect(
      within(focus as HTMLElement)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["1Plan Saturday together", "2Say thank you"]);
  });

  it("drops markdown marks from each recommendation line", async () => {
    const user = userEvent.setup();
    render(<SessionDetail session={sessionWith({ recommendations: ["**Plan** [Saturday](https://example.org) _together_"] })} onClose={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Summary" }));
    const focus = screen.getByRole("region", { name: "Focus On" });
    expect(
      within(focus)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["1Plan Saturday together"]);
  });

  it("puts the coach summary's own headings under the Conversation Summary card's h3", async () => {
    const user = userEvent.setup();
    render(<SessionDetail session={sessionWith({ analysis: { coachResponse: "# What we heard\n\nYou both **listened**." } })} onClose={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Summary" }));
    const summary = screen.getByRole("region", { name: "Conversation Summary" });
    expect(within(summary).getByRole("heading", { level: 4, name: "What we heard" })).toBeInTheDocument();
    expect(summary).not.toHaveTextContent("*");
  });

  it("shows the three default recommendations when the session's list has none left once blanks are removed", async () => {
    const user = userEvent.setup();
    render(<SessionDetail session={sessionWith({ recommendations: [" ", ""] })} onClose={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Summary" }));
    const focus = screen.getByRole("region", { name: "Focus On" });
    expect(
      within(focus)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(DEFAULT_RECOMMENDATIONS.map((item, index) => `${index + 1}${item}`));
  });

  it("shows no Focus On section when there are none", async () => {
    const user = userEvent.setup();
    render(<SessionDetail session={sessionWith()} onClose={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Summary" }));
    expect(screen.queryByRole("heading", { name: "Focus On" })).not.toBeInTheDocument();
  });
});

describe("SessionDetail, quotes that open the transcript", () => {
  const quotedCard = {
    ...CARDS[0],
    evidence: ["Can we try a check-in on Sundays?"],
    quotes: [{ text: "Can we try a check-in on Sundays?", speaker: "SPEAKER_00", start: 20, end: 65 }],
  };

  it("opens at the line said at the given time, marked as the current line", () => {
    render(<SessionDetail session={sessionWith()} onClose={() => {}} focusSeconds={25} />);
    const current = growthConversationRows().find((row) => row.getAttribute("aria-current") === "true");
    expect(current).toHaveTextContent("Can we try a check-in on Sundays?");
    expect(current).toHaveFocus();
  });

  it("a quote on a summary card switches to the transcript at its line, showing every speaker again", async () => {
    const session = sessionWith();
    (session.analysis as { cards: unknown[] }).cards = [quotedCard];
    render(<SessionDetail session={session} onClose={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Sam" }));
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    await userEvent.click(screen.getByRole("button", { name: /Curiosity/ }));
    await userEvent.click(screen.getByRole("button", { name: "Open the transcript at 00:20 Can we try a check-in on Sundays?" }));
    expect(screen.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: "All Speakers" })).toHaveAttribute("aria-pressed", "true");
    const current = growthConversationRows().find((row) => row.getAttribute("aria-current") === "true");
    expect(current).toHaveTextContent("Can we try a check-in on Sundays?");
  });

  it("a quote in the Relationship Insights review closes the review and opens the transcript at its line", async () => {
    const session = sessionWith();
    (session.analysis as { cards: unknown[] }).cards = [quotedCard];
    render(<SessionDetail session={session} onClose={() => {}} onVote={() => {}} />);
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    await userEvent.click(screen.getByRole("button", { name: "Review Relationship Insights" }));
    const review = screen.getByRole("dialog", { name: "Relationship Insights" });
    await userEvent.click(within(review).getByRole("button", { name: "Open the transcript at 00:20 Can we try a check-in on Sundays?" }));
    expect(screen.queryByRole("dialog", { name: "Relationship Insights" })).toBeNull();
    expect(screen.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
    const current = growthConversationRows().find((row) => row.getAttribute("aria-current") === "true");
    expect(current).toHaveTextContent("Can we try a check-in on Sundays?");
  });

  it("shows the plain quotes of a card analysed before quotes were timed", async () => {
    const session = sessionWith();
    (session.analysis as { cards: unknown[] }).cards = [{ ...CARDS[0], evidence: ["I felt unheard"] }];
    render(<SessionDetail session={session} onClose={() => {}} />);
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    await userEvent.click(screen.getByRole("button", { name: /Curiosity/ }));
    expect(screen.getByText("I felt unheard")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Open the transcript/ })).toBeNull();
  });
});

it("opens on the summary when asked (back from a regeneration), on the transcript by default", () => {
  const { unmount } = render(<SessionDetail session={sessionWith()} onClose={() => {}} initialTab="summary" />);
  expect(screen.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "true");
  unmount();
  render(<SessionDetail session={sessionWith()} onClose={() => {}} />);
  expect(screen.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
});

describe("SessionDetail, the Relationship Insights review screen", () => {
  it("steps through the cards with their tips: a vote is kept, moving on from a voted card adds none, Done on the last closes", async () => {
    const onVote = jest.fn();
    render(<SessionDetail session={sessionWith()} onClose={() => {}} onVote={onVote} />);
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    await userEvent.click(screen.getByRole("button", { name: "Review Relationship Insights" }));

    const review = screen.getByRole("dialog", { name: "Relationship Insights" });
    expect(within(review).getByText("Card 1 of 2")).toBeInTheDocument();
    expect(within(review).getByRole("heading", { name: "Curiosity" })).toBeInTheDocument();
    expect(within(review).getByRole("heading", { name: "Tips" })).toBeInTheDocument();
    expect(within(review).getByText("Ask one more follow-up question.")).toBeInTheDocument();

    await userEvent.click(within(review).getByRole("button", { name: "Helpful" }));
    expect(onVote).toHaveBeenCalledWith(0, "helpful");
    expect(within(review).getByRole("button", { name: "Helpful" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(within(review).getByRole("button", { name: /Skip/ }));
    expect(within(review).getByText("Card 2 of 2")).toBeInTheDocument();
    expect(within(review).getByRole("heading", { name: "Timing" })).toBeInTheDocument();
    expect(onVote).toHaveBeenCalledTimes(1);

    await userEvent.click(within(review).getByRole("button", { name: "Not Helpful" }));
    await userEvent.click(within(review).getByRole("button", { name: /Done/ }));
    expect(onVote.mock.calls).toEqual([
      [0, "helpful"],
      [1, "unhelpful"],
    ]);
    expect(screen.queryByRole("dialog", { name: "Relationship Insights" })).toBeNull();
    // The vote shows on the summary's card too.
    expect(screen.getByRole("button", { name: /Curiosity/ })).toHaveTextContent("Helpful");
  });

  it.each([
    ["Skip", /Skip/, "unhelpful"],
    ["Next", /Next/, "helpful"],
  ] as const)("%s on a card not voted yet votes as the deck's swipe does (spec: Next = helpful, Skip = unhelpful)", async (_, name, action) => {
    const onVote = jest.fn();
    render(<SessionDetail session={sessionWith()} onClose={() => {}} onVote={onVote} />);
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    await userEvent.click(screen.getByRole("button", { name: "Review Relationship Insights" }));
    const review = screen.getByRole("dialog", { name: "Relationship Insights" });

    await userEvent.click(within(review).getByRole("button", { name }));
    expect(onVote.mock.calls).toEqual([[0, action]]);
    expect(within(review).getByText("Card 2 of 2")).toBeInTheDocument();

    // Done on the last card is Next's: helpful.
    await userEvent.click(within(review).getByRole("button", { name: /Done/ }));
    expect(onVote.mock.calls).toEqual([
      [0, action],
      [1, "helpful"],
    ]);
  });

  it("a session without cards shows the placeholder with no vote buttons, and its review votes nothing", async () => {
    const onVote = jest.fn();
    render(
      <SessionDetail
        session={sessionWith({ analysis: { ...(sessionWith().analysis as Record<string, unknown>), cards: [] } })}
        onClose={() => {}}
        onVote={onVote}
      />,
    );
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    expect(screen.queryByRole("button", { name: "Helpful" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Review Relationship Insights" }));
    const review = screen.getByRole("dialog", { name: "Relationship Insights" });
    expect(within(review).queryByRole("button", { name: "Helpful" })).toBeNull();
    await userEvent.click(within(review).getByRole("button", { name: /Done/ }));
    expect(onVote).not.toHaveBeenCalled();
  });

  it("without a vote handler (a session that takes no votes) only moves through the cards", async () => {
    render(<SessionDetail session={sessionWith()} onClose={() => {}} />);
    await userEvent.click(screen.getByRole("tab", { name: "Summary" }));
    await userEvent.click(screen.getByRole("button", { name: "Review Relationship Insights" }));
    const review = screen.getByRole("dialog", { name: "Relationship Insights" });
    await userEvent.click(within(review).getByRole("button", { name: /Next/ }));
    await userEvent.click(within(review).getByRole("button", { name: /Done/ }));
    expect(screen.queryByRole("dialog", { name: "Relationship Insights" })).toBeNull();
  });
});
