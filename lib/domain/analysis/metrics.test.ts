import type { TranscriptSegment } from "../transcription/segments";
import { computeConversationMetrics, countMatches, normalizeText, phraseRegex, splitSentences, toTurns } from "./metrics";
import type { SpeakerMetrics } from "./types";

const A = "SPEAKER_01";
const B = "SPEAKER_02";
const seg = (speaker: string, start: number, end: number, text: string): TranscriptSegment => ({ speaker, text, start, end });

// Every expected number below was worked out by hand from the transcript, with the reasoning in the comments.
type Case = {
  name: string;
  segments: TranscriptSegment[];
  expected: { durationSeconds: number; totalTurns: number; overlaps: number; ratio: number | null; speakers: Record<string, SpeakerMetrics> };
};

const cases: Case[] = [
  {
    name: "empty transcript: zeros, no speakers, no ratio",
    segments: [],
    expected: { durationSeconds: 0, totalTurns: 0, overlaps: 0, ratio: null, speakers: {} },
  },
  {
    name: "balanced, warm check-in",
    segments: [
      seg(A, 0, 10, "How was your day? Did the meeting go okay?"),
      seg(B, 10, 20, "It was long. Thank you for asking. I feel tired but I'm glad it's over."),
      seg(A, 20, 28, "That makes sense. I appreciate you telling me."),
      seg(B, 28, 36, "What about you? Anything fun?"),
    ],
    // Duration 36 - 0. Four alternating segments = 4 turns; each starts exactly where the last ended: no overlaps.
    // A: talk 10 + 8 = 18 of 36 = 0.5; words 9 + 8 = 17; "?" twice; longest turn 10 s; no "I feel"-style opener
    //    ("I appreciate" is appreciation, not an I statement); appreciation "I appreciate" = 1;
    //    positives "that makes sense" (agreement) + "I appreciate" = 2.
    // B: talk 10 + 8 = 18 = 0.5; words 15 + 5 = 20; "?" twice; longest 10 s; "I feel tired…" = 1 I statement;
    //    "thank you" = 1 appreciation and 1 positive. No negatives anywhere: ratio null.
    expected: {
      durationSeconds: 36,
      totalTurns: 4,
      overlaps: 0,
      ratio: null,
      speakers: {
        [A]: {
          talkShare: 0.5,
          talkSeconds: 18,
          turns: 2,
          words: 17,
          questions: 2,
          interruptions: 0,
          longestMonologueSeconds: 10,
          iStatements: 0,
          youStatements: 0,
          absolutes: 0,
          appreciations: 1,
          repairAttempts: 0,
          positiveMarkers: 2,
          negativeMarkers: 0,
        },
        [B]: {
          talkShare: 0.5,
          talkSeconds: 18,
          turns: 2,
          words: 20,
          questions: 2,
          interruptions: 0,
          longestMonologueSeconds: 10,
          iStatements: 1,
          youStatements: 0,
          absolutes: 0,
          appreciations: 1,
          repairAttempts: 0,
          positiveMarkers: 1,
          negativeMarkers: 0,
        },
      },
    },
  },
  {
    name: "conflict with overlaps, criticism, defensiveness and repair",
    segments: [
      seg(A, 0, 12, "You never help with the dishes. You always leave them for me!"),
      seg(A, 12, 15, "Every time."),
      seg(B, 14, 20, "That's not my fault, I worked late. Whatever."),
      seg(A, 19, 22, "Sorry, that came out wrong. I feel overwhelmed."),
      seg(B, 22, 30, "Fair point. Thanks for saying that. Can we make a plan?"),
    ],
    // Turns: A 0–15 (two segments joined), B 14–20 (starts 1 s before 15: interruption), A 19–22 (1 s before 20:
    // interruption), B 22–30 (starts exactly at 22: not one). 4 turns, 2 overlaps. Duration 30.
    // A: talk 12 + 3 + 3 = 18 of 32 = 0.5625; words 12 + 2 + 8 = 22; no "?"; longest turn 0–15 = 15 s;
    //    I statements: "I feel overwhelmed." = 1; you statements: "You never…" and "You always…" = 2;
    //    absolutes: never, always, every time = 3; repairs: "sorry", "that came out wrong" = 2;
    //    negatives: "you never", "you always" = 2; positives 0.
    // B: talk 6 + 8 = 14 of 32 = 0.4375; words 8 + 11 = 19; one "?"; longest turn 8 s; "I worked late" is no opener: 0;
    //    appreciation "thanks" = 1; repair "fair point" = 1; positives "fair point" + "thanks" = 2;
    //    negatives "that's not my fault" (once, not also "not my fault") + "whatever" = 2.
    // Ratio: positives 2 / negatives 4 = 0.5.
    expected: {
      durationSeconds: 30,
      totalTurns: 4,
      overlaps: 2,
      ratio: 0.5,
      speakers: {
        [A]: {
          talkShare: 0.5625,
          talkSeconds: 18,
          turns: 2,
          words: 22,
          questions: 0,
          interruptions: 1,
          longestMonologueSeconds: 15,
          iStatements: 1,
          youStatements: 2,
          absolutes: 3,
          appreciations: 0,
          repairAttempts: 2,
          positiveMarkers: 0,
          negativeMarkers: 2,
        },
        [B]: {
          talkShare: 0.4375,
          talkSeconds: 14,
          turns: 2,
          words: 19,
          questions: 1,
          interruptions: 1,
          longestMonologueSeconds: 8,
          iStatements: 0,
          youStatements: 0,
          absolutes: 0,
          appreciations: 1,
          repairAttempts: 1,
          positiveMarkers: 2,
          negativeMarkers: 2,
        },
      },
    },
  },
  {
    name: "one speaker, segments without duration: share by words, whole-word absolutes",
    segments: [seg(A, 5, 5, "Thanks, love you! Haha."), seg(A, 5, 5, "I never said everything was nothing, but nevertheless I need a minute?? Really?")],
    // One turn, no time: duration 0, talk 0 s, share falls back to words (17 of 17 = 1). Words 4 + 13 = 17.
    // Questions: "??" once + "Really?" = 2. I statements: the first sentence of segment 2 has "I need" = 1.
    // Absolutes: never, everything, nothing = 3 ("nevertheless" is not "never").
    // Appreciation: "thanks" = 1. Positives: "thanks", "love you" (affection), "haha" (laughter) = 3. Ratio null.
    expected: {
      durationSeconds: 0,
      totalTurns: 1,
      overlaps: 0,
      ratio: null,
      speakers: {
        [A]: {
          talkShare: 1,
          talkSeconds: 0,
          turns: 1,
          words: 17,
          questions: 2,
          interruptions: 0,
          longestMonologueSeconds: 0,
          iStatements: 1,
          youStatements: 0,
          absolutes: 3,
          appreciations: 1,
          repairAttempts: 0,
          positiveMarkers: 3,
          negativeMarkers: 0,
        },
      },
    },
  },
  {
    name: "timestamp jitter is no interruption; curly apostrophes; out-of-order segments",
    segments: [seg(B, 4.9, 10, "You’re right, I’m sorry. Let’s take a break."), seg(A, 0, 5, "I need you to listen. You don’t hear me.")],
    // Sorted by start: A 0–5, then B 4.9–10 (overlap 0.1 s < 0.25 s tolerance: not an interruption). 2 turns, 0 overlaps.
    // Duration 10 - 0 = 10. Talk A 5, B 5.1, total 10.1: shares 0.495 and 0.505 (4 decimals: 0.4950, 0.5050).
    // A: words 5 + 4 = 9; I statement "I need…" = 1; you statement "You don’t…" = 1.
    // B: words 4 + 4 = 8; repairs "you're right", "sorry", "let's take a break" = 3; positive "you're right" = 1.
    // Ratio null (no negatives).
    expected: {
      durationSeconds: 10,
      totalTurns: 2,
      overlaps: 0,
      ratio: null,
      speakers: {
        [A]: {
          talkShare: 0.495,
          talkSeconds: 5,
          turns: 1,
          words: 9,
          questions: 0,
          interruptions: 0,
          longestMonologueSeconds: 5,
          iStatements: 1,
          youStatements: 1,
          absolutes: 0,
          appreciations: 0,
          repairAttempts: 0,
          positiveMarkers: 0,
          negativeMarkers: 0,
        },
        [B]: {
          talkShare: 0.505,
          talkSeconds: 5.1,
          turns: 1,
          words: 8,
          questions: 0,
          interruptions: 0,
          longestMonologueSeconds: 5.1,
          iStatements: 0,
          youStatements: 0,
          absolutes: 0,
          appreciations: 0,
          repairAttempts: 3,
          positiveMarkers: 1,
          negativeMarkers: 0,
        },
      },
    },
  },
];

