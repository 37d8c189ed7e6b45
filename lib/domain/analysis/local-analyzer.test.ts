import type { TranscriptSegment } from "../transcription/segments";
import { findUnstorableJson } from "../validation/storable-json";
import { dimensionByTitle } from "./dimensions";
import { analyzeLocally, OFFLINE_NOTE, speakerName } from "./local-analyzer";
import { CARD_COLORS, CARD_ICONS, DIMENSIONS, type Analysis } from "./types";

const A = "SPEAKER_01";
const B = "SPEAKER_02";
const C = "SPEAKER_03";
const names = { [A]: "Ana", [B]: "Ben", [C]: "Cleo" };
const seg = (speaker: string, start: number, end: number, text: string): TranscriptSegment => ({ speaker, text, start, end });

const balancedWarm = [
  seg(A, 0, 8, "How was your week? I noticed you seemed tired on Tuesday."),
  seg(B, 8, 16, "Thanks for asking. I felt overwhelmed at work, honestly."),
  seg(A, 16, 24, "That makes sense. What was the hardest part?"),
  seg(B, 24, 33, "The deadline. But I appreciate that you cooked every night. That means a lot."),
  seg(A, 33, 40, "I love doing that for you. Is there anything else I can take off your plate?"),
  seg(B, 40, 48, "Maybe Saturday morning to myself? And how are you doing, really?"),
  seg(A, 48, 56, "Honestly, I'm glad we're talking. I feel closer already."),
  seg(B, 56, 64, "Me too. Thank you, love you. What should we plan for the weekend?"),
];

// Ana talks about 92% of the time, says "you never" three times, and every turn after the first overlaps the previous one.
const oneSided = [
  seg(A, 0, 40, "You never listen to me. I have been saying this for weeks and you always forget. You never plan anything for us."),
  seg(B, 38, 42, "That's not fair, I"),
  seg(A, 41, 70, "No, let me finish. Every time we talk about this you change the subject. You don't even try."),
  seg(B, 69, 73, "Okay. Whatever."),
  seg(A, 72, 100, "See? That's exactly what I mean. You never take this seriously."),
];

const conflictWithRepair = [
  seg(A, 0, 12, "You never help with the dishes. You always leave them for me!"),
  seg(B, 14, 20, "That's not my fault, I worked late. Whatever."),
  seg(A, 21, 26, "Sorry, that came out wrong. I feel overwhelmed."),
  seg(B, 26, 34, "Fair point. Thanks for saying that. Can we make a plan for the dishes?"),
  seg(A, 34, 40, "Yes. I'd like that. Thank you."),
];

const solo = [
  seg(A, 0, 30, "Today I want to think about how the move is going. I feel stressed about the boxes and the new job."),
  seg(A, 30, 60, "What do I actually need? Probably a quiet evening with Ben and a plan for the boxes."),
];

const threeSpeakers = [
  seg(A, 0, 5, "Who wants to plan the trip?"),
  seg(B, 5, 10, "I can. Where should we go?"),
  seg(C, 10, 15, "Somewhere warm! What do you think, Ana?"),
  seg(A, 15, 20, "Warm sounds good. Thanks, Cleo."),
];

const german = [
  seg(A, 0, 10, "Ich fühle mich allein, wenn du nie zuhörst. Das macht mich traurig und müde."),
  seg(B, 10, 20, "Das verstehe ich. Es tut mir leid, ich war in letzter Zeit sehr gestresst."),
  seg(A, 20, 30, "Danke, dass du das sagst. Können wir am Wochenende zusammen darüber reden?"),
  seg(B, 30, 40, "Ja, gerne. Ich möchte, dass wir uns beide gehört fühlen, und ich liebe dich."),
];

