import {
  chunkTurns,
  LABEL_KINDS,
  LABELS_JSON_SCHEMA,
  LABELS_OPENAI_JSON_SCHEMA,
  modelLabelSchema,
  NEGATIVE_LABELS,
  normalizeQuote,
  POSITIVE_LABELS,
  promptLines,
  validateLabels,
  type LabelRejection,
} from "./labels";
import { buildTurns, type Turn } from "./turns";

const turns = buildTurns([
  { speaker: "A", start: 0, end: 4, text: "You never listen to me, it’s exhausting." },
  { speaker: "B", start: 4.5, end: 7, text: "That's not fair, I was tired." },
  { speaker: "A", start: 8, end: 10, text: "Okay, I’m sorry.  Can we start over?" },
  { speaker: "B", start: 10.5, end: 12, text: "Sure, let’s try again." },
]);

const label = (overrides: Record<string, unknown> = {}) => ({ turn: 0, label: "criticism", quote: "you never listen", responds_to: null, ...overrides });

describe("label kinds", () => {
  it("has the 13 kinds, positive and negative sets disjoint and within them", () => {
    expect(LABEL_KINDS).toHaveLength(13);
    expect([...POSITIVE_LABELS].sort()).toEqual(["accepting_influence", "affection", "appreciation", "humor", "interest", "validation"]);
    expect([...NEGATIVE_LABELS].sort()).toEqual(["contempt", "criticism", "defensiveness", "stonewalling"]);
    const neither = LABEL_KINDS.filter((kind) => !POSITIVE_LABELS.has(kind) && !NEGATIVE_LABELS.has(kind));
    expect(neither).toEqual(["complaint", "repair_attempt", "bid"]);
  });
});

describe("normalizeQuote", () => {
  it.each([
    ["  You  NEVER\n\tlisten ", "you never listen"],
    ["it’s ‘fine’", "it's 'fine'"],
    ["“stop” „now‟", '"stop" "now"'],
    ["ｙｏｕ ｎｅｖｅｒ", "you never"],
    ["ﬁne\u00a0then", "fine then"],
    ["", ""],
  ])("%j → %j", (text, expected) => {
    expect(normalizeQuote(text)).toBe(expected);
  });
});

describe("validateLabels: kept labels", () => {
  it("keeps a valid label with its turn's speaker and times, and the quote as sent (trimmed)", () => {
    const result = validateLabels({ labels: [label({ quote: " You never listen ", speaker: "B" })] }, turns);
    expect(result).toEqual({
      labels: [{ turn: 0, label: "criticism", quote: "You never listen", respondsTo: null, speaker: "A", start: 0, end: 4 }],
      rejectedLabels: 0,
      rejections: [],
    });
  });

  it.each([
    ["different case and spacing", "YOU   never\nlisten"],
    ["a straight apostrophe for a curly one", "it's exhausting"],
    ["full-width letters (NFKC)", "ｙｏｕ ｎｅｖｅｒ"],
    ["punctuation included", "me, it’s exhausting."],
    ["the whole turn", "You never listen to me, it’s exhausting."],
  ])("matches a quote with %s", (_, quote) => {
    expect(validateLabels({ labels: [label({ quote })] }, turns).labels).toHaveLength(1);
  });

  it.each([
    ["omitted", undefined, null],
    ["null", null, null],
    ["an earlier turn of the other speaker", 0, 0],
  ])("keeps responds_to %s", (_, respondsTo, expected) => {
    const raw = { turn: 1, label: "defensiveness", quote: "not fair", ...(respondsTo === undefined ? {} : { responds_to: respondsTo }) };
    expect(validateLabels([raw], turns).labels[0]?.respondsTo).toBe(expected);
  });

  it("accepts the labels array on its own, and keeps nothing from an answer that is not one", () => {
    expect(validateLabels([label()], turns).labels).toHaveLength(1);
    for (const raw of [null, "labels", { labels: "none" }, {}]) expect(validateLabels(raw, turns)).toEqual({ labels: [], rejectedLabels: 0, rejections: [] });
  });
});

