import {
  ANALYSIS_JSON_SCHEMA,
  ANALYSIS_OPENAI_JSON_SCHEMA,
  clipText,
  FALLBACK_MUTUAL_GROWTH_CARD,
  INVALID_ANALYSIS_MESSAGE,
  parseModelAnalysis,
  resolveDimension,
} from "./analysis-schema";
import { CARD_COLORS, CARD_ICONS } from "./types";

const options = { source: "ai" as const, promptVersion: "analysis/test" };

const card = (overrides: Record<string, unknown> = {}) => ({
  dimension: "Curiosity",
  insight: "You asked Sam two follow-up questions about the weekend.",
  tips: ["Ask one open question tonight."],
  color: "sunflower",
  icon: "search",
  evidence: ["What did you mean by that?"],
  ...overrides,
});

const answer = (overrides: Record<string, unknown> = {}) => ({
  cards: [card()],
  coachResponse: "## What went well\nYou listened.",
  briefSummary: "Weekend plans",
  recommendations: ["Keep asking follow-ups."],
  encouragement: "You are doing great.",
  mutualGrowthCard: {
    dimension: "Mutual Aspirations & Growth",
    insight: "Dream together.",
    tips: ["Where do you see us in a year?"],
    icon: "sparkles",
    color: "soft-tangerine",
  },
  ...overrides,
});

function parsed(raw: unknown) {
  const result = parseModelAnalysis(raw, options);
  if (!result.ok) throw new Error(`rejected: ${result.detail}`);
  return result;
}

describe("parseModelAnalysis: a valid answer", () => {
  it("passes through unchanged, labelled with source and prompt version, without repairs", () => {
    const { analysis, repairs } = parsed(answer());
    expect(repairs).toEqual([]);
    expect(analysis).toEqual({ ...answer(), source: "ai", promptVersion: "analysis/test" });
  });

  it("drops fields the model was not asked for", () => {
    const { analysis } = parsed({ ...answer(), speakers: { x: 1 }, metrics: { fake: true }, source: "offline" });
    expect(analysis).not.toHaveProperty("speakers");
    expect(analysis).not.toHaveProperty("metrics");
    expect(analysis.source).toBe("ai");
  });

  it("unwraps an answer nested under `analysis`", () => {
    const result = parsed({ analysis: answer() });
    expect(result.analysis.cards).toHaveLength(1);
    expect(result.repairs).toEqual(["unwrapped the answer from an `analysis` field"]);
  });
});

describe("parseModelAnalysis: rejections", () => {
  it.each([
    ["null", null],
    ["a string", "not json"],
    ["an array", [card()]],
    ["a number", 42],
  ])("rejects %s", (_, raw) => {
    expect(parseModelAnalysis(raw, options)).toEqual({ ok: false, error: INVALID_ANALYSIS_MESSAGE, detail: "the answer is not a JSON object" });
  });

  it.each([
    ["missing", undefined],
    ["a string", "nope"],
    ["an object", { 0: card() }],
  ])("rejects cards that are %s", (_, cards) => {
    expect(parseModelAnalysis(answer({ cards }), options)).toMatchObject({ ok: false, error: INVALID_ANALYSIS_MESSAGE, detail: "cards is not an array" });
  });

  it("rejects an empty card list and one where no card survives repair", () => {
    expect(parseModelAnalysis(answer({ cards: [] }), options)).toMatchObject({ ok: false, error: INVALID_ANALYSIS_MESSAGE });
    const noneValid = answer({ cards: [card({ dimension: "Humour" }), card({ insight: "  " }), "text", null] });
    expect(parseModelAnalysis(noneValid, options)).toMatchObject({ ok: false, error: INVALID_ANALYSIS_MESSAGE, detail: "no valid cards remain" });
  });
});

