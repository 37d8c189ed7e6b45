import { buildTurns, isBackchannel, words, type SignalSegment } from "./turns";

const seg = (speaker: string, start: number, end: number, text: string): SignalSegment => ({ speaker, text, start, end });

describe("isBackchannel", () => {
  it.each([
    ["mm-hm", 0, 1.5, true],
    ["mm-hm", 0, 1.49, true],
    ["mm-hm", 0, 1.51, false],
    // 11.6 − 10.1 is not exactly 1.5 in floating point; the rule still sees 1.5 s.
    ["Yeah, right.", 10.1, 11.6, true],
    ["Okay!", 3, 3.4, true],
    ["OK", 3, 3.4, true],
    ["Uh-huh.", 3, 3.4, true],
    ["Mhm…", 3, 3.4, true],
    ["Hmm?", 3, 3.4, true],
    ["yes yes", 3, 3.4, true],
    ["  sure  ", 3, 3.4, true],
    ["yep", 3, 3, true],
    ["yeah yeah yeah", 3, 4, false],
    ["yeah I know", 3, 4, false],
    ["no", 3, 3.4, false],
    ["mm hm", 3, 3.4, false],
    ["yeah's", 3, 3.4, false],
    ["", 3, 3.4, false],
    ["...", 3, 3.4, false],
  ])("%j from %p to %p → %p", (text, start, end, expected) => {
    expect(isBackchannel(seg("A", start, end, text))).toBe(expected);
  });
});

describe("buildTurns: joining one speaker's segments", () => {
  const pair = (gapStart: number) => buildTurns([seg("A", 0, 2, "first part"), seg("A", gapStart, 5, "second part")]);

  it.each([
    ["0.99 s later: joined", 2.99, 1],
    ["exactly 1.0 s later: a new turn", 3.0, 2],
    ["1.01 s later: a new turn", 3.01, 2],
    ["overlapping its own turn: joined", 1.5, 1],
  ])("a segment starting %s", (_, gapStart, expectedTurns) => {
    expect(pair(gapStart)).toHaveLength(expectedTurns);
  });

  it("measures 1.0 s without float noise (2.2 → 3.2 is a new turn)", () => {
    expect(buildTurns([seg("A", 1.1, 2.2, "one two"), seg("A", 3.2, 4, "three four")])).toHaveLength(2);
  });

  it("joins texts with a space and spans from the first start to the latest end", () => {
    expect(pair(2.5)).toEqual([{ index: 0, speaker: "A", text: "first part second part", start: 0, end: 5 }]);
  });

  it("measures the gap from the turn's latest end, not the previous segment's", () => {
    const turns = buildTurns([seg("A", 0, 5, "a long stretch"), seg("A", 1, 2, "inside it"), seg("A", 5.9, 7, "and more")]);
    expect(turns).toEqual([{ index: 0, speaker: "A", text: "a long stretch inside it and more", start: 0, end: 7 }]);
  });

  it("does not join across the other speaker's turn", () => {
    const turns = buildTurns([seg("A", 0, 2, "I said this"), seg("B", 2.1, 3.9, "and I said that"), seg("A", 2.5, 4, "then this")]);
    expect(turns.map((turn) => [turn.index, turn.speaker, turn.text])).toEqual([
      [0, "A", "I said this"],
      [1, "B", "and I said that"],
      [2, "A", "then this"],
    ]);
  });
});

describe("buildTurns: backchannels", () => {
  it.each([
    ["a 1.5 s mm-hm is left out and does not split the turn", 1.5, [["A", "I was thinking about the trip so we could go"]]],
    [
      "a 1.6 s mm-hm is a turn and splits it",
      1.6,
      [
        ["A", "I was thinking about the trip"],
        ["B", "mm-hm"],
        ["A", "so we could go"],
      ],
    ],
  ])("%s", (_, duration, expected) => {
    const turns = buildTurns([seg("A", 0, 3, "I was thinking about the trip"), seg("B", 3.1, 3.1 + duration, "mm-hm"), seg("A", 3.5, 6, "so we could go")]);
    expect(turns.map((turn) => [turn.speaker, turn.text])).toEqual(expected);
    expect(turns.map((turn) => turn.index)).toEqual(expected.map((_, index) => index));
  });

  it("leaves out a backchannel of the same speaker too", () => {
    expect(buildTurns([seg("A", 0, 0.5, "Okay."), seg("A", 0.8, 3, "here is my point")])).toEqual([
      { index: 0, speaker: "A", text: "here is my point", start: 0.8, end: 3 },
    ]);
  });

  it("a conversation of backchannels only has no turns", () => {
    expect(buildTurns([seg("A", 0, 1, "yeah"), seg("B", 1, 2, "mm-hm")])).toEqual([]);
  });
});

describe("buildTurns: order", () => {
  it("sorts by start and keeps the input order of equal starts", () => {
    const turns = buildTurns([seg("B", 5, 7, "later words here"), seg("A", 0, 2, "first words here"), seg("C", 0, 1.9, "tied words here")]);
    expect(turns.map((turn) => [turn.index, turn.speaker])).toEqual([
      [0, "A"],
      [1, "C"],
      [2, "B"],
    ]);
  });

  it("does not modify the segments", () => {
    const segments = [seg("A", 2.5, 5, "second part"), seg("A", 0, 2, "first part")];
    const copy = structuredClone(segments);
    buildTurns(segments);
    expect(segments).toEqual(copy);
  });
});

describe("words", () => {
  it.each([
    ["I’m here", ["i'm", "here"]],
    ["mm-hm", ["mm", "hm"]],
    ["We're 2 LATE!", ["we're", "2", "late"]],
    ["Don't—stop, you’ll see.", ["don't", "stop", "you'll", "see"]],
    ["Café crème", ["café", "crème"]],
    ["nai\u0308ve 日本語 ok", ["nai\u0308ve", "日本語", "ok"]],
    ["hi 👋 there 𝒜b", ["hi", "there", "𝒜b"]],
    ["'quoted' rock 'n' roll", ["'quoted'", "rock", "'n'", "roll"]],
    ["  ", []],
    ["", []],
  ])("%j → %j", (text, expected) => {
    expect(words(text)).toEqual(expected);
  });
});
