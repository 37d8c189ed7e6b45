import type { PartSegment } from "./long-recording";
import { pickReferenceWindows } from "./speaker-references";

const seg = (speaker: string, start: number, end: number, text = "some words here"): PartSegment => ({ speaker, start, end, text });

describe("pickReferenceWindows", () => {
  it("takes each speaker's longest lone segment, 8 s from a 0.25 s margin inside it, in first-appearance order", () => {
    const windows = pickReferenceWindows([
      seg("B", 0, 3),
      seg("A", 3, 5.5),
      seg("B", 6, 20), // B's longest: 14 s → 6.25 … 14.25
      seg("A", 21, 25), // A's longest: 4 s → 21.25 … 24.75
      seg("A", 26, 28.5),
    ]);
    expect(windows).toEqual([
      { name: "B", start: 6.25, end: 14.25 },
      { name: "A", start: 21.25, end: 24.75 },
    ]);
  });

  it("never uses a segment that overlaps another speaker's, even partly", () => {
    const windows = pickReferenceWindows([
      seg("A", 0, 12), // overlaps B's 11–13: not used
      seg("B", 11, 13),
      seg("A", 14, 17),
      seg("B", 20, 30), // overlaps C's 29.5–31: not used
      seg("C", 29.5, 31),
      seg("B", 31, 33.5), // touches C's end (31) without overlapping it: usable
      seg("C", 40, 41.9), // too short
    ]);
    expect(windows).toEqual([
      { name: "A", start: 14.25, end: 16.75 },
      { name: "B", start: 31.25, end: 33.25 },
    ]);
  });

  it("the same speaker's own overlapping segments do not disqualify each other", () => {
    expect(pickReferenceWindows([seg("A", 0, 5), seg("A", 4, 10)])).toEqual([{ name: "A", start: 4.25, end: 9.75 }]);
  });

  it.each<[string, PartSegment[], { name: string; start: number; end: number }[]]>([
    ["a segment of exactly 2 s gives the whole segment", [seg("A", 10, 12)], [{ name: "A", start: 10, end: 12 }]],
    ["a 2.2 s segment gives 2 s, margins shrunk to 0.1 s", [seg("A", 10, 12.2)], [{ name: "A", start: 10.1, end: 12.1 }]],
    ["a 1.99 s segment gives none", [seg("A", 10, 11.99)], []],
    ["a 2.5 s segment keeps full margins", [seg("A", 1, 3.5)], [{ name: "A", start: 1.25, end: 3.25 }]],
    ["a 60 s monologue gives 8 s", [seg("Ana", 0, 60)], [{ name: "Ana", start: 0.25, end: 8.25 }]],
    ["the earliest of equally long segments", [seg("A", 0, 4), seg("A", 10, 14)], [{ name: "A", start: 0.25, end: 3.75 }]],
    ["segments without text are not clips", [seg("A", 0, 9, "  "), seg("A", 10, 13)], [{ name: "A", start: 10.25, end: 12.75 }]],
    [
      "broken times are ignored",
      [seg("A", NaN, 9), seg("A", 5, Infinity), seg("A", 9, 3), seg("A", -4, 2), seg("A", 20, 22.5)],
      [{ name: "A", start: 20.25, end: 22.25 }],
    ],
    [
      "labels are trimmed; an empty one is the default speaker",
      [seg(" A ", 0, 3), seg("", 4, 7)],
      [
        { name: "A", start: 0.25, end: 2.75 },
        { name: "SPEAKER_01", start: 4.25, end: 6.75 },
      ],
    ],
    ["a label longer than a reference name can be is skipped", [seg("x".repeat(41), 0, 5), seg("B", 6, 9)], [{ name: "B", start: 6.25, end: 8.75 }]],
    ["no segments, no windows", [], []],
  ])("%s", (_name, segments, expected) => {
    expect(pickReferenceWindows(segments)).toEqual(expected);
  });

  it("takes at most four speakers; one without a lone segment leaves its place to the next", () => {
    const segments = [
      seg("S1", 0, 3),
      seg("S2", 3, 4), // too short: no clip
      seg("S3", 5, 8),
      seg("S4", 8, 11),
      seg("S5", 11, 14),
      seg("S6", 14, 17),
    ];
    expect(pickReferenceWindows(segments).map((window) => window.name)).toEqual(["S1", "S3", "S4", "S5"]);
    expect(pickReferenceWindows(segments, { maxSpeakers: 2 }).map((window) => window.name)).toEqual(["S1", "S3"]);
    expect(pickReferenceWindows(segments, { maxSpeakers: 9 })).toHaveLength(4);
    expect(pickReferenceWindows(segments, { maxSpeakers: 0 })).toEqual([]);
  });

  it("first appearance is the order of the segments as given, not of their times", () => {
    expect(pickReferenceWindows([seg("B", 10, 13), seg("A", 0, 3)]).map((window) => window.name)).toEqual(["B", "A"]);
  });

  it("is deterministic and fast on a long part", () => {
    const segments = Array.from({ length: 3000 }, (_, i) => seg(`S${i % 3}`, i * 3, i * 3 + (i % 7 === 0 ? 2.6 : 1.9)));
    const first = pickReferenceWindows(segments);
    expect(first).toEqual([
      { name: "S0", start: 0.25, end: 2.35 },
      { name: "S1", start: 21.25, end: 23.35 },
      { name: "S2", start: 42.25, end: 44.35 },
    ]);
    expect(pickReferenceWindows(segments)).toEqual(first);
  });
});
