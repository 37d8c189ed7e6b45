import { validateLabels, type LabelKind, type TurnLabel } from "./labels";
import { computeSignals, signalEvents, type ConversationSignals, type SignalsMode } from "./signals";
import { buildTurns, type SignalSegment, type Turn } from "./turns";

const seg = (speaker: string, start: number, end: number, text: string): SignalSegment => ({ speaker, text, start, end });
/** n neutral words (no pronouns, never a backchannel). */
const say = (n: number) => ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"].slice(0, n).join(" ");

type LabelSpec = [turn: number, kind: LabelKind, respondsTo?: number];
const labelsFor = (turns: Turn[], specs: LabelSpec[]): TurnLabel[] =>
  specs.map(([turn, label, respondsTo]) => ({
    turn,
    label,
    quote: "the quote",
    respondsTo: respondsTo ?? null,
    speaker: turns[turn]!.speaker,
    start: turns[turn]!.start,
    end: turns[turn]!.end,
  }));

function signalsOf(segments: SignalSegment[], specs: LabelSpec[] | null, mode: SignalsMode = "couple"): ConversationSignals {
  const turns = buildTurns(segments);
  return computeSignals({ turns, labels: specs && labelsFor(turns, specs), mode });
}

// ---- A whole conversation, computed by hand ----

const conversation = [
  seg("S1", 0, 6, "You never help with the dishes, I’m tired of it."),
  seg("S2", 6.4, 7, "mm-hm"),
  seg("S1", 6.5, 8, "Every single night."),
  seg("S2", 8.3, 12, "That's not fair, I cooked dinner yesterday."),
  seg("S1", 13, 16, "Okay, I’m sorry. Can we start over?"),
  seg("S2", 15.5, 19, "Sure, let's figure out a plan together."),
  seg("S1", 25, 30, "How was your day at work, love?"),
  seg("S2", 33, 38, "Long, but you made it better, thanks."),
  seg("S1", 38.2, 39, "Whatever works."),
];
const answer = {
  labels: [
    { turn: 0, label: "criticism", quote: "You never help", responds_to: null },
    { turn: 0, label: "complaint", quote: "with the dishes", responds_to: null },
    { turn: 1, label: "defensiveness", quote: "not fair", responds_to: 0 },
    { turn: 2, label: "repair_attempt", quote: "I'm sorry", responds_to: null },
    { turn: 3, label: "accepting_influence", quote: "figure out a plan", responds_to: 2 },
    { turn: 4, label: "bid", quote: "how was your day", responds_to: null },
    { turn: 5, label: "appreciation", quote: "made it better", responds_to: 4 },
    { turn: 9, label: "humor", quote: "no such turn", responds_to: null },
  ],
};

function signalsOfConversation(segments: SignalSegment[], mode: SignalsMode = "couple"): ConversationSignals {
  const turns = buildTurns(segments);
  const { labels, rejectedLabels } = validateLabels(answer, turns);
  return computeSignals({ turns, labels, rejectedLabels, mode });
}

const expectedConversation: ConversationSignals = {
  version: 1,
  turns: 7,
  rejectedLabels: 1,
  labelled: true,
  startUp: { initiator: "S1", harsh: true, negativeInWindow: 2, negativeAfter: 0 },
  ratio: { positive: 2, negative: 2, value: 1 },
  horsemen: {
    S1: { criticism: 1, contempt: 0, defensiveness: 0, stonewalling: 0, stonewallingByTiming: 0 },
    // S2 answered the criticism 0.3 s later with 7 words: not stonewalling by timing.
    S2: { criticism: 0, contempt: 0, defensiveness: 1, stonewalling: 0, stonewallingByTiming: 0 },
  },
  repairs: { S1: { made: 1, accepted: 1, rejected: 0, unclear: 0 }, S2: { made: 0, accepted: 0, rejected: 0, unclear: 0 } },
  bids: { S1: { made: 1, toward: 1, away: 0, against: 0 }, S2: { made: 0, toward: 0, away: 0, against: 0 } },
  pronouns: { S1: { words: 29, we: 1, i: 2, you: 2 }, S2: { words: 21, we: 1, i: 1, you: 1 } },
  // S1: 1000, 6000, 200 ms → 1000. S2: 300, −500 (overlap), 3000 ms → 300.
  latency: { S1: { medianMs: 1000 }, S2: { medianMs: 300 } },
  // S2 starts 0.5 s before S1's "Can we start over?" ends, with 7 words.
  interruptions: { S1: 0, S2: 1 },
  // S1: 8 + 3 + 5 + 0.8 = 16.8 s, S2: 3.7 + 3.5 + 5 = 12.2 s of 29 s.
  floor: { S1: { talkShare: 0.58, longestTurnSeconds: 8 }, S2: { talkShare: 0.42, longestTurnSeconds: 5 } },
};