describe("validateLabels: dropped labels", () => {
  it.each<[string, Record<string, unknown> | unknown, LabelRejection]>([
    ["a string instead of a label", "criticism", "not_an_object"],
    ["null", null, "not_an_object"],
    ["a turn given as text", label({ turn: "0" }), "not_an_object"],
    ["no quote", { turn: 0, label: "criticism" }, "not_an_object"],
    ["a turn after the last", label({ turn: 4 }), "no_such_turn"],
    ["a negative turn", label({ turn: -1 }), "no_such_turn"],
    ["a fractional turn", label({ turn: 0.5 }), "no_such_turn"],
    ["an unknown kind", label({ label: "sarcasm" }), "unknown_label"],
    ["a kind in another case", label({ label: "Criticism" }), "unknown_label"],
    ["a one-word quote", label({ quote: "exhausting." }), "quote_too_short"],
    ["a one-word quote padded with spaces", label({ quote: "  never  " }), "quote_too_short"],
    ["an empty quote", label({ quote: "" }), "quote_too_short"],
    ["a quote not said", label({ quote: "you always listen" }), "quote_not_in_turn"],
    ["a quote from another turn", label({ quote: "not fair" }), "quote_not_in_turn"],
    ["a quote across two turns", label({ quote: "exhausting. that's not" }), "quote_not_in_turn"],
    ["responds_to its own turn", label({ turn: 1, label: "defensiveness", quote: "not fair", responds_to: 1 }), "bad_responds_to"],
    ["responds_to a later turn", label({ turn: 1, label: "defensiveness", quote: "not fair", responds_to: 2 }), "bad_responds_to"],
    ["responds_to the same speaker", label({ turn: 2, label: "repair_attempt", quote: "i'm sorry", responds_to: 0 }), "bad_responds_to"],
    ["responds_to a turn that does not exist", label({ turn: 1, label: "defensiveness", quote: "not fair", responds_to: -1 }), "bad_responds_to"],
    ["responds_to a fractional turn", label({ turn: 1, label: "defensiveness", quote: "not fair", responds_to: 0.5 }), "bad_responds_to"],
  ])("drops %s", (_, raw, reason) => {
    expect(validateLabels({ labels: [raw] }, turns)).toEqual({ labels: [], rejectedLabels: 1, rejections: [{ index: 0, reason }] });
  });

  it("counts each dropped label once, with its position in the answer", () => {
    const raw = [label({ turn: 9, label: "sarcasm", quote: "x" }), label(), label({ quote: "nope nope" })];
    const result = validateLabels({ labels: raw }, turns);
    expect(result.labels).toHaveLength(1);
    expect(result.rejectedLabels).toBe(2);
    expect(result.rejections).toEqual([
      { index: 0, reason: "no_such_turn" },
      { index: 2, reason: "quote_not_in_turn" },
    ]);
  });
});

describe("validateLabels: one label of each kind per turn", () => {
  it("keeps the first, and a repeat is not a rejection", () => {
    const result = validateLabels([label(), label({ quote: "it's exhausting" })], turns);
    expect(result.labels.map((kept) => kept.quote)).toEqual(["you never listen"]);
    expect(result.rejectedLabels).toBe(0);
  });

  it("keeps the first valid one when an earlier one of the same kind was dropped", () => {
    const result = validateLabels([label({ quote: "you always" }), label({ quote: "it's exhausting" })], turns);
    expect(result.labels.map((kept) => kept.quote)).toEqual(["it's exhausting"]);
    expect(result.rejectedLabels).toBe(1);
  });

  it("keeps different kinds on one turn and the same kind on different turns", () => {
    const raw = [
      label(),
      label({ label: "contempt", quote: "it’s exhausting" }),
      label({ turn: 2, label: "repair_attempt", quote: "i'm sorry" }),
      label({ turn: 3, label: "repair_attempt", quote: "try again" }),
    ];
    expect(validateLabels(raw, turns).labels.map((kept) => [kept.turn, kept.label])).toEqual([
      [0, "criticism"],
      [0, "contempt"],
      [2, "repair_attempt"],
      [3, "repair_attempt"],
    ]);
  });
});