describe("computeConversationMetrics", () => {
  it.each(cases)("$name", ({ segments, expected }) => {
    const metrics = computeConversationMetrics(segments);
    expect(metrics).toEqual({
      durationSeconds: expected.durationSeconds,
      totalTurns: expected.totalTurns,
      overlaps: expected.overlaps,
      positiveToNegativeRatio: expected.ratio,
      speakers: expected.speakers,
    });
  });

  it("never yields NaN, even for zero-length empty segments", () => {
    const metrics = computeConversationMetrics([seg(A, 3, 3, ""), seg(B, 3, 2, " ")]);
    const numbers = Object.values(metrics.speakers).flatMap((speaker) => Object.values(speaker));
    expect(numbers.every((value) => Number.isFinite(value))).toBe(true);
    expect(metrics.speakers[A]?.talkShare).toBe(0);
  });

  it("is pure: the input is not reordered", () => {
    const segments = [seg(B, 5, 6, "b"), seg(A, 0, 1, "a")];
    computeConversationMetrics(segments);
    expect(segments.map((segment) => segment.speaker)).toEqual([B, A]);
  });
});

describe("phrase matching", () => {
  it.each([
    ["You never listen", ["you never"], 1],
    ["nevertheless", ["never"], 0],
    ["That’s NOT my fault", ["that's not my fault", "not my fault"], 1],
    ["thank   you, thanks", ["thank you", "thanks"], 2],
    ["[laughs] ok", ["[laughs]"], 1],
    ["everything, every time, everyone", ["everything", "every time"], 2],
  ])("%j with %j → %d", (text, phrases, expected) => {
    expect(countMatches(normalizeText(text), phraseRegex(phrases))).toBe(expected);
  });

  it("splits sentences as verbatim substrings", () => {
    const text = "Sorry, that came out wrong. I feel overwhelmed!  Okay?";
    const sentences = splitSentences(text);
    expect(sentences).toEqual(["Sorry, that came out wrong.", "I feel overwhelmed!", "Okay?"]);
    for (const sentence of sentences) expect(text).toContain(sentence);
  });
});