describe("computeSignals: a whole conversation", () => {
  it("gives every signal as computed by hand", () => {
    expect(signalsOfConversation(conversation)).toEqual(expectedConversation);
  });

  it("without a model: labelled false, the label signals null, timing, pronouns and floor still given", () => {
    const turns = buildTurns(conversation);
    expect(computeSignals({ turns, labels: null, rejectedLabels: 3, mode: "couple" })).toEqual({
      ...expectedConversation,
      rejectedLabels: 0,
      labelled: false,
      startUp: { initiator: "S1", harsh: null, negativeInWindow: null, negativeAfter: null },
      ratio: null,
      horsemen: null,
      repairs: null,
      bids: null,
    });
  });

  it("solo: the two-person signals are null", () => {
    expect(signalsOfConversation(conversation, "solo")).toEqual({
      ...expectedConversation,
      startUp: null,
      ratio: null,
      horsemen: null,
      repairs: null,
      bids: null,
      latency: null,
      interruptions: null,
    });
  });

  it("the relationship mode counts as two people", () => {
    expect(signalsOfConversation(conversation, "relationship")).toEqual(expectedConversation);
  });

  it("no turns", () => {
    expect(computeSignals({ turns: [], labels: [], mode: "couple" })).toEqual({
      version: 1,
      turns: 0,
      rejectedLabels: 0,
      labelled: true,
      startUp: null,
      ratio: { positive: 0, negative: 0, value: null },
      horsemen: {},
      repairs: {},
      bids: {},
      pronouns: {},
      latency: {},
      interruptions: {},
      floor: {},
    });
  });

  it("reports a speaker who only backchannelled when named", () => {
    const turns = buildTurns([seg("A", 0, 5, say(5)), seg("B", 2, 2.5, "mm-hm")]);
    const signals = computeSignals({ turns, labels: [], mode: "couple", speakers: ["A", "B"] });
    expect(signals.floor).toEqual({ A: { talkShare: 1, longestTurnSeconds: 5 }, B: { talkShare: 0, longestTurnSeconds: 0 } });
    expect(signals.latency).toEqual({ A: { medianMs: null }, B: { medianMs: null } });
    expect(signals.bids!.B).toEqual({ made: 0, toward: 0, away: 0, against: 0 });
  });
});

describe("invariances", () => {
  const swap = (speaker: string) => (speaker === "S1" ? "S2" : "S1");
  const swapKeys = <T>(record: Record<string, T> | null) => record && Object.fromEntries(Object.entries(record).map(([key, value]) => [swap(key), value]));

  it("swapping the speaker labels swaps the per-speaker results", () => {
    const swapped = signalsOfConversation(conversation.map((segment) => ({ ...segment, speaker: swap(segment.speaker) })));
    const e = expectedConversation;
    expect(swapped).toEqual({
      ...e,
      startUp: { ...e.startUp!, initiator: "S2" },
      horsemen: swapKeys(e.horsemen),
      repairs: swapKeys(e.repairs),
      bids: swapKeys(e.bids),
      pronouns: swapKeys(e.pronouns),
      latency: swapKeys(e.latency),
      interruptions: swapKeys(e.interruptions),
      floor: swapKeys(e.floor),
    });
  });

  it.each([1234.567, 0.1, -0.3, 86_400.01])("shifting every time by %p changes nothing", (shift) => {
    expect(signalsOfConversation(conversation.map((segment) => ({ ...segment, start: segment.start + shift, end: segment.end + shift })))).toEqual(
      expectedConversation,
    );
  });

  it("splitting a turn with a 0.3 s gap changes nothing", () => {
    const split = conversation.flatMap((segment) =>
      segment.start === 8.3 ? [seg("S2", 8.3, 9.5, "That's not fair,"), seg("S2", 9.8, 12, "I cooked dinner yesterday.")] : [segment],
    );
    expect(buildTurns(split)).toEqual(buildTurns(conversation));
    expect(signalsOfConversation(split)).toEqual(expectedConversation);
  });
});

