/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { TranscriptFocusProvider } from "@/components/evidence/transcript-focus";
import { SessionDetail } from "@/components/session-detail/session-detail";
import { validateLabels } from "@/lib/domain/signals/labels";
import { buildSignalsRecord, signalTurns, type SignalsRecord } from "@/lib/domain/signals/record";

import { SignalsView } from "./signals-view";
import { SIGNALS_TEXTS as T } from "./texts";

const SEGMENTS = [
  { speaker: "S1", text: "You never listen to me when I talk about work.", start: 0, end: 4 },
  { speaker: "S2", text: "That's not true, I was tired last night.", start: 4.5, end: 8 },
  { speaker: "S1", text: "Okay, I'm sorry, can we try again?", start: 8.5, end: 11 },
  { speaker: "S2", text: "Yes, tell me about your day, love.", start: 11.3, end: 14 },
  { speaker: "S1", text: "It was long, thanks for asking.", start: 14.5, end: 18 },
  // Joined to the turn before (0.5 s later): one turn, number 4.
  { speaker: "S1", text: "How was yours? Did the meeting go well?", start: 18.5, end: 21.5 },
  { speaker: "S2", text: "Fine.", start: 22.5, end: 23.5 },
];
const NAMES: Record<string, string> = { S1: "Maya", S2: "Jon" };
const nameOf = (speaker: string) => NAMES[speaker] ?? speaker;

function recordOf(labelled: boolean, mode: "couple" | "solo" = "couple"): SignalsRecord {
  const turns = signalTurns(SEGMENTS);
  const { labels, rejectedLabels } = validateLabels(
    {
      labels: [
        { turn: 0, label: "criticism", quote: "You never listen", responds_to: null },
        { turn: 1, label: "defensiveness", quote: "That's not true", responds_to: 0 },
        { turn: 2, label: "repair_attempt", quote: "I'm sorry", responds_to: null },
        { turn: 3, label: "interest", quote: "tell me about your day", responds_to: 2 },
        { turn: 3, label: "bid", quote: "tell me about your day", responds_to: null },
        { turn: 4, label: "appreciation", quote: "thanks for asking", responds_to: 3 },
        { turn: 4, label: "bid", quote: "Did the meeting go well", responds_to: null },
        { turn: 4, label: "humor", quote: "not said at all", responds_to: null },
      ],
    },
    turns,
  );
  return buildSignalsRecord({ turns, labels: labelled ? labels : null, rejectedLabels, mode });
}