describe("toTurns", () => {
  it("joins consecutive segments of one speaker and marks the turn that overlaps the previous one", () => {
    const turns = toTurns([seg(A, 0, 4, "a"), seg(A, 4, 9, "b"), seg(B, 7, 12, "c"), seg(A, 12, 13, "d")]);
    expect(turns.map(({ speaker, start, end, interrupts }) => ({ speaker, start, end, interrupts }))).toEqual([
      { speaker: A, start: 0, end: 9, interrupts: false },
      { speaker: B, start: 7, end: 12, interrupts: true },
      { speaker: A, start: 12, end: 13, interrupts: false },
    ]);
  });
});

describe("a speaker id a client chose: '__proto__'", () => {
  it("is measured like any other, and Object.prototype is never touched", () => {
    const metrics = computeConversationMetrics([
      { speaker: "__proto__", text: "Thank you for listening?", start: 0, end: 2 },
      { speaker: "B", text: "Always.", start: 2, end: 3 },
    ]);
    expect(Object.keys(metrics.speakers)).toEqual(["__proto__", "B"]);
    expect(Object.getOwnPropertyDescriptor(metrics.speakers, "__proto__")?.value).toMatchObject({ words: 4, questions: 1, turns: 1 });
    expect(Object.prototype).not.toHaveProperty("talkSeconds");
  });
});