describe("startUp", () => {
  // Turn 0 starts at 10.1: 190.09 is 179.99 s later (in the window), 190.1 is exactly 180 s later (after it).
  const segments = [
    seg("A", 10.1, 15, say(4)),
    seg("B", 16, 20, say(4)),
    seg("A", 190.09, 195, say(4)),
    seg("B", 190.1, 196, say(4)),
    seg("A", 200, 205, say(4)),
  ];

  it.each<[string, LabelSpec[], boolean, number, number]>([
    ["no labels", [], false, 0, 0],
    ["the initiator's criticism at the start", [[0, "criticism"]], true, 1, 0],
    ["the initiator's contempt 179.99 s in", [[2, "contempt"]], true, 1, 0],
    ["the initiator's criticism after the window", [[4, "criticism"]], false, 0, 1],
    ["the partner's criticism in the window", [[1, "criticism"]], false, 1, 0],
    [
      "the partner's contempt exactly 180 s in, the initiator's defensiveness at the start",
      [
        [3, "contempt"],
        [0, "defensiveness"],
      ],
      false,
      1,
      1,
    ],
    ["the initiator's complaint (not negative)", [[0, "complaint"]], false, 0, 0],
    ["the initiator's stonewalling (negative, not harsh)", [[0, "stonewalling"]], false, 1, 0],
  ])("%s", (_, specs, harsh, negativeInWindow, negativeAfter) => {
    expect(signalsOf(segments, specs).startUp).toEqual({ initiator: "A", harsh, negativeInWindow, negativeAfter });
  });
});

describe("ratio", () => {
  const segments = Array.from({ length: 10 }, (_, i) => seg(i % 2 ? "B" : "A", i * 10, i * 10 + 5, say(4)));

  it.each<[string, LabelKind[], number, number, number | null]>([
    ["5 to 2", ["validation", "interest", "affection", "appreciation", "humor", "criticism", "contempt"], 5, 2, 2.5],
    ["2 to 3, to 2 decimals", ["accepting_influence", "humor", "defensiveness", "stonewalling", "criticism"], 2, 3, 0.67],
    ["no negative: null", ["validation", "humor", "interest"], 3, 0, null],
    ["nothing: null", [], 0, 0, null],
    ["no positive: 0", ["criticism", "contempt"], 0, 2, 0],
    ["complaints, bids and repairs count as neither", ["complaint", "bid", "repair_attempt", "validation", "contempt"], 1, 1, 1],
  ])("%s", (_, kinds, positive, negative, value) => {
    expect(
      signalsOf(
        segments,
        kinds.map((kind, turn) => [turn, kind]),
      ).ratio,
    ).toEqual({ positive, negative, value });
  });
});

describe("horsemen", () => {
  it("counts each speaker's own criticism, contempt, defensiveness and stonewalling", () => {
    // Each answer comes 1 s later with 5 words: no stonewalling by timing.
    const segments = Array.from({ length: 6 }, (_, i) => seg(i % 2 ? "B" : "A", i * 4, i * 4 + 3, say(5)));
    const { horsemen } = signalsOf(segments, [
      [0, "criticism"],
      [2, "contempt"],
      [1, "defensiveness"],
      [3, "stonewalling"],
      [5, "defensiveness"],
      [4, "complaint"],
    ]);
    expect(horsemen).toEqual({
      A: { criticism: 1, contempt: 1, defensiveness: 0, stonewalling: 0, stonewallingByTiming: 0 },
      B: { criticism: 0, contempt: 0, defensiveness: 2, stonewalling: 1, stonewallingByTiming: 0 },
    });
  });

  // A criticises (turn 0, 0.1–10.1 s); what B says next decides stonewalling by timing.
  const criticised = seg("A", 0.1, 10.1, "you never help with anything here");
  it.each<[string, SignalSegment[], LabelKind[], number]>([
    ["B answers 5.0 s later with 5 words", [seg("B", 15.1, 18, say(5))], ["criticism"], 1],
    ["B answers 4.99 s later with 5 words", [seg("B", 15.09, 18, say(5))], ["criticism"], 0],
    ["B answers at once with 2 words", [seg("B", 10.5, 13, "fine whatever")], ["criticism"], 1],
    ["B answers at once with 3 words", [seg("B", 10.5, 13, say(3))], ["criticism"], 0],
    ["B never answers", [], ["criticism"], 0],
    ["B answers a complaint 6 s later", [seg("B", 16.1, 18, say(5))], ["complaint"], 1],
    ["B answers defensiveness 6 s later (not counted)", [seg("B", 16.1, 18, say(5))], ["defensiveness"], 0],
    ["the turn is both criticism and complaint: counted once", [seg("B", 16.1, 18, say(5))], ["criticism", "complaint"], 1],
    ["only B's first turn after it counts", [seg("B", 11, 13, say(4)), seg("B", 20, 21, "no")], ["criticism"], 0],
    ["A talks on; B's first turn is 5.9 s after the criticism ends", [seg("A", 12, 14, say(4)), seg("B", 16, 18, say(5))], ["criticism"], 1],
    ["B's quick 'Okay.' is a backchannel, not an answer", [seg("B", 10.5, 11, "Okay."), seg("B", 16, 18, say(5))], ["criticism"], 1],
  ])("%s → %p", (_, rest, kinds, expected) => {
    const { horsemen } = signalsOf(
      [criticised, ...rest],
      kinds.map((kind) => [0, kind]),
    );
    expect(horsemen!.B?.stonewallingByTiming ?? 0).toBe(expected);
    expect(horsemen!.A!.stonewallingByTiming).toBe(0);
  });
});

