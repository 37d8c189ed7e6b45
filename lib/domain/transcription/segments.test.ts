import { computeSpeakerStats, countWords, fillSegmentTimes, groupBySpeaker, normalizeSpeakers, toTranscriptSegments, transcriptText } from "./segments";

describe("normalizeSpeakers", () => {
  it.each([
    [
      ["A", "B", "A", "C"],
      ["SPEAKER_01", "SPEAKER_02", "SPEAKER_01", "SPEAKER_03"],
    ],
    [
      ["speaker_1", "speaker_0", "speaker_1"],
      ["SPEAKER_01", "SPEAKER_02", "SPEAKER_01"],
    ],
    [
      ["Ana", "Ben"],
      ["SPEAKER_01", "SPEAKER_02"],
    ],
    [
      [null, "B", undefined],
      ["SPEAKER_01", "SPEAKER_02", "SPEAKER_01"],
    ],
    [
      ["SPEAKER_02", "SPEAKER_01"],
      ["SPEAKER_01", "SPEAKER_02"],
    ],
  ])("%j → %j (first appearance order)", (labels, expected) => {
    const { segments } = normalizeSpeakers(labels.map((speaker) => ({ speaker, text: "x" })));
    expect(segments.map((segment) => segment.speaker)).toEqual(expected);
  });

  it("numbers beyond 9 keep two digits", () => {
    const labels = Array.from({ length: 11 }, (_, i) => `s${i}`);
    const { segments } = normalizeSpeakers(labels.map((speaker) => ({ speaker, text: "x" })));
    expect(segments.at(-1)?.speaker).toBe("SPEAKER_11");
  });
});

describe("fillSegmentTimes", () => {
  it("ends a segment without an end at the next segment's start", () => {
    const [first] = fillSegmentTimes([
      { text: "hello there", start: 0 },
      { text: "hi", start: 4.2, end: 5 },
    ]);
    expect(first?.end).toBe(4.2);
  });

  it("gives the last segment max(3 s, 0.5 s per word)", () => {
    const short = fillSegmentTimes([{ text: "one two", start: 10 }]);
    expect(short[0]?.end).toBe(13);
    const long = fillSegmentTimes([{ text: Array(10).fill("word").join(" "), start: 10 }]);
    expect(long[0]?.end).toBe(15);
  });

  it("keeps provided ends and never lets an end precede its start", () => {
    const segments = fillSegmentTimes([
      { text: "a", start: 1, end: 2 },
      { text: "b", start: 5, end: 4 },
    ]);
    expect(segments.map((segment) => [segment.start, segment.end])).toEqual([
      [1, 2],
      [5, 5],
    ]);
  });

  it("starts a segment without a start where the previous one ended", () => {
    const segments = fillSegmentTimes([{ text: "a", start: 0, end: 2.5 }, { text: "b" }]);
    expect(segments[1]?.start).toBe(2.5);
  });
});

describe("stats", () => {
  const segments = toTranscriptSegments([
    { speaker: "A", text: "I felt unheard last night", start: 0, end: 4 },
    { speaker: "B", text: "I'm sorry, tell me more", start: 4.5, end: 6.5 },
    { speaker: "A", text: "  ", start: 7, end: 8 },
    { speaker: "A", text: "It was the dishes again", start: 8, end: 10.25 },
  ]);

  it("drops empty segments and normalises speakers", () => {
    expect(segments).toHaveLength(3);
    expect(segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02", "SPEAKER_01"]);
  });

  it("computes total time, words and segment count per speaker", () => {
    expect(computeSpeakerStats(segments)).toEqual({
      SPEAKER_01: { totalTime: 6.25, wordCount: 10, segments: 2 },
      SPEAKER_02: { totalTime: 2, wordCount: 5, segments: 1 },
    });
  });

  it("groups segments by speaker", () => {
    const groups = groupBySpeaker(segments);
    expect(Object.keys(groups)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
    expect(groups.SPEAKER_01).toHaveLength(2);
  });

  it("writes a plain transcript with one line per segment", () => {
    expect(transcriptText(segments)).toBe("SPEAKER_01: I felt unheard last night\nSPEAKER_02: I'm sorry, tell me more\nSPEAKER_01: It was the dishes again");
  });

  it("counts words by whitespace", () => {
    expect(countWords("  a  b\nc ")).toBe(3);
    expect(countWords("   ")).toBe(0);
  });
});

describe("a speaker id a client chose: '__proto__'", () => {
  const hostile = [
    { speaker: "__proto__", text: "we agreed on Saturday", start: 0, end: 2 },
    { speaker: "constructor", text: "yes", start: 2, end: 3 },
  ];

  it("is a speaker like any other, and Object.prototype is never touched", () => {
    const stats = computeSpeakerStats(hostile);
    const groups = groupBySpeaker(hostile);
    expect(Object.keys(stats)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(stats, "__proto__")?.value).toEqual({ totalTime: 2, wordCount: 4, segments: 1 });
    expect(Object.getOwnPropertyDescriptor(groups, "__proto__")?.value).toEqual([hostile[0]]);
    expect(Object.prototype).not.toHaveProperty("totalTime");
    expect(({} as Record<string, unknown>).segments).toBeUndefined();
  });
});
