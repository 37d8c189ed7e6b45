import { conversationOverview, SPEAKER_PALETTES, speakerPalette, speakerShares } from "./speaker-share";

describe("speakerShares", () => {
  it.each([
    [
      "rounded share of speaking time",
      { A: { totalTime: 60, wordCount: 120, segments: 4 }, B: { totalTime: 30, wordCount: 50, segments: 3 } },
      [
        { speaker: "A", percent: 67, speakingTime: 60, words: 120, turns: 4 },
        { speaker: "B", percent: 33, speakingTime: 30, words: 50, turns: 3 },
      ],
    ],
    [
      "each rounded on its own (sum 101)",
      { A: { totalTime: 1, wordCount: 1, segments: 1 }, B: { totalTime: 1, wordCount: 1, segments: 1 }, C: { totalTime: 2, wordCount: 1, segments: 1 } },
      [
        { speaker: "A", percent: 25, speakingTime: 1, words: 1, turns: 1 },
        { speaker: "B", percent: 25, speakingTime: 1, words: 1, turns: 1 },
        { speaker: "C", percent: 50, speakingTime: 2, words: 1, turns: 1 },
      ],
    ],
    ["zero total", { A: { totalTime: 0, wordCount: 0, segments: 0 } }, [{ speaker: "A", percent: 0, speakingTime: 0, words: 0, turns: 0 }]],
    [
      "bad numbers become 0",
      { A: { totalTime: "5", wordCount: -3, segments: NaN }, B: "junk" },
      [{ speaker: "A", percent: 0, speakingTime: 0, words: 0, turns: 0 }],
    ],
    ["not an object", null, []],
  ])("%s", (_name, stats, expected) => {
    expect(speakerShares(stats)).toEqual(expected);
  });

  it("shares of three equal speakers sum to 99", () => {
    const one = { totalTime: 10, wordCount: 1, segments: 1 };
    expect(speakerShares({ A: one, B: one, C: one }).reduce((sum, s) => sum + s.percent, 0)).toBe(99);
  });
});

describe("conversationOverview", () => {
  const segments = [
    { speaker: "SPEAKER_01", text: "hi", start: 0, end: 10 },
    { speaker: "SPEAKER_02", text: "hello you", start: 10, end: 25 },
  ];
  it.each([
    [
      "metrics duration first",
      { analysis: { metrics: { durationSeconds: 90 }, speakerStats: { A: { totalTime: 40, wordCount: 1, segments: 1 } } } },
      { durationSeconds: 90, speakerCount: 1 },
    ],
    [
      "last segment end",
      {
        analysis: {
          transcriptionSegments: segments,
          speakerStats: { A: { totalTime: 5, wordCount: 1, segments: 1 }, B: { totalTime: 5, wordCount: 1, segments: 1 } },
        },
      },
      { durationSeconds: 25, speakerCount: 2 },
    ],
    ["stats computed from segments", { analysis: { transcriptionSegments: segments } }, { durationSeconds: 25, speakerCount: 2 }],
    [
      "sum of speaking times",
      { analysis: { speakerStats: { A: { totalTime: 12, wordCount: 1, segments: 1 }, B: { totalTime: 8, wordCount: 1, segments: 1 } } } },
      { durationSeconds: 20, speakerCount: 2 },
    ],
    ["not available", { transcript: "A: hi", analysis: {} }, null],
    ["no analysis", {}, null],
  ])("%s", (_name, session, expected) => {
    expect(conversationOverview(session)).toEqual(expected);
  });
});

describe("speakerPalette", () => {
  it("is stable and one of the 6 palettes", () => {
    expect(SPEAKER_PALETTES).toHaveLength(6);
    for (const name of ["Ana", "Ben", "SPEAKER_01", "SPEAKER_02", "", "Zoë"]) {
      expect(SPEAKER_PALETTES).toContain(speakerPalette(name));
      expect(speakerPalette(name)).toBe(speakerPalette(` ${name} `));
    }
  });

  it("spreads names over several palettes", () => {
    const used = new Set(Array.from({ length: 30 }, (_, i) => speakerPalette(`Speaker ${i}`)));
    expect(used.size).toBeGreaterThanOrEqual(5);
  });

  // Hex values from tailwind.config.ts and Tailwind's default palette (v3 hex; v4's oklch values are equivalent).
  const HEX: Record<string, string> = {
    "deep-teal-50": "#e8f3f2",
    "deep-teal-800": "#113835",
    "sunflower-100": "#fdf0cc",
    "sunflower-700": "#8a5d00",
    "soft-tangerine-100": "#fde4d8",
    "soft-tangerine-700": "#a2431a",
    "soft-brown-100": "#efe5dc",
    "soft-brown-700": "#5c4330",
    "rose-100": "#ffe4e6",
    "rose-800": "#9f1239",
    "amber-50": "#fffbeb",
    "amber-900": "#78350f",
  };
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  it.each(SPEAKER_PALETTES.map((p) => [p.text, p.bg]))("%s on %s is at least 4.5:1", (text, bg) => {
    const fg = luminance(HEX[text.replace("text-", "")]!);
    const back = luminance(HEX[bg.replace("bg-", "")]!);
    expect((Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