describe("repairs", () => {
  // A's repair attempt is turn 0 (0.1–10.1 s); B's answers follow.
  const attempt = seg("A", 0.1, 10.1, "I'm sorry, can we start again");
  it.each<[string, SignalSegment[], LabelSpec[], "accepted" | "rejected" | "unclear"]>([
    ["answered 20 s later with validation", [seg("B", 30.1, 32, say(4))], [[1, "validation"]], "accepted"],
    ["answered 20.01 s later with validation (no response)", [seg("B", 30.11, 32, say(4))], [[1, "validation"]], "unclear"],
    [
      "answered with defensiveness and validation",
      [seg("B", 11, 13, say(4))],
      [
        [1, "defensiveness"],
        [1, "validation"],
      ],
      "rejected",
    ],
    ["answered with contempt", [seg("B", 11, 13, say(4))], [[1, "contempt"]], "rejected"],
    ["answered with a complaint", [seg("B", 11, 13, say(4))], [[1, "complaint"]], "unclear"],
    ["answered without a label", [seg("B", 11, 13, say(4))], [], "unclear"],
    ["never answered", [], [], "unclear"],
    ["only B's first turn after it counts", [seg("B", 11, 13, say(4)), seg("B", 20, 22, say(4))], [[2, "validation"]], "unclear"],
    ["A talks on; B's first turn after it answers", [seg("A", 12, 14, say(4)), seg("B", 15, 17, say(4))], [[2, "humor"]], "accepted"],
    ["B had started before A ended (an overlap answers too)", [seg("B", 9, 13, say(4))], [[1, "appreciation"]], "accepted"],
  ])("%s → %s", (_, rest, specs, outcome) => {
    const { repairs } = signalsOf([attempt, ...rest], [[0, "repair_attempt"], ...specs]);
    expect(repairs!.A).toEqual({ made: 1, accepted: 0, rejected: 0, unclear: 0, [outcome]: 1 });
  });

  it("made is the sum, per speaker", () => {
    const segments = Array.from({ length: 6 }, (_, i) => seg(i % 2 ? "B" : "A", i * 10, i * 10 + 3, say(5)));
    const specs: LabelSpec[] = [
      [0, "repair_attempt"],
      [1, "validation"],
      [1, "repair_attempt"],
      [2, "criticism"],
      [3, "repair_attempt"],
      [4, "repair_attempt"],
    ];
    expect(signalsOf(segments, specs).repairs).toEqual({
      A: { made: 2, accepted: 1, rejected: 0, unclear: 1 },
      B: { made: 2, accepted: 0, rejected: 1, unclear: 1 },
    });
  });
});