describe("SignalsView", () => {
  it("says each signal as a sentence with the speakers' names, with the research lines and their sources", () => {
    render(<SignalsView signals={recordOf(true)} nameOf={nameOf} />);
    const view = screen.getByRole("region", { name: T.title });
    expect(view).toHaveTextContent("Maya started the conversation.");
    expect(view).toHaveTextContent("In the first three minutes, Maya opened with criticism or contempt.");
    expect(view).toHaveTextContent("2 positive moments and 2 negative moments.");
    expect(view).toHaveTextContent("That is 1 to 1.");
    // Maya's bid (turn 4) got "Fine." 1 s later with no label: away. Jon's bid was answered by Maya's thanks: toward.
    expect(view).toHaveTextContent("Jon reached out once; Maya turned toward once.");
    expect(view).toHaveTextContent("Maya reached out once; Jon turned toward none, away once.");
    expect(view).toHaveTextContent("Maya tried to calm things or reconnect once; Jon took it up once.");
    expect(view).toHaveTextContent("From Jon: criticism none, contempt none, defensiveness once, stonewalling none.");
    expect(view).toHaveTextContent("Maya said “we” once, “I” 3 times and “you” twice in");
    expect(view).toHaveTextContent(`${T.references.ratio.text} (${T.references.ratio.source}). ${T.references.ratio.caveat}`);
    expect(view).toHaveTextContent(T.references.bids.source);
    expect(view).toHaveTextContent(T.references.startUp.source);
    expect(view).toHaveTextContent(T.references.timing.source);
    expect(view).toHaveTextContent(T.rejected(1));
    expect(view).not.toHaveTextContent(T.noAi);
    // Describes, never scores.
    expect(view.textContent).not.toMatch(/score|winner|better than|worse/i);
  });

  it("opens the quotes behind a count with their speakers and times, and a quote opens the transcript there", async () => {
    const openAt = jest.fn();
    render(
      <TranscriptFocusProvider value={openAt}>
        <SignalsView signals={recordOf(true)} nameOf={nameOf} />
      </TranscriptFocusProvider>,
    );
    const count = screen.getByRole("button", { name: /^2 negative moments: show the words behind it$/ });
    expect(count).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(count);
    expect(count).toHaveAttribute("aria-expanded", "true");
    const quotes = screen.getByRole("list", { name: /Words behind “2 positive moments and 2 negative moments\.”/ });
    const items = within(quotes).getAllByRole("button");
    expect(items.map((item) => item.textContent)).toEqual([
      "Open the transcript at 00:00 Maya: You never listen",
      "Open the transcript at 00:04 Jon: That's not true",
    ]);

    await userEvent.click(within(quotes).getByRole("button", { name: "Open the transcript at 00:04 Jon: That's not true" }));
    expect(openAt).toHaveBeenCalledWith(4.5);

    await userEvent.click(count);
    expect(screen.queryByRole("list", { name: /Words behind/ })).not.toBeInTheDocument();
  });

  it("shows plain quotes where no transcript can be opened, and no button for a count of none", async () => {
    render(<SignalsView signals={recordOf(true)} nameOf={nameOf} />);
    await userEvent.click(screen.getByRole("button", { name: "Jon reached out once: show the words behind it" }));
    const quotes = screen.getByRole("list", { name: /Words behind “Jon reached out once/ });
    expect(within(quotes).queryByRole("button")).not.toBeInTheDocument();
    expect(quotes).toHaveTextContent("00:11Jon: tell me about your day");
    expect(screen.queryByRole("button", { name: /^Maya turned toward none/ })).not.toBeInTheDocument();
  });

  it("without the AI shows what it can and says the rest needs the AI", () => {
    render(<SignalsView signals={recordOf(false)} nameOf={nameOf} />);
    const view = screen.getByRole("region", { name: T.title });
    expect(screen.getByRole("note")).toHaveTextContent(T.noAi);
    expect(view).toHaveTextContent("Maya started the conversation.");
    expect(view).toHaveTextContent("Jon usually answered after");
    expect(view).toHaveTextContent("Maya talked");
    expect(screen.queryByRole("heading", { name: T.ratioHeading })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: T.bidsHeading })).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows a solo session's words and talk time only, and nothing for a session without signals", () => {
    const { rerender } = render(<SignalsView signals={recordOf(false, "solo")} nameOf={nameOf} />);
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(screen.queryByText(T.timingHeading)).not.toBeInTheDocument();
    expect(screen.getByText(T.wordsHeading)).toBeInTheDocument();
    rerender(<SignalsView signals={{ version: 0 }} nameOf={nameOf} />);
    expect(screen.queryByRole("region", { name: T.title })).not.toBeInTheDocument();
  });

  it("names a follow-up's speaker the conversation's names did not match by the name the record keeps", () => {
    const turns = signalTurns([...SEGMENTS, { speaker: "FOLLOW_UP_1_SPEAKER_03", text: "We can do this together.", start: 40, end: 42 }]);
    const record = buildSignalsRecord({ turns, labels: null, mode: "couple", speakerNames: { FOLLOW_UP_1_SPEAKER_03: "Sam" } });
    render(<SignalsView signals={record} nameOf={nameOf} />);
    expect(screen.getByRole("region", { name: T.title })).toHaveTextContent("Sam said “we” once");
    expect(screen.getByRole("region", { name: T.title })).not.toHaveTextContent("FOLLOW_UP_1_SPEAKER_03");
  });
});

describe("in the session detail", () => {
  it("a quote of the summary tab opens the transcript tab at that turn", async () => {
    render(
      <SessionDetail
        session={{ id: "s1", speakerNames: NAMES, analysis: { cards: [], transcriptionSegments: SEGMENTS }, signals: recordOf(true) }}
        onClose={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole("tab", { name: /summary/i }));
    await userEvent.click(screen.getByRole("button", { name: "Maya tried to calm things or reconnect once: show the words behind it" }));
    await userEvent.click(screen.getByRole("button", { name: "Open the transcript at 00:08 Maya: I'm sorry" }));
    expect(screen.getByRole("tab", { name: /transcript/i })).toHaveAttribute("aria-selected", "true");
    const current = within(screen.getByTestId("transcript-rows"))
      .getAllByRole("listitem")
      .find((row) => row.getAttribute("aria-current") === "true");
    expect(current).toHaveTextContent("Okay, I'm sorry, can we try again?");
  });
});