describe("parseModelAnalysis: card repairs", () => {
  it("maps dimensions case-insensitively, by id and by short name", () => {
    const dimensions = ["curiosity", "CLARITY", "Emotional", "emotional connection", "timing", "Respect", "Repair", "respect and repair", "Appreciation "];
    const { analysis, repairs } = parsed(answer({ cards: dimensions.map((dimension) => card({ dimension })) }));
    expect(analysis.cards.map((c) => c.dimension)).toEqual([
      "Curiosity",
      "Clarity",
      "Emotional Connection",
      "Emotional Connection",
      "Timing",
      "Respect & Repair",
      "Respect & Repair",
      "Respect & Repair",
    ]);
    expect(repairs).toContain('cards[0]: dimension "curiosity" read as "Curiosity"');
    // Nine valid cards: the ninth (Appreciation) is beyond the limit of 8.
    expect(repairs).toContain("kept the first 8 of 9 cards");
  });

  it("drops a card with an unknown or missing dimension, with a note", () => {
    const { analysis, repairs } = parsed(answer({ cards: [card({ dimension: "Humour" }), card({ dimension: undefined }), card()] }));
    expect(analysis.cards).toHaveLength(1);
    expect(repairs).toEqual(['cards[0]: unknown dimension "Humour", card dropped', "cards[1]: unknown dimension undefined, card dropped"]);
  });

  it("drops non-object cards and cards with an empty or non-text insight", () => {
    const { analysis, repairs } = parsed(answer({ cards: ["just text", card({ insight: "   " }), card({ insight: 12 }), card()] }));
    expect(analysis.cards).toHaveLength(1);
    expect(repairs).toEqual(["cards[0]: not an object, card dropped", "cards[1]: empty insight, card dropped", "cards[2]: empty insight, card dropped"]);
  });

  it("trims the insight and cuts one over 1200 characters", () => {
    const long = `${"word ".repeat(400)}end`;
    const { analysis, repairs } = parsed(answer({ cards: [card({ insight: "  Spaced.  " }), card({ insight: long })] }));
    expect(analysis.cards[0]!.insight).toBe("Spaced.");
    expect(analysis.cards[1]!.insight.length).toBeLessThanOrEqual(1200);
    expect(analysis.cards[1]!.insight.endsWith("…")).toBe(true);
    expect(repairs).toEqual(["cards[1].insight: cut to 1200 characters"]);
  });

  it("keeps at most 3 non-blank tips of at most 400 characters", () => {
    const tips = ["one", " ", 7, "two", "three", "four", "x".repeat(500)];
    const { analysis, repairs } = parsed(answer({ cards: [card({ tips }), card({ tips: ["y".repeat(500)] })] }));
    expect(analysis.cards[0]!.tips).toEqual(["one", "two", "three"]);
    expect(analysis.cards[1]!.tips[0]!.length).toBe(400);
    expect(repairs).toEqual([
      "cards[0].tips: 2 blank or non-text item(s) removed",
      "cards[0].tips: kept the first 3 of 5",
      "cards[1].tips[0]: cut to 400 characters",
    ]);
  });

  it("reads a single tip string as a list and empties tips that are not a list", () => {
    const { analysis } = parsed(answer({ cards: [card({ tips: "Breathe first." }), card({ tips: { a: 1 } }), card({ tips: undefined })] }));
    expect(analysis.cards.map((c) => c.tips)).toEqual([["Breathe first."], [], []]);
  });

  it("replaces an unknown colour with the dimension's default colour and an unknown icon with comment", () => {
    const { analysis, repairs } = parsed(
      answer({
        cards: [
          card({ dimension: "Clarity", color: "purple", icon: "rocket" }),
          card({ color: " Deep-Teal ", icon: "HEART" }),
          card({ dimension: "Timing", color: undefined, icon: undefined }),
        ],
      }),
    );
    expect(analysis.cards.map((c) => [c.color, c.icon])).toEqual([
      ["sunflower", "comment"],
      ["deep-teal", "heart"],
      ["soft-brown", "comment"],
    ]);
    expect(repairs).toContain('cards[0].color: "purple" is not allowed, "sunflower" used');
    expect(repairs).toContain('cards[0].icon: "rocket" is not allowed, "comment" used');
  });

  it("keeps up to 3 evidence quotes and leaves evidence out when none is usable", () => {
    const { analysis } = parsed(answer({ cards: [card({ evidence: ["a", "b", "c", "d"] }), card({ evidence: ["", 3] }), card({ evidence: undefined })] }));
    expect(analysis.cards[0]!.evidence).toEqual(["a", "b", "c"]);
    expect(analysis.cards[1]).not.toHaveProperty("evidence");
    expect(analysis.cards[2]).not.toHaveProperty("evidence");
  });
});

describe("parseModelAnalysis: the texts around the cards", () => {
  it("uses the spec's defaults for missing or blank texts", () => {
    const { analysis, repairs } = parsed({ cards: [card()], coachResponse: "  ", briefSummary: 5 });
    expect(analysis.coachResponse).toBe("Coach response not available");
    expect(analysis.briefSummary).toBe("Session summary");
    expect(analysis.encouragement).toBe("Continue exploring relationship growth together.");
    expect(analysis.recommendations).toEqual([]);
    expect(repairs).toEqual(
      expect.arrayContaining([
        "coachResponse: missing, default used",
        "briefSummary: missing, default used",
        "encouragement: missing, default used",
        "recommendations: not a list, emptied",
      ]),
    );
  });

  it("cuts the brief summary to 120 characters", () => {
    const { analysis } = parsed(answer({ briefSummary: `${"Talking about the holidays and ".repeat(6)}more` }));
    expect(analysis.briefSummary.length).toBeLessThanOrEqual(120);
  });

  it("keeps at most 6 non-blank recommendations", () => {
    const { analysis } = parsed(answer({ recommendations: ["1", "", "2", "3", null, "4", "5", "6", "7"] }));
    expect(analysis.recommendations).toEqual(["1", "2", "3", "4", "5", "6"]);
  });
});