describe("bids", () => {
  // A's bid is turn 1 (5.1–10.1 s), after an earlier A turn 0 (0–2 s).
  const before = seg("A", 0, 2, say(4));
  const bid = seg("A", 5.1, 10.1, "look at this photo of us");
  it.each<[string, SignalSegment[], LabelSpec[], "toward" | "away" | "against"]>([
    ["answered 10 s later, a label responding to the bid", [seg("B", 20.1, 22, say(4))], [[2, "interest", 1]], "toward"],
    ["answered 10.01 s later, a label responding to the bid (no response)", [seg("B", 20.11, 22, say(4))], [[2, "interest", 1]], "away"],
    ["answered with any kind of label responding to it", [seg("B", 11, 13, say(4))], [[2, "complaint", 1]], "toward"],
    ["answered with a label that responds to nothing", [seg("B", 11, 13, say(4))], [[2, "humor"]], "away"],
    ["answered with a label responding to another turn", [seg("B", 11, 13, say(4))], [[2, "interest", 0]], "away"],
    ["answered with criticism", [seg("B", 11, 13, say(4))], [[2, "criticism", 1]], "against"],
    [
      "answered with defensiveness and interest responding to it",
      [seg("B", 11, 13, say(4))],
      [
        [2, "defensiveness"],
        [2, "interest", 1],
      ],
      "against",
    ],
    ["answered without a label", [seg("B", 11, 13, say(4))], [], "away"],
    ["never answered", [], [], "away"],
  ])("%s → %s", (_, rest, specs, outcome) => {
    const { bids } = signalsOf([before, bid, ...rest], [[1, "bid"], ...specs]);
    expect(bids!.A).toEqual({ made: 1, toward: 0, away: 0, against: 0, [outcome]: 1 });
  });

  it("signalEvents names the bid's turn and the answer", () => {
    const turns = buildTurns([before, bid, seg("B", 11, 13, say(4))]);
    expect(
      signalEvents(
        turns,
        labelsFor(turns, [
          [1, "bid"],
          [2, "interest", 1],
        ]),
      ).bids,
    ).toEqual([{ turn: 1, speaker: "A", response: 2, outcome: "toward" }]);
  });
});

describe("pronouns", () => {
  it("counts words and we / I / you words over each speaker's turns", () => {
    const segments = [
      seg("A", 0, 3, "We're fine, I’m sure you know."),
      seg("B", 4, 7, "Yourself? I, me, my — you'd see."),
      seg("A", 8, 11, "Let's go, us two, our plan."),
      seg("B", 12, 15, "Ours, ourselves, mine, myself, yours, yourselves."),
    ];
    expect(signalsOf(segments, null).pronouns).toEqual({
      A: { words: 12, we: 4, i: 1, you: 1 },
      B: { words: 12, we: 2, i: 5, you: 4 },
    });
  });

  it.each([
    ["we", "we us our ours ourselves let's we're we've we'll we'd", { we: 10, i: 0, you: 0 }],
    ["I", "i me my mine myself i'm i've i'll i'd", { we: 0, i: 9, you: 0 }],
    ["you", "you your yours yourself yourselves you're you've you'll you'd", { we: 0, i: 0, you: 9 }],
    ["none", "they them weird mean youth", { we: 0, i: 0, you: 0 }],
  ])("the %s list", (_, text, expected) => {
    expect(signalsOf([seg("A", 0, 10, text)], null).pronouns.A).toMatchObject(expected);
  });
});

describe("latency", () => {
  it.each<[string, SignalSegment[], Record<string, number | null>]>([
    [
      "odd count and an overlap as a negative gap",
      // B: 200, −500, 100 → 100. A: 500, 300 → 400.
      [
        seg("A", 0, 2, say(3)),
        seg("B", 2.2, 4, say(3)),
        seg("A", 4.5, 6, say(3)),
        seg("B", 5.5, 8, say(3)),
        seg("A", 8.3, 9, say(3)),
        seg("B", 9.1, 10, say(3)),
      ],
      { A: 400, B: 100 },
    ],
    [
      "even count: mean of the middle two (200, −500 → −150)",
      [seg("A", 0, 2, say(3)), seg("B", 2.2, 4, say(3)), seg("A", 4.5, 6, say(3)), seg("B", 5.5, 8, say(3))],
      { A: 500, B: -150 },
    ],
    [
      "even count, rounded (200, 101 → 150.5 → 151)",
      [seg("A", 0, 2, say(3)), seg("B", 2.2, 4, say(3)), seg("A", 4.5, 5, say(3)), seg("B", 5.101, 6, say(3))],
      { A: 500, B: 151 },
    ],
    ["a turn after one's own turn does not count", [seg("A", 0, 2, say(3)), seg("A", 4, 5, say(3)), seg("B", 5.3, 6, say(3))], { A: null, B: 300 }],
    ["one speaker only: none", [seg("A", 0, 2, say(3)), seg("A", 4, 5, say(3))], { A: null }],
  ])("%s", (_, segments, expected) => {
    const { latency } = signalsOf(segments, null);
    expect(Object.fromEntries(Object.entries(latency!).map(([speaker, value]) => [speaker, value.medianMs]))).toEqual(expected);
  });
});

