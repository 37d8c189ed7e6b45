import { filterRows, formatRange, hasTranscriptToShow, rowAtTime, rowSpeakers, transcriptRows } from "./transcript-view";

describe("transcriptRows", () => {
  it("uses segments, filling a missing end by the segment rule", () => {
    const result = transcriptRows({
      transcript: "ignored",
      analysis: {
        transcriptionSegments: [
          { speaker: "SPEAKER_01", text: "Hi there", start: 0 },
          { speaker: "SPEAKER_02", text: "Hello", start: 4.2, end: 5 },
          { speaker: "SPEAKER_01", text: "one two three four five six seven eight", start: 6 },
          { text: "   ", start: 9 },
          "junk",
        ],
      },
    });
    expect(result).toEqual({
      kind: "segments",
      rows: [
        { speaker: "SPEAKER_01", text: "Hi there", start: 0, end: 4.2 },
        { speaker: "SPEAKER_02", text: "Hello", start: 4.2, end: 5 },
        { speaker: "SPEAKER_01", text: "one two three four five six seven eight", start: 6, end: 10 },
      ],
    });
  });

  it("reads speaker lines after runs of blank lines, and a transcript of blank lines and words alone as raw", () => {
    const lines = transcriptRows({ transcript: "\n \n\t\n  Ana: We should talk.\n \n  2. Ben: Yes." });
    expect(lines).toMatchObject({
      kind: "lines",
      rows: [
        { speaker: "Ana", text: "We should talk." },
        { speaker: "Ben", text: "Yes." },
      ],
    });
    const raw = `words${" \n".repeat(5000)}more words`;
    expect(transcriptRows({ transcript: raw })).toMatchObject({ kind: "raw" });
  });

  it("gives a segment without a speaker the default speaker", () => {
    expect(transcriptRows({ analysis: { transcriptionSegments: [{ text: "x", start: 0, end: 1 }] } })?.rows[0]?.speaker).toBe("SPEAKER_01");
  });

  it.each([
    [
      "speaker lines",
      "Ana: Hi\nBen: Hello\nthere",
      {
        kind: "lines",
        rows: [
          { speaker: "Ana", text: "Hi", start: null, end: null },
          { speaker: "Ben", text: "Hello there", start: null, end: null },
        ],
      },
    ],
    [
      "numbered lines",
      "1. Ana: Hi\n2) Ben: Yo",
      {
        kind: "lines",
        rows: [
          { speaker: "Ana", text: "Hi", start: null, end: null },
          { speaker: "Ben", text: "Yo", start: null, end: null },
        ],
      },
    ],
    ["raw text", "  just some words\nno speakers ", { kind: "raw", rows: [{ speaker: null, text: "just some words\nno speakers", start: null, end: null }] }],
    ["blank", "   ", null],
    ["missing", undefined, null],
  ])("plain transcript: %s", (_name, transcript, expected) => {
    expect(transcriptRows({ transcript, analysis: { transcriptionSegments: [] } })).toEqual(expected);
  });
});

describe("formatRange", () => {
  it.each([
    [0, 4.2, "00:00–00:04"],
    [65, 125.9, "01:05–02:05"],
  ])("%s–%s", (start, end, expected) => {
    expect(formatRange(start, end)).toBe(expected);
  });
});

describe("speaker filter", () => {
  const rows = [
    { speaker: "B", text: "1", start: null, end: null },
    { speaker: "A", text: "2", start: null, end: null },
    { speaker: "B", text: "3", start: null, end: null },
    { speaker: null, text: "4", start: null, end: null },
  ];
  it("lists speakers in order of appearance", () => expect(rowSpeakers(rows)).toEqual(["B", "A"]));
  it.each([
    [null, ["1", "2", "3", "4"]],
    ["B", ["1", "3"]],
    ["Z", []],
  ])("filter %s", (speaker, texts) => {
    expect(filterRows(rows, speaker).map((row) => row.text)).toEqual(texts);
  });
});

describe("hasTranscriptToShow", () => {
  const segments = [{ speaker: "SPEAKER_01", text: "Hi", start: 0, end: 1 }];
  const stats = { SPEAKER_01: { totalTime: 1, wordCount: 1, segments: 1 } };
  it.each([
    ["a non-blank transcript", { transcript: "Ana: hi" }, true],
    ["a blank transcript and no analysis", { transcript: "  \n " }, false],
    ["segments with speaker stats", { transcript: "", analysis: { transcriptionSegments: segments, speakerStats: stats } }, true],
    ["segments without speaker stats", { transcript: "", analysis: { transcriptionSegments: segments } }, false],
    ["speaker stats without segments", { analysis: { transcriptionSegments: [], speakerStats: stats } }, false],
  ])("%s → %s", (_label, session, expected) => {
    expect(hasTranscriptToShow(session)).toBe(expected);
  });
});

describe("rowAtTime", () => {
  const row = (start: number | null, end: number | null) => ({ speaker: "SPEAKER_01", text: "words", start, end });
  const rows = [row(0, 4), row(4.5, 6), row(6.1, 8)];

  it.each([
    [0, 0],
    [3.9, 0],
    [4, 0], // in the gap after row 0: the last row that started
    [4.5, 1],
    [6.1, 2],
    [60, 2],
  ])("at %ss is row %i", (seconds, expected) => {
    expect(rowAtTime(rows, seconds)).toBe(expected);
  });

  it("is the first row before the first start, and null without times", () => {
    expect(rowAtTime([row(2, 3), row(4, 5)], 0.5)).toBe(0);
    expect(rowAtTime([row(null, null)], 1)).toBeNull();
    expect(rowAtTime(rows, Number.NaN)).toBeNull();
  });
});
