import { FALLBACK_MUTUAL_GROWTH_CARD } from "./analysis-schema";
import {
  AnalysisIntakeError,
  cardsOrPlaceholder,
  checkTranscriptForAnalysis,
  MISSING_CARDS_WARNING,
  PLACEHOLDER_CARD,
  readAnalysisResponse,
  truncateTip,
  visibleTips,
} from "./intake";
import type { InsightCard } from "./types";

const card: InsightCard = { dimension: "Curiosity", insight: "You asked.", tips: ["Ask more."], color: "deep-teal", icon: "search" };

describe("checkTranscriptForAnalysis", () => {
  it.each(["", "   \n\t", null, undefined, 3])("rejects %p", (transcript) => {
    expect(checkTranscriptForAnalysis(transcript)).toBe("Empty transcript. Please try recording again.");
  });

  it("accepts a transcript with words", () => {
    expect(checkTranscriptForAnalysis("Ana: hello")).toBeNull();
  });
});

describe("readAnalysisResponse", () => {
  it.each([null, undefined, "", {}])("an empty body (%p) is 'Empty response from server'", (body) => {
    expect(() => readAnalysisResponse(body)).toThrow(new AnalysisIntakeError("Empty response from server"));
  });

  it.each([{ sessionId: "s1" }, { analysis: null }, { analysis: "text" }, [1]])("a body without an analysis (%p) is 'Missing analysis in response'", (body) => {
    expect(() => readAnalysisResponse(body)).toThrow("Missing analysis in response");
  });

  it("passes a complete analysis and the session id through", () => {
    const analysis = {
      cards: [card],
      coachResponse: "Hi",
      briefSummary: "Talk",
      recommendations: ["r"],
      encouragement: "Go",
      mutualGrowthCard: { ...FALLBACK_MUTUAL_GROWTH_CARD, insight: "Grow" },
      source: "offline",
      metrics: { totalTurns: 2 },
    };
    const result = readAnalysisResponse({ analysis, sessionId: "abc" });
    expect(result).toEqual({ analysis, sessionId: "abc", warnings: [] });
  });

  it.each([undefined, "cards", { 0: card }])("missing or non-array cards (%p) become [] with a warning", (cards) => {
    const result = readAnalysisResponse({ analysis: { cards, coachResponse: "Hi" } });
    expect(result.analysis.cards).toEqual([]);
    expect(result.warnings).toEqual([MISSING_CARDS_WARNING]);
  });

  it("fills the spec's defaults and a null session id for a guest", () => {
    const { analysis, sessionId } = readAnalysisResponse({ analysis: { cards: [card, null, "x"] } });
    expect(sessionId).toBeNull();
    expect(analysis.cards).toEqual([card]);
    expect(analysis).toMatchObject({
      coachResponse: "Coach response not available",
      briefSummary: "Session summary",
      encouragement: "Continue exploring relationship growth together.",
      recommendations: [],
      source: "ai",
      mutualGrowthCard: FALLBACK_MUTUAL_GROWTH_CARD,
    });
  });
});

describe("cardsOrPlaceholder", () => {
  it("keeps a deck with cards", () => {
    expect(cardsOrPlaceholder([card])).toEqual([card]);
  });

  it.each([[[]], [null], [undefined]])("gives a deck without cards (%p) the Session Data card", (cards) => {
    expect(cardsOrPlaceholder(cards)).toEqual([PLACEHOLDER_CARD]);
    expect(PLACEHOLDER_CARD).toMatchObject({ dimension: "Session Data", tips: [], color: "soft-brown", icon: "comment" });
  });
});

describe("tips", () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i + 1}`).join(" ");

  it("truncateTip keeps up to 50 words and cuts longer tips to 50 words plus '...'", () => {
    expect(truncateTip(`  ${words(50)} `)).toBe(words(50));
    expect(truncateTip(words(51))).toBe(`${words(50)}...`);
    expect(truncateTip(`${words(49)} end, and more words`)).toBe(`${words(49)} end...`);
  });

  it("visibleTips shows at most 2 non-blank tips, each truncated", () => {
    expect(visibleTips({ tips: [" ", words(60), "second", "third"] })).toEqual([`${words(50)}...`, "second"]);
    expect(visibleTips({ tips: undefined as unknown as string[] })).toEqual([]);
  });
});
