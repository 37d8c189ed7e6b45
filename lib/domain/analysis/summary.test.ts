import {
  applyVote,
  cleanRecommendations,
  clientFallbackSummary,
  DEFAULT_RECOMMENDATIONS,
  DIMENSION_TIPS,
  genericSummary,
  isDeckComplete,
  keepLastRecommendations,
  readStoredDeck,
  resolveSummary,
  SERVER_FALLBACK_RECOMMENDATIONS,
  SummaryFallbackError,
} from "./summary";
import type { InsightCard, SessionSummary, SwipeAction } from "./types";

const NOW = Date.UTC(2026, 2, 4, 12);
const IN_14_DAYS = NOW + 14 * 86_400_000;

const card = (dimension: string): InsightCard => ({ dimension, insight: `About ${dimension}.`, tips: [], color: "deep-teal", icon: "comment" });
const vote = (cardIndex: number, action: SwipeAction["action"], timestamp = cardIndex): SwipeAction => ({ cardIndex, action, timestamp });
const cards = [card("Curiosity"), card("Clarity"), card("Emotional Connection"), card("Timing"), card("Appreciation")];

describe("cleanRecommendations", () => {
  it("keeps non-blank strings, trimmed", () => {
    expect(cleanRecommendations([" Walk together. ", "", "  ", 4, null, "Talk."])).toEqual(["Walk together.", "Talk."]);
  });

  it.each([[[]], [["", " "]], [null], ["text"], [undefined]])("falls back to the 3 defaults for %p", (list) => {
    expect(cleanRecommendations(list)).toEqual(DEFAULT_RECOMMENDATIONS);
    expect(DEFAULT_RECOMMENDATIONS.join(" ")).toMatch(/check-in[\s\S]*listening[\s\S]*appreciate/);
  });

  it("the server's fallback list: check-ins, appreciation, a shared ritual", () => {
    expect(SERVER_FALLBACK_RECOMMENDATIONS).toHaveLength(3);
    expect(SERVER_FALLBACK_RECOMMENDATIONS.join(" ")).toMatch(/check-in[\s\S]*appreciation[\s\S]*ritual/);
  });
});

describe("keepLastRecommendations", () => {
  it("keeps the last 3 non-blank recommendations", () => {
    expect(keepLastRecommendations(["a", "b", "", "c", "d"], 3)).toEqual(["b", "c", "d"]);
    expect(keepLastRecommendations(["a"], 3)).toEqual(["a"]);
    expect(keepLastRecommendations(null)).toEqual([]);
  });
});

describe("clientFallbackSummary", () => {
  it("gives one practice per helpful dimension, at most 3, and names what resonated", () => {
    const summary = clientFallbackSummary(cards, [vote(0, "helpful"), vote(1, "unhelpful"), vote(2, "helpful"), vote(3, "helpful"), vote(4, "helpful")], NOW);
    expect(summary.recommendations).toEqual([DIMENSION_TIPS.Curiosity, DIMENSION_TIPS["Emotional Connection"], DIMENSION_TIPS.Timing]);
    expect(summary.summary).toBe(
      "What resonated with you: Curiosity, Emotional Connection, Timing and Appreciation. These are strengths you can build on together.",
    );
    expect(summary.encouragement).not.toBe("");
    expect(summary.reminderDate).toBe(IN_14_DAYS);
  });

  it("maps short dimension names, and tops up two practices with a generic one", () => {
    const summary = clientFallbackSummary([card("emotional"), card("Respect")], [vote(0, "helpful"), vote(1, "helpful")], NOW);
    expect(summary.recommendations).toEqual([DIMENSION_TIPS["Emotional Connection"], DIMENSION_TIPS["Respect & Repair"], DEFAULT_RECOMMENDATIONS[0]]);
  });

  it("uses generic recommendations when only one card is helpful, still naming it", () => {
    const summary = clientFallbackSummary(cards, [vote(0, "helpful"), vote(1, "unhelpful")], NOW);
    expect(summary.recommendations).toEqual(DEFAULT_RECOMMENDATIONS);
    expect(summary.summary).toContain("Curiosity");
  });

  it("uses generic recommendations and a generic text when nothing is helpful", () => {
    const summary = clientFallbackSummary(cards, [vote(0, "unhelpful")], NOW);
    expect(summary.recommendations).toEqual(DEFAULT_RECOMMENDATIONS);
    expect(summary.summary).toBe(
      "You reviewed 5 insights from your conversation. Every conversation like this one helps you understand each other a little better.",
    );
  });

  it("counts a card's latest vote only", () => {
    const summary = clientFallbackSummary(cards, [vote(0, "helpful", 1), vote(1, "helpful", 2), vote(0, "unhelpful", 3)], NOW);
    expect(summary.summary).not.toContain("Curiosity");
    expect(summary.summary).toContain("Clarity");
  });
});