// Long sentences with no space to cut a quote or the summary at: a cut by position fell between an emoji's two halves
// (or a CJK Extension B letter's), which the screen shows as "�" and PostgreSQL's jsonb refuses.
const emojiWithoutSpaces = [
  seg(A, 0, 10, `a${"😀".repeat(80)}`),
  seg(B, 10, 20, `a${"😀".repeat(80)}`),
  seg(A, 20, 30, `a${"😀".repeat(80)}`),
  seg(B, 30, 32, "ok"),
];
const extensionBLetters = [seg(A, 0, 10, `a${"𠀀".repeat(40)} a${"𠀀".repeat(40)}`), seg(B, 10, 20, `a${"𠀀".repeat(40)}`), seg(A, 20, 22, "yes")];

const fixtures: [string, TranscriptSegment[]][] = [
  ["balanced warm", balancedWarm],
  ["one-sided", oneSided],
  ["conflict with repair", conflictWithRepair],
  ["solo", solo],
  ["three speakers", threeSpeakers],
  ["German", german],
  ["emoji without spaces", emojiWithoutSpaces],
  ["CJK Extension B letters", extensionBLetters],
  ["one segment", [seg(A, 0, 2, "Hi.")]],
  ["empty", []],
];

const cardFor = (analysis: Analysis, title: string) => analysis.cards.find((card) => card.dimension === title);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("analyzeLocally: a valid analysis for any transcript", () => {
  it.each(fixtures)("%s", (_name, segments) => {
    const analysis = analyzeLocally({ segments, speakerNames: names });
    const titles: string[] = DIMENSIONS.map((dimension) => dimension.title);

    expect(analysis.source).toBe("offline");
    expect(analysis.cards.length).toBeGreaterThanOrEqual(4);
    expect(analysis.cards.length).toBeLessThanOrEqual(6);
    expect(new Set(analysis.cards.map((card) => card.dimension)).size).toBe(analysis.cards.length);
    for (const card of analysis.cards) {
      expect(titles).toContain(card.dimension);
      expect(dimensionByTitle(card.dimension)?.title).toBe(card.dimension);
      expect(CARD_COLORS).toContain(card.color);
      expect(CARD_ICONS).toContain(card.icon);
      expect(card.insight.trim()).not.toBe("");
      expect(card.insight).not.toMatch(/undefined|NaN|…"/);
      expect(card.tips.length).toBeGreaterThanOrEqual(2);
      expect(card.tips.length).toBeLessThanOrEqual(3);
      for (const tip of card.tips) expect(words(tip)).toBeLessThanOrEqual(30);
      // Evidence is verbatim: every quote is part of what someone said.
      for (const quote of card.evidence ?? []) expect(segments.some((segment) => segment.text.includes(quote))).toBe(true);
      expect((card.evidence ?? []).length).toBeLessThanOrEqual(2);
    }

    expect(analysis.coachResponse).toContain("### What went well");
    expect(analysis.coachResponse).toContain("### To try next time");
    expect(analysis.coachResponse).toContain(OFFLINE_NOTE);
    expect(analysis.coachResponse).not.toMatch(/undefined|NaN/);
    expect(analysis.briefSummary.length).toBeGreaterThan(0);
    expect(analysis.briefSummary.length).toBeLessThanOrEqual(60);
    expect(analysis.recommendations).toHaveLength(3);
    expect(new Set(analysis.recommendations).size).toBe(3);
    expect(analysis.encouragement.trim()).not.toBe("");
    expect(analysis.mutualGrowthCard).toEqual(expect.objectContaining({ dimension: "Mutual Aspirations & Growth", icon: "sparkles", color: "soft-tangerine" }));
    expect(analysis.mutualGrowthCard.insight.trim()).not.toBe("");
    expect(analysis.mutualGrowthCard.tips).toHaveLength(3);
    expect(analysis.metrics).toBeDefined();
    expect(findUnstorableJson(analysis, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("is deterministic: the same input gives the same analysis", () => {
    for (const [, segments] of fixtures) {
      expect(analyzeLocally({ segments, speakerNames: names })).toEqual(analyzeLocally({ segments: [...segments], speakerNames: { ...names } }));
    }
  });
});

describe("analyzeLocally: cards follow the metrics", () => {
  it("a balanced, warm conversation gets strength cards on all six dimensions", () => {
    // Talk: Ana 8 + 8 + 7 + 8 = 31 s, Ben 8 + 9 + 8 + 8 = 33 s of 64 s: 48% and 52%.
    const analysis = analyzeLocally({ segments: balancedWarm, speakerNames: names });
    expect(analysis.cards.map((card) => card.dimension)).toEqual(DIMENSIONS.map((dimension) => dimension.title));
    expect(cardFor(analysis, "Timing")?.insight).toMatch(/^Ana and Ben each had room to speak \(Ana about 48% and Ben about 52% of the talking time\)/);
    expect(cardFor(analysis, "Curiosity")?.insight).toContain("Ana and Ben both asked questions (Ana 3 and Ben 3)");
    expect(cardFor(analysis, "Clarity")?.insight).toContain('"I" statements');
    expect(cardFor(analysis, "Emotional Connection")?.insight).toContain("met with understanding");
    expect(cardFor(analysis, "Respect & Repair")?.insight).toContain("kept a respectful tone");
    expect(cardFor(analysis, "Appreciation")?.insight).toContain("showed warmth and appreciation");
    expect(analysis.coachResponse).toContain("### What went well\n- You both asked questions and followed up on each other's answers.\n- You spoke");
    expect(cardFor(analysis, "Emotional Connection")?.evidence).toEqual(["I felt overwhelmed at work, honestly.", "That makes sense."]);
    expect(analysis.encouragement).toMatch(/^Ana and Ben, you already do a lot right/);
  });

  it("a one-sided conversation with 'you never' and interruptions names the dominant speaker on Timing and Clarity", () => {
    const analysis = analyzeLocally({ segments: oneSided, speakerNames: names });
    const timing = cardFor(analysis, "Timing");
    const clarity = cardFor(analysis, "Clarity");
    // Ana: 40 + 29 + 28 = 97 s of 105 s talking = 92%; 4 overlapping turns.
    expect(timing?.insight).toMatch(/^Ana spoke for about 92% of the conversation, so Ben had less room/);
    expect(timing?.insight).toContain("4 moments where one of you started before the other had finished");
    expect(timing?.evidence?.[0]).toBe("You never listen to me.");
    expect(clarity?.insight).toMatch(/^Ana used words like "you never", "you always" and "you don't" a few times\./);
    expect(clarity?.evidence).toEqual(["You never listen to me.", "I have been saying this for weeks and you always forget."]);
    expect(cardFor(analysis, "Respect & Repair")?.insight).toContain("got sharp");
    expect(cardFor(analysis, "Appreciation")?.insight).toContain("there were no warm moments and 5 sharp ones");
    // The weakest dimensions lead the recommendations.
    expect(analysis.recommendations).toEqual([
      expect.stringContaining('"I feel… I need…"'),
      expect.stringContaining("Take turns"),
      expect.stringContaining("reset phrase"),
    ]);
    expect(analysis.coachResponse).toContain("Ana about 92% and Ben about 8%");
  });

  it("a repair after a sharp moment is a strength; a low positive ratio is a growth card", () => {
    const analysis = analyzeLocally({ segments: conflictWithRepair, speakerNames: names });
    expect(cardFor(analysis, "Respect & Repair")?.insight).toMatch(
      /^When things got tense, Ana and Ben reached for a repair, like "Sorry, that came out wrong"\./,
    );
    expect(cardFor(analysis, "Appreciation")?.insight).toContain("Gottman");
  });

  it("interruptions without one speaker dominating get their own Timing card", () => {
    const segments = [
      seg(A, 0, 10, "I think we should save more this year."),
      seg(B, 9, 20, "But the car needs repairs first, and the trip is booked."),
      seg(A, 19, 30, "I know, but the car can wait a little."),
      seg(B, 29, 38, "Okay, let's look at the numbers together."),
    ];
    const timing = cardFor(analyzeLocally({ segments, speakerNames: names }), "Timing");
    expect(timing?.insight).toMatch(/^Ana and Ben started speaking before the other had finished 3 times, most often Ben\./);
    expect(timing?.evidence).toEqual(["But the car needs repairs first, and the trip is booked.", "I know, but the car can wait a little."]);
  });

  it("uses 'Speaker N' for speakers without a given name", () => {
    expect(speakerName("SPEAKER_02", {})).toBe("Speaker 2");
    expect(speakerName("SPEAKER_02", { SPEAKER_02: "  " })).toBe("Speaker 2");
    expect(speakerName("custom", {})).toBe("custom");
    const analysis = analyzeLocally({ segments: oneSided });
    expect(cardFor(analysis, "Timing")?.insight).toMatch(/^Speaker 1 spoke/);
  });

  it("does not read a conversation in another language as lacking feelings or warmth", () => {
    const analysis = analyzeLocally({ segments: german, speakerNames: names });
    const text = analysis.cards.map((card) => card.insight).join(" ");
    expect(text).not.toContain("feelings were not named");
    expect(text).not.toContain("little explicit warmth");
  });

  it("a solo reflection gets no back-and-forth claims", () => {
    const analysis = analyzeLocally({ segments: solo, speakerNames: names });
    const text = analysis.cards.map((card) => card.insight).join(" ");
    expect(text).not.toMatch(/room to speak|both asked|each other/);
    expect(analysis.recommendations.join(" ")).not.toContain("Take turns");
    expect(analysis.coachResponse).toContain("Ana spoke for 60 seconds, in 1 turn.");
  });

  it("an empty transcript gets generic cards, the default brief summary and no evidence", () => {
    const analysis = analyzeLocally({ segments: [], speakerNames: {} });
    expect(analysis.cards.map((card) => card.dimension)).toEqual(["Curiosity", "Clarity", "Emotional Connection", "Timing"]);
    expect(analysis.cards.every((card) => card.evidence === undefined)).toBe(true);
    expect(analysis.briefSummary).toBe("Session summary");
    expect(analysis.coachResponse).toContain("too little in this recording");
  });

  it("the brief summary names the most frequent topic words", () => {
    expect(analyzeLocally({ segments: conflictWithRepair, speakerNames: names }).briefSummary).toBe("Dishes");
    const segments = [
      seg(A, 0, 5, "The budget for the holiday is tight."),
      seg(B, 5, 10, "Then let's shrink the holiday budget, maybe a cheaper flight."),
      seg(A, 10, 15, "A cheaper flight works. The holiday matters more than the hotel."),
    ];
    expect(analyzeLocally({ segments, speakerNames: names }).briefSummary).toBe("Holiday, budget and cheaper");
  });

  it("cuts a long unpunctuated quote to a verbatim window around the phrase it rests on", () => {
    const filler = "and then we went to the shop and bought some bread and milk and came home and talked about the week ahead";
    const long = `${filler} but honestly you never listen when I talk about work ${filler}`;
    const segments = [seg(A, 0, 30, long), seg(B, 30, 35, "You always say that."), seg(A, 35, 40, "You never do.")];
    const clarity = cardFor(analyzeLocally({ segments, speakerNames: names }), "Clarity");
    const quote = clarity?.evidence?.[0] ?? "";
    expect(quote).toContain("you never listen");
    expect(quote.length).toBeLessThanOrEqual(100);
    expect(long).toContain(quote);
  });

  it("keeps names and quotes from becoming markdown in the coach response", () => {
    const analysis = analyzeLocally({ segments: balancedWarm, speakerNames: { [A]: "[Ana](javascript:alert(1))", [B]: "**Ben**" } });
    expect(analysis.coachResponse).not.toContain("[Ana](javascript");
    expect(analysis.coachResponse).toContain("\\[Ana\\]\\(javascript:alert\\(1\\)\\)");
    expect(analysis.coachResponse).toContain("\\*\\*Ben\\*\\*");
  });
});