describe("parseModelAnalysis: the mutual growth card", () => {
  it.each([
    ["missing", undefined],
    ["without insight", { insight: "", tips: ["Q?"] }],
    ["without tips", { insight: "Grow.", tips: [] }],
    ["with tips not a list", { insight: "Grow.", tips: "Q?" }],
    ["with only blank tips", { insight: "Grow.", tips: ["  "] }],
  ])("falls back to the spec's card when %s", (_, mutualGrowthCard) => {
    const { analysis, repairs } = parsed(answer({ mutualGrowthCard }));
    expect(analysis.mutualGrowthCard).toEqual(FALLBACK_MUTUAL_GROWTH_CARD);
    expect(analysis.mutualGrowthCard.tips).toHaveLength(3);
    expect(repairs.some((note) => note.startsWith("mutualGrowthCard:"))).toBe(true);
  });

  it("repairs the icon, colour and dimension of an otherwise valid card", () => {
    const { analysis } = parsed(answer({ mutualGrowthCard: { insight: "Dream together.", tips: ["Q1?", "Q2?", "Q3?", "Q4?"], icon: "rocket", color: "red" } }));
    expect(analysis.mutualGrowthCard).toEqual({
      dimension: "Mutual Aspirations & Growth",
      insight: "Dream together.",
      tips: ["Q1?", "Q2?", "Q3?"],
      icon: "sparkles",
      color: "soft-tangerine",
    });
  });

  it("does not share the fallback card's arrays between analyses", () => {
    const first = parsed(answer({ mutualGrowthCard: null })).analysis;
    first.mutualGrowthCard.tips.push("changed");
    expect(FALLBACK_MUTUAL_GROWTH_CARD.tips).toHaveLength(3);
  });
});

describe("helpers", () => {
  it("resolveDimension", () => {
    expect(resolveDimension("Respect & Repair")).toBe("Respect & Repair");
    expect(resolveDimension("emotional")).toBe("Emotional Connection");
    expect(resolveDimension("Love")).toBeNull();
    expect(resolveDimension(3)).toBeNull();
  });

  it("clipText cuts at a word boundary within the limit", () => {
    expect(clipText("  short  ", 10)).toBe("short");
    expect(clipText("alpha beta gamma delta", 12)).toBe("alpha beta…");
    expect(clipText("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
    // No space to cut at, and an emoji across the cut: it is left out whole, not halved (PostgreSQL refuses half).
    expect(clipText(`${"話".repeat(8)}😀話話`, 10)).toBe(`${"話".repeat(8)}…`);
  });
});

describe("provider schemas", () => {
  type Node = { type: string; properties?: Record<string, Node>; items?: Node; enum?: string[]; required?: string[]; additionalProperties?: boolean };
  const gemini = ANALYSIS_JSON_SCHEMA as Node;
  const openai = ANALYSIS_OPENAI_JSON_SCHEMA as Node;

  it("describes the same fields in both dialects", () => {
    const fields = ["cards", "coachResponse", "briefSummary", "recommendations", "encouragement", "commitments", "mutualGrowthCard"];
    expect(Object.keys(gemini.properties!)).toEqual(fields);
    expect(Object.keys(openai.properties!)).toEqual(fields);
    expect(Object.keys(gemini.properties!.cards!.items!.properties!)).toEqual(Object.keys(openai.properties!.cards!.items!.properties!));
  });

  it("uses Gemini's type names and enums for dimensions, colours and icons", () => {
    const cardNode = gemini.properties!.cards!.items!;
    expect(gemini.type).toBe("OBJECT");
    expect(gemini.properties!.cards!.type).toBe("ARRAY");
    expect(cardNode.properties!.dimension).toMatchObject({
      type: "STRING",
      enum: ["Curiosity", "Clarity", "Emotional Connection", "Timing", "Respect & Repair", "Appreciation"],
    });
    expect(cardNode.properties!.color!.enum).toEqual([...CARD_COLORS]);
    expect(cardNode.properties!.icon!.enum).toEqual([...CARD_ICONS]);
    expect(JSON.stringify(gemini)).not.toMatch(/"type":"(object|array|string)"/);
  });

  it("is strict JSON Schema for OpenAI: lowercase types, every property required, no additional properties", () => {
    const objects: Node[] = [];
    const walk = (node: Node) => {
      expect(node.type).toMatch(/^(object|array|string)$/);
      if (node.type === "object") objects.push(node);
      Object.values(node.properties ?? {}).forEach(walk);
      if (node.items) walk(node.items);
    };
    walk(openai);
    expect(objects).toHaveLength(4); // the analysis, a card, a commitment, the growth card
    for (const node of objects) {
      expect(node.additionalProperties).toBe(false);
      expect(node.required).toEqual(Object.keys(node.properties!));
    }
  });
});

describe("commitments in the model's answer", () => {
  const base = { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }], mutualGrowthCard: null };

  it("keeps the well-formed ones and leaves the field out when there are none", () => {
    const parsed = parseModelAnalysis({ ...base, commitments: [{ text: "Phones away at dinner", who: "both", byWhen: "" }, { text: "" }] }, { source: "ai" });
    expect(parsed.ok && parsed.analysis.commitments).toEqual([{ text: "Phones away at dinner", who: "both", byWhen: null }]);
    const none = parseModelAnalysis({ ...base, commitments: [] }, { source: "ai" });
    expect(none.ok && "commitments" in none.analysis).toBe(false);
  });
});