describe("genericSummary", () => {
  it("has exactly 2 recommendations and a reminder 14 days ahead", () => {
    const summary = genericSummary(NOW);
    expect(summary.recommendations).toHaveLength(2);
    expect(summary.reminderDate).toBe(IN_14_DAYS);
    expect(summary.encouragement).toBe("Continue exploring relationship growth together.");
  });
});

describe("resolveSummary: the five-step sourcing order", () => {
  const existing: SessionSummary = { summary: "Saved before.", recommendations: ["Old."], encouragement: "Old encouragement.", reminderDate: 1 };
  const server: SessionSummary = { summary: "From the server.", recommendations: ["S1", " ", "S2"], encouragement: "Server says hi.", reminderDate: 2 };
  const helpfulVotes = [vote(0, "helpful"), vote(1, "helpful")];
  const base = { now: NOW, cards, swipeActions: helpfulVotes };

  it("1. uses the existing summary without calling the server", async () => {
    const fetchServer = jest.fn();
    await expect(resolveSummary({ ...base, existing, fetchServer })).resolves.toEqual({ summary: existing, source: "existing" });
    expect(fetchServer).not.toHaveBeenCalled();
  });

  it("2. asks the server when regeneration is forced, or when there is no (or a blank) existing summary", async () => {
    for (const input of [{ existing, forceRegenerate: true }, { existing: null }, { existing: { ...existing, summary: " " } }]) {
      const fetchServer = jest.fn().mockResolvedValue(server);
      await expect(resolveSummary({ ...base, ...input, fetchServer })).resolves.toEqual({
        summary: { ...server, recommendations: ["S1", "S2"] },
        source: "server",
      });
      expect(fetchServer).toHaveBeenCalledTimes(1);
    }
  });

  it("2. fills what the server left out", async () => {
    const result = await resolveSummary({ ...base, fetchServer: async () => ({ summary: "Only text." }) });
    expect(result).toEqual({
      summary: { summary: "Only text.", recommendations: [], encouragement: "Continue exploring relationship growth together.", reminderDate: IN_14_DAYS },
      source: "server",
    });
  });

  it("3. uses the fallback body carried by the server's error", async () => {
    const body = { summary: "Generic from the server.", recommendations: ["F1"], encouragement: "E", reminderDate: 3, fallback: true };
    const viaClass = await resolveSummary({ ...base, fetchServer: () => Promise.reject(new SummaryFallbackError(body)) });
    expect(viaClass).toEqual({ summary: body, source: "server-fallback" });
    // Any error object carrying `fallbackBody` works (the browser's request helper throws a plain Error).
    const viaPlainError = await resolveSummary({
      ...base,
      fetchServer: () => Promise.reject(Object.assign(new Error("500"), { fallbackBody: { summary: "Plain." } })),
    });
    expect(viaPlainError.source).toBe("server-fallback");
    expect(viaPlainError.summary).toMatchObject({ summary: "Plain.", fallback: true, reminderDate: IN_14_DAYS });
  });

  it.each([
    ["a plain error", () => Promise.reject(new Error("offline"))],
    ["a fallback body without summary", () => Promise.reject(Object.assign(new Error("500"), { fallbackBody: { recommendations: ["x"] } }))],
    ["a server answer without summary", () => Promise.resolve({ recommendations: ["x"] })],
    ["a null server answer", () => Promise.resolve(null)],
  ])("4. builds the client fallback from helpful dimensions after %s", async (_, fetchServer) => {
    const result = await resolveSummary({ ...base, fetchServer });
    expect(result.source).toBe("client");
    expect(result.summary).toEqual(clientFallbackSummary(cards, helpfulVotes, NOW));
    expect(result.summary.recommendations.slice(0, 2)).toEqual([DIMENSION_TIPS.Curiosity, DIMENSION_TIPS.Clarity]);
  });

  it("5. falls back to the generic summary when even the client fallback fails", async () => {
    const broken = [null] as unknown as InsightCard[];
    const result = await resolveSummary({ ...base, cards: broken, swipeActions: [vote(0, "helpful")], fetchServer: () => Promise.reject(new Error("down")) });
    expect(result).toEqual({ summary: genericSummary(NOW), source: "generic" });
    expect(result.summary.recommendations).toHaveLength(2);
  });
});