describe("the model's answer schema", () => {
  it.each([
    [{ turn: 1, label: "bid", quote: "a b", responds_to: 0 }, true],
    [{ turn: 1, label: "bid", quote: "a b", responds_to: null }, true],
    [{ turn: 1, label: "bid", quote: "a b" }, true],
    [{ turn: "1", label: "bid", quote: "a b" }, false],
    [{ turn: 1, label: "bid" }, false],
  ])("%j parses: %p", (raw, ok) => {
    expect(modelLabelSchema.safeParse(raw).success).toBe(ok);
  });

  type Node = {
    type: unknown;
    properties?: Record<string, Node>;
    items?: Node;
    enum?: string[];
    required?: string[];
    additionalProperties?: boolean;
    nullable?: boolean;
  };
  const gemini = LABELS_JSON_SCHEMA as Node;
  const openai = LABELS_OPENAI_JSON_SCHEMA as Node;

  it("describes { labels: [{ turn, label, quote, responds_to }] } with the 13 kinds in both dialects", () => {
    for (const schema of [gemini, openai]) {
      expect(Object.keys(schema.properties!)).toEqual(["labels"]);
      const item = schema.properties!.labels!.items!;
      expect(Object.keys(item.properties!)).toEqual(["turn", "label", "quote", "responds_to"]);
      expect(item.required).toEqual(["turn", "label", "quote", "responds_to"]);
      expect(item.properties!.label!.enum).toEqual([...LABEL_KINDS]);
    }
  });

  it("uses Gemini's type names with a nullable responds_to", () => {
    const item = gemini.properties!.labels!.items!;
    expect([gemini.type, gemini.properties!.labels!.type, item.type, item.properties!.turn!.type]).toEqual(["OBJECT", "ARRAY", "OBJECT", "INTEGER"]);
    expect(item.properties!.responds_to).toMatchObject({ type: "INTEGER", nullable: true });
  });

  it("is strict JSON Schema for OpenAI: lowercase types, no additional properties, responds_to integer or null", () => {
    const item = openai.properties!.labels!.items!;
    expect([openai.type, openai.properties!.labels!.type, item.type]).toEqual(["object", "array", "object"]);
    expect([openai.additionalProperties, item.additionalProperties]).toEqual([false, false]);
    expect(openai.required).toEqual(["labels"]);
    expect(item.properties!.responds_to!.type).toEqual(["integer", "null"]);
  });
});

describe("promptLines", () => {
  it("numbers each turn [n] Name: text, falling back to the speaker label", () => {
    expect(promptLines(turns.slice(0, 2), { A: "Maya", B: " " })).toBe(
      "[0] Maya: You never listen to me, it’s exhausting.\n[1] B: That's not fair, I was tired.",
    );
  });

  it("keeps each turn on one line and its true number", () => {
    const turn: Turn = { index: 412, speaker: "B", text: "first line\n\n  second line", start: 0, end: 1 };
    expect(promptLines([turn], { B: "Jon" })).toBe("[412] Jon: first line second line");
  });
});

describe("chunkTurns", () => {
  const many = (n: number): Turn[] =>
    Array.from({ length: n }, (_, index) => ({ index, speaker: index % 2 ? "B" : "A", text: `turn ${index}`, start: index, end: index + 0.5 }));

  it.each([
    [0, []],
    [1, [1]],
    [200, [200]],
    [201, [101, 100]],
    [401, [134, 134, 133]],
    [1000, [200, 200, 200, 200, 200]],
  ])("%p turns → chunks of %j", (n, sizes) => {
    expect(chunkTurns(many(n)).map((chunk) => chunk.length)).toEqual(sizes);
  });

  it("keeps every turn once, in order, with its true number", () => {
    const chunks = chunkTurns(many(1000));
    expect(chunks.flat().map((turn) => turn.index)).toEqual(many(1000).map((turn) => turn.index));
    expect(chunks[3]![0]!.index).toBe(600);
    expect(promptLines(chunks[1]!).split("\n")[0]).toBe("[200] A: turn 200");
  });

  it("takes a smaller chunk size", () => {
    expect(chunkTurns(many(5), 2).map((chunk) => chunk.map((turn) => turn.index))).toEqual([[0, 1], [2, 3], [4]]);
  });
});
