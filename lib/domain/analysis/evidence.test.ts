import { anchorEvidence, comparableQuote, locateQuote, readEvidence } from "./evidence";
import type { InsightCard } from "./types";

const segments = [
  { speaker: "SPEAKER_01", text: "I felt unheard when you checked your phone at dinner.", start: 0, end: 4.2 },
  { speaker: "SPEAKER_02", text: "That’s fair. I’m sorry,", start: 4.5, end: 6 },
  { speaker: "SPEAKER_02", text: "I want to listen better.", start: 6.1, end: 8 },
  { speaker: "SPEAKER_01", text: "Thank you — that means a lot.", start: 9, end: 11 },
];

const card = (evidence?: string[]): InsightCard => ({
  dimension: "Curiosity",
  insight: "You both named what you needed.",
  tips: [],
  color: "deep-teal",
  icon: "comment",
  ...(evidence ? { evidence } : {}),
});

describe("comparableQuote", () => {
  it.each([
    ["“I felt unheard”", "i felt unheard"],
    ["'That's fair.'", "that's fair."],
    ["…checked your phone...", "checked your phone"],
    ["  Thank   You  ", "thank you"],
  ])("%j → %j", (input, expected) => {
    expect(comparableQuote(input)).toBe(expected);
  });
});

describe("locateQuote", () => {
  it("finds a verbatim quote with its speaker and times", () => {
    expect(locateQuote("checked your phone at dinner", segments)).toEqual({
      text: "checked your phone at dinner",
      speaker: "SPEAKER_01",
      start: 0,
      end: 4.2,
    });
  });

  it("ignores case, curly apostrophes and the quotation marks around a quote", () => {
    expect(locateQuote("“THAT'S FAIR”", segments)).toMatchObject({ speaker: "SPEAKER_02", start: 4.5, end: 6 });
  });

  it("finds a quote running over two segments of the same speaker, timed from the first", () => {
    expect(locateQuote("I'm sorry, I want to listen better", segments)).toMatchObject({ speaker: "SPEAKER_02", start: 4.5, end: 8 });
  });

  it("does not join segments of different speakers", () => {
    expect(locateQuote("listen better. Thank you", segments)).toBeNull();
  });

  it("is null for words nobody said and for an empty quote", () => {
    expect(locateQuote("you never listen to me", segments)).toBeNull();
    expect(locateQuote(" … ", segments)).toBeNull();
  });
});

describe("anchorEvidence", () => {
  it("times the quotes that were said and drops the ones that were not", () => {
    const { cards, droppedQuotes } = anchorEvidence([card(["I want to listen better", "You always ignore me"])], segments);
    expect(droppedQuotes).toBe(1);
    expect(cards[0]!.evidence).toEqual(["I want to listen better"]);
    expect(cards[0]!.quotes).toEqual([{ text: "I want to listen better", speaker: "SPEAKER_02", start: 6.1, end: 8 }]);
  });

  it("keeps the card but removes its quotes when none can be found", () => {
    const { cards, droppedQuotes } = anchorEvidence([card(["invented words here"])], segments);
    expect(droppedQuotes).toBe(1);
    expect(cards[0]).toEqual(card());
  });

  it("replaces quotes from an earlier anchoring instead of trusting them", () => {
    const stale = { ...card(["Thank you"]), quotes: [{ text: "Thank you", speaker: "SPEAKER_02", start: 99, end: 100 }] };
    expect(anchorEvidence([stale], segments).cards[0]!.quotes).toEqual([{ text: "Thank you", speaker: "SPEAKER_01", start: 9, end: 11 }]);
  });

  it("leaves cards without quotes, and every card when there are no segments, as they are", () => {
    expect(anchorEvidence([card()], segments)).toEqual({ cards: [card()], droppedQuotes: 0 });
    expect(anchorEvidence([card(["anything"])], [])).toEqual({ cards: [card(["anything"])], droppedQuotes: 0 });
  });
});

describe("readEvidence", () => {
  it("keeps well-formed quotes and drops the rest", () => {
    const quote = { text: "Thank you", speaker: "SPEAKER_01", start: 9, end: 11 };
    expect(readEvidence({ evidence: ["Thank you", 3, " "], quotes: [quote, { text: "x", start: "9" }, null] })).toEqual({
      evidence: ["Thank you"],
      quotes: [quote],
    });
    expect(readEvidence({ evidence: "Thank you" })).toEqual({});
  });
});