describe("votes", () => {
  it("applyVote keeps one vote per card, the newest, in card order", () => {
    let votes = applyVote(undefined, vote(2, "helpful", 10));
    votes = applyVote(votes, vote(0, "unhelpful", 11));
    votes = applyVote(votes, vote(2, "unhelpful", 12));
    expect(votes).toEqual([vote(0, "unhelpful", 11), vote(2, "unhelpful", 12)]);
  });

  it("applyVote does not change the list it was given", () => {
    const before = [vote(0, "helpful")];
    applyVote(before, vote(0, "unhelpful"));
    expect(before).toEqual([vote(0, "helpful")]);
  });

  it("isDeckComplete when every card has a vote", () => {
    const three = cards.slice(0, 3);
    expect(isDeckComplete(three, [vote(0, "helpful"), vote(1, "unhelpful")])).toBe(false);
    expect(isDeckComplete(three, [vote(0, "helpful"), vote(1, "unhelpful"), vote(2, "helpful")])).toBe(true);
    // Duplicates and stray indexes do not make up for a missing vote.
    expect(isDeckComplete(three, [vote(0, "helpful"), vote(0, "helpful"), vote(5, "helpful")])).toBe(false);
    expect(isDeckComplete([], [])).toBe(false);
    expect(isDeckComplete(undefined, undefined)).toBe(false);
  });
});

describe("readStoredDeck: a stored session's cards are read, not trusted", () => {
  const kept = card("Curiosity");

  test.each<[string, unknown]>([
    ["not a list", { 0: kept }],
    ["a list of nothing usable", [{}, null, 5, "Curiosity", [kept]]],
    [
      "cards without text",
      [
        { dimension: "Clarity", insight: 5 },
        { dimension: 5, insight: "x" },
        { dimension: " ", insight: "x" },
        { dimension: "x", insight: "" },
      ],
    ],
  ])("%s gives no cards and no votes", (_, cards) => {
    expect(readStoredDeck(cards, [vote(0, "helpful")])).toEqual({ cards: [], swipeActions: [] });
  });

  it("keeps the well-formed cards, their votes moved with them, and drops the votes of the cards left out", () => {
    const deck = readStoredDeck([{}, kept, null, card("Timing")], [vote(0, "helpful"), vote(1, "helpful"), vote(2, "unhelpful"), vote(3, "unhelpful")]);
    expect(deck.cards).toEqual([kept, card("Timing")]);
    expect(deck.swipeActions).toEqual([
      { cardIndex: 0, action: "helpful", timestamp: 1 },
      { cardIndex: 1, action: "unhelpful", timestamp: 3 },
    ]);
  });

  it("repairs what a card can do without: tips, colour and icon", () => {
    const deck = readStoredDeck([{ dimension: "Clarity", insight: "Said clearly.", tips: ["Ask.", 5, " "], color: "purple", icon: 7, extra: "x" }], []);
    expect(deck.cards).toEqual([{ dimension: "Clarity", insight: "Said clearly.", tips: ["Ask."], color: "deep-teal", icon: "comment" }]);
  });

  it("bounds what reaches the summary prompt", () => {
    const deck = readStoredDeck(
      Array.from({ length: 80 }, () => ({ dimension: "d".repeat(500), insight: "i".repeat(5_000) })),
      [],
    );
    expect(deck.cards).toHaveLength(50);
    expect(deck.cards[0]).toMatchObject({ dimension: "d".repeat(100), insight: "i".repeat(2_000) });
  });

  it("a vote moved with its card still counts for that card in the fallback summary", () => {
    const deck = readStoredDeck([{}, kept], [vote(1, "helpful")]);
    expect(clientFallbackSummary(deck.cards, deck.swipeActions, NOW).summary).toBe(
      "What resonated with you: Curiosity. These are strengths you can build on together.",
    );
  });
});