describe("interruptions", () => {
  // A talks from 0.1 to 10.1 s; B starts at the given time.
  it.each<[string, number, number, number]>([
    ["0.2 s before A ends (not more than 0.2)", 9.9, 3, 0],
    ["0.21 s before A ends", 9.89, 3, 1],
    ["2.0 s before A ends", 8.1, 3, 1],
    ["2.01 s before A ends: A keeps talking, an overlap", 8.09, 3, 0],
    ["1 s before A ends with 2 words", 9.1, 2, 0],
    ["as A ends", 10.1, 3, 0],
    ["after A ends", 10.6, 3, 0],
  ])("B starts %s with %p words → %p", (_, start, wordCount, expected) => {
    const { interruptions } = signalsOf([seg("A", 0.1, 10.1, say(8)), seg("B", start, start + 3, say(wordCount))], null);
    expect(interruptions).toEqual({ A: 0, B: expected });
  });

  it("B speaking over A who talks on for longer, then A cutting B off", () => {
    const segments = [seg("A", 0, 10, say(8)), seg("B", 3, 5, say(4)), seg("A", 11, 15, say(4)), seg("B", 14, 16, say(4)), seg("A", 15.5, 17, say(3))];
    expect(signalsOf(segments, null).interruptions).toEqual({ A: 1, B: 1 });
  });
});

describe("floor", () => {
  it.each<[string, SignalSegment[], Record<string, { talkShare: number | null; longestTurnSeconds: number }>]>([
    [
      "6 s and 4 s",
      [seg("A", 0, 6, say(3)), seg("B", 6, 10, say(3))],
      { A: { talkShare: 0.6, longestTurnSeconds: 6 }, B: { talkShare: 0.4, longestTurnSeconds: 4 } },
    ],
    [
      "a third and two thirds",
      [seg("A", 0, 1, say(3)), seg("B", 1, 3, say(3))],
      { A: { talkShare: 0.33, longestTurnSeconds: 1 }, B: { talkShare: 0.67, longestTurnSeconds: 2 } },
    ],
    [
      "longest turn to 1 decimal",
      [seg("A", 0, 2.25, say(3)), seg("B", 3, 4.04, say(3))],
      { A: { talkShare: 0.68, longestTurnSeconds: 2.3 }, B: { talkShare: 0.32, longestTurnSeconds: 1 } },
    ],
    [
      "overlapping time counts for both",
      [seg("A", 0, 10, say(3)), seg("B", 8, 12, say(3))],
      { A: { talkShare: 0.71, longestTurnSeconds: 10 }, B: { talkShare: 0.29, longestTurnSeconds: 4 } },
    ],
    [
      "several turns each",
      [seg("A", 0, 2, say(3)), seg("B", 2, 3, say(3)), seg("A", 3.5, 7.5, say(3))],
      { A: { talkShare: 0.86, longestTurnSeconds: 4 }, B: { talkShare: 0.14, longestTurnSeconds: 1 } },
    ],
    [
      "turns that take no time",
      [seg("A", 5, 5, say(3)), seg("B", 7, 7, say(3))],
      { A: { talkShare: null, longestTurnSeconds: 0 }, B: { talkShare: null, longestTurnSeconds: 0 } },
    ],
  ])("%s", (_, segments, expected) => {
    expect(signalsOf(segments, null).floor).toEqual(expected);
  });
});

describe("size", () => {
  it("computes the signals of 3,000 labelled turns", () => {
    const turns: Turn[] = Array.from({ length: 3000 }, (_, index) => ({
      index,
      speaker: index % 2 ? "B" : "A",
      text: "we said something you heard",
      start: index * 4,
      end: index * 4 + 3.5,
    }));
    const kinds: LabelKind[] = ["bid", "repair_attempt", "criticism", "validation", "complaint", "interest"];
    const labels = labelsFor(
      turns,
      turns.flatMap((turn): LabelSpec[] => [[turn.index, kinds[turn.index % kinds.length]!, turn.index > 0 ? turn.index - 1 : undefined]]),
    );
    // Its speed is measured by `npm run bench` (goal: under 20 ms), not asserted here, where a loaded machine would flake.
    const signals = computeSignals({ turns, labels, mode: "couple" });
    expect(signals.turns).toBe(3000);
    expect(signals.bids!.A!.made + signals.bids!.B!.made).toBe(500);
  });
});
