import {
  ABSOLUTES_REGEX,
  FEELING_REGEX,
  I_STATEMENT_REGEX,
  NEGATIVE_REGEX,
  POSITIVE_REGEX,
  QUESTION_REGEX,
  REPAIR_REGEX,
  VALIDATION_REGEX,
  YOU_STATEMENT_REGEX,
  type Turn,
} from "./metrics";
import type { ConversationMetrics, DimensionId, SpeakerMetrics } from "./types";

// The curated insights of the offline analyzer: per dimension, rules tried in order, the first that applies writes the card.
// Each rule rests on a computed metric and quotes what was said. The wording is warm, impartial and never a diagnosis:
// it describes patterns in this conversation, not who anyone is. The last rule of each dimension always applies and is
// generic; the analyzer only uses generic cards to reach the minimum of four.

export type SpeakerView = { id: string; name: string; metrics: SpeakerMetrics };

export type InsightContext = {
  metrics: ConversationMetrics;
  /** Speakers in order of first appearance, with their given names. */
  speakers: SpeakerView[];
  /** "Ana and Ben", "Ana, Ben and Cleo", or "" with no speakers. */
  everyone: string;
  turns: Turn[];
  totalWords: number;
  feelingWords: number;
  validations: number;
  /** Mostly English words: only then may a rule conclude something from a phrase list finding nothing. */
  english: boolean;
  total: (key: keyof SpeakerMetrics) => number;
  /** Up to `max` verbatim sentences matching the regex, in time order, optionally only from some speakers. */
  quotes: (regex: RegExp, speakerIds?: string[], max?: number) => string[];
  /** Representative sentences (one per speaker, in order) when a card rests on what was not said. */
  samples: (speakerIds?: string[], max?: number) => string[];
  /** The distinct phrases of the regex a speaker used, in order of first use. */
  phrasesUsed: (regex: RegExp, speakerId: string) => string[];
  /** The opening sentence of each turn that started while the other was still speaking. */
  interruptionQuotes: (max?: number) => string[];
  /** The opening sentence of a speaker's longest turn. */
  longestTurnQuote: (speakerId: string) => string[];
};

type Tone = "strength" | "growth" | "neutral";

export type InsightDraft = {
  tone: Tone;
  insight: string;
  tips: string[];
  evidence: string[];
  /** For strengths: the line under "What went well" in the coach response. */
  wentWell?: string;
};

export type InsightRule = {
  id: string;
  /** How much a growth card needs attention (recommendations come from the weakest dimensions). */
  weight: number;
  generic?: boolean;
  applies: (ctx: InsightContext) => boolean;
  write: (ctx: InsightContext) => InsightDraft;
};

// ---- helpers -------------------------------------------------------------------------------------------------------

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
/** "no questions", "1 question", "3 questions". */
export const plural = (count: number, word: string, many = `${word}s`) => `${count === 0 ? "no" : count} ${count === 1 ? word : many}`;
const byMost = (ctx: InsightContext, key: keyof SpeakerMetrics) => [...ctx.speakers].sort((a, b) => b.metrics[key] - a.metrics[key])[0]; // stable: ties keep first-appearance order
const othersThan = (ctx: InsightContext, id: string) => joinNames(ctx.speakers.filter((s) => s.id !== id).map((s) => s.name));
const namesWith = (ctx: InsightContext, test: (m: SpeakerMetrics) => boolean) => ctx.speakers.filter((s) => test(s.metrics));
const twoOrMore = (ctx: InsightContext) => ctx.speakers.length >= 2;
const topShare = (ctx: InsightContext) => Math.max(0, ...ctx.speakers.map((s) => s.metrics.talkShare));
const bothOrAll = (count: number) => (count === 2 ? "both" : "all");
/** A quote inside a sentence of ours loses its own full stop: `like "Thanks for asking"`, not `"Thanks for asking.".`. */
const bare = (quote: string) => quote.replace(/[.!…,;:]+$/, "");
const like = (quote: string | undefined) => (quote ? `, like "${bare(quote)}"` : "");
const quoted = (phrases: string[]) => joinNames(phrases.slice(0, 3).map((phrase) => `"${phrase}"`));

/** Sentences with a feeling word, those where someone speaks of their own feeling ("I felt overwhelmed") first. */
function feelingQuotes(ctx: InsightContext, max: number): string[] {
  const all = ctx.quotes(FEELING_REGEX, undefined, 20);
  const own = (quote: string) => /\bi (?:feel|felt|am|was)\b|\bi'm\b/i.test(quote.replace(/\u2019/g, "'"));
  return [...all.filter(own), ...all.filter((quote) => !own(quote))].slice(0, max);
}

/** "Ana and Ben, good timing…" with names, "Good timing…" without. */
function addressed(ctx: InsightContext, text: string): string {
  return ctx.everyone ? `${ctx.everyone}, ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

function formatSeconds(seconds: number): string {
  if (seconds < 90) return plural(Math.round(seconds), "second");
  return `about ${plural(Math.round(seconds / 60), "minute")}`;
}

// ---- rules per dimension -------------------------------------------------------------------------------------------

const timing: InsightRule[] = [
  {
    id: "timing-dominant",
    weight: 3,
    applies: (ctx) => twoOrMore(ctx) && topShare(ctx) > 0.65,
    write: (ctx) => {
      const top = byMost(ctx, "talkShare")!;
      const others = othersThan(ctx, top.id);
      const overlaps =
        ctx.metrics.overlaps >= 2 ? ` There were also ${ctx.metrics.overlaps} moments where one of you started before the other had finished.` : "";
      return {
        tone: "growth",
        insight: `${top.name} spoke for about ${pct(top.metrics.talkShare)} of the conversation, so ${others} had less room to share their side.${overlaps} When one voice fills most of the time, the other can end up feeling less heard, even when nobody means it.`,
        tips: [
          `${top.name}, try pausing after a few sentences and asking "${others}, what do you think?"`,
          "Try a rhythm: one speaks for a minute or two, the other sums up what they heard, then switch.",
          `${others}, it's fine to say "I'd like to add something" whenever you want the floor.`,
        ],
        evidence: [...ctx.longestTurnQuote(top.id), ...ctx.interruptionQuotes(1)],
      };
    },
  },
  {
    id: "timing-interruptions",
    weight: 3,
    applies: (ctx) => twoOrMore(ctx) && ctx.metrics.overlaps >= 2,
    write: (ctx) => {
      const top = byMost(ctx, "interruptions")!;
      const mostly = ctx.speakers.every((s) => s.id === top.id || s.metrics.interruptions < top.metrics.interruptions) ? `, most often ${top.name}` : "";
      return {
        tone: "growth",
        insight: `${ctx.everyone} started speaking before the other had finished ${plural(ctx.metrics.overlaps, "time")}${mostly}. Overlaps like these are common when a topic matters, but they can leave both of you feeling cut off.`,
        tips: [
          "Let the other finish their thought, then take one breath before you answer.",
          'Agree on a small signal, like a raised hand, that means "I\'d like to speak next".',
          'If you both start at once, one can say "you go first" and come back to their point after.',
        ],
        evidence: ctx.interruptionQuotes(2),
      };
    },
  },
  {
    id: "timing-long-turn",
    weight: 2,
    applies: (ctx) => twoOrMore(ctx) && ctx.speakers.some((s) => s.metrics.longestMonologueSeconds >= 90),
    write: (ctx) => {
      const top = byMost(ctx, "longestMonologueSeconds")!;
      return {
        tone: "growth",
        insight: `${top.name}'s longest stretch lasted ${formatSeconds(top.metrics.longestMonologueSeconds)} without a break. Long turns carry a lot at once; shorter ones give ${othersThan(ctx, top.id)} a chance to respond to each point.`,
        tips: [
          "Share one point at a time, then check how it landed before the next.",
          `${othersThan(ctx, top.id)}, sum up what you heard before replying: it slows the pace for both of you.`,
        ],
        evidence: ctx.longestTurnQuote(top.id),
      };
    },
  },
  {
    id: "timing-balanced",
    weight: 0,
    // Nobody over 65% (the dominant rule failed) and nobody under half an equal share: everyone had room.
    applies: (ctx) =>
      twoOrMore(ctx) && ctx.metrics.totalTurns >= 4 && ctx.metrics.overlaps <= 1 && ctx.speakers.every((s) => s.metrics.talkShare >= 0.5 / ctx.speakers.length),
    write: (ctx) => ({
      tone: "strength",
      insight: `${ctx.everyone} each had room to speak (${joinNames(ctx.speakers.map((s) => `${s.name} about ${pct(s.metrics.talkShare)}`))} of the talking time) and let each other finish. That back-and-forth is what makes a hard conversation feel fair.`,
      tips: [
        "Keep the rhythm: when a topic gets heavier, slow down rather than speed up.",
        "Notice together how the even back-and-forth felt, and say it out loud afterwards.",
        "If a talk does get heated, agree to pause for 20 minutes and then come back to it.",
      ],
      evidence: ctx.samples(undefined, 2),
      wentWell: "You each had room to speak and let each other finish.",
    }),
  },
  {
    id: "timing-general",
    weight: 1,
    generic: true,
    applies: () => true,
    write: (ctx) => ({
      tone: "neutral",
      insight: addressed(
        ctx,
        `Good timing means picking a calm moment, taking turns and pausing when things heat up. ${twoOrMore(ctx) ? "This conversation was short, so there is little to say about its pacing yet." : "With one voice in this recording, there is no back-and-forth to measure yet."}`,
      ),
      tips: [
        "Pick a moment when neither of you is hungry, tired or rushed for the conversations that matter.",
        "Take turns: one speaks, the other listens and sums up before replying.",
        "If either of you feels flooded, take a 20-minute break and agree when to continue.",
      ],
      evidence: [], // a general explanation, not a claim about what was said
    }),
  },
];

const curiosity: InsightRule[] = [
  {
    id: "curiosity-mutual",
    weight: 0,
    applies: (ctx) => twoOrMore(ctx) && ctx.speakers.every((s) => s.metrics.questions >= 2),
    write: (ctx) => ({
      tone: "strength",
      insight: `${ctx.everyone} ${bothOrAll(ctx.speakers.length)} asked questions (${joinNames(ctx.speakers.map((s) => `${s.name} ${s.metrics.questions}`))}). Asking and following up shows you want to understand each other's world, not only to make your point.`,
      tips: [
        'Add a follow-up before sharing your own view: "What was that like for you?"',
        'Keep questions open, starting with "what" or "how", rather than yes-or-no.',
        'Check back after summing up what you heard: "Did I get that right?"',
      ],
      evidence: ctx.speakers.flatMap((s) => ctx.quotes(QUESTION_REGEX, [s.id], 1)).slice(0, 2),
      wentWell: "You both asked questions and followed up on each other's answers.",
    }),
  },
  {
    id: "curiosity-one-sided",
    weight: 2,
    applies: (ctx) => {
      const top = byMost(ctx, "questions");
      return twoOrMore(ctx) && !!top && top.metrics.questions >= 2 && ctx.speakers.some((s) => s.metrics.questions * 3 <= top.metrics.questions);
    },
    write: (ctx) => {
      const top = byMost(ctx, "questions")!;
      const quiet = ctx.speakers.filter((s) => s.metrics.questions * 3 <= top.metrics.questions);
      const quietNames = joinNames(quiet.map((s) => s.name));
      return {
        tone: "growth",
        insight: `${top.name} asked most of the questions (${top.metrics.questions})${like(ctx.quotes(QUESTION_REGEX, [top.id], 1)[0])}. That curiosity is a real strength; the conversation could feel even more mutual if ${quietNames} asked back, too.`,
        tips: [
          `${quietNames}, try asking one question back, like "How did that feel for you?"`,
          'After answering a question, return it: "And how do you see it?"',
          `${top.name}, keep your open questions coming; they invite ${quietNames} in.`,
        ],
        evidence: ctx.quotes(QUESTION_REGEX, [top.id], 2),
      };
    },
  },
  {
    id: "curiosity-few",
    weight: 2,
    applies: (ctx) => twoOrMore(ctx) && ctx.metrics.totalTurns >= 4 && ctx.total("questions") <= 1,
    write: (ctx) => ({
      tone: "growth",
      insight: `${ctx.everyone} asked ${ctx.total("questions") === 0 ? "no questions" : "only one question"} in this conversation; most of it was statements. Questions are an easy way to show you want to understand, not only to be understood.`,
      tips: [
        'Before replying, ask one open question: "What do you mean by that?" or "What worries you most?"',
        'Sum up what you heard and ask: "Did I get that right?"',
        'Be curious about feelings as well as facts: "How did that feel for you?"',
      ],
      evidence: ctx.samples(undefined, 2),
    }),
  },
  {
    id: "curiosity-solo",
    weight: 1,
    applies: (ctx) => ctx.speakers.length === 1 && ctx.totalWords >= 30,
    write: (ctx) => ({
      tone: "neutral",
      insight: `${ctx.everyone}, you reflected out loud${ctx.total("questions") > 0 ? " and asked yourself questions along the way" : ""}. Curiosity works inward too: asking "What do I really need here?" often shows what matters most.`,
      tips: [
        'Ask yourself one open question and answer it in a sentence: "What do I need most right now?"',
        "Note one thing you'd like to ask your partner about this.",
      ],
      evidence: ctx.total("questions") > 0 ? ctx.quotes(QUESTION_REGEX, undefined, 2) : ctx.samples(undefined, 1),
    }),
  },
  {
    id: "curiosity-general",
    weight: 1,
    generic: true,
    applies: () => true,
    write: (ctx) => ({
      tone: "neutral",
      insight: addressed(ctx, "Curiosity means asking to understand rather than to win: open questions, follow-ups and checking back that you heard right."),
      tips: ['Ask one open question each: "What matters most to you about this?"', 'Check back before replying: "So what you mean is…, right?"'],
      evidence: [], // a general explanation, not a claim about what was said
    }),
  },
];

const clarity: InsightRule[] = [
  {
    id: "clarity-blame",
    weight: 3,
    applies: (ctx) => ctx.speakers.some((s) => s.metrics.youStatements >= 2 || s.metrics.youStatements + s.metrics.absolutes >= 3),
    write: (ctx) => {
      const who = namesWith(ctx, (m) => m.youStatements >= 2 || m.youStatements + m.absolutes >= 3);
      const used = [...new Set(who.flatMap((s) => [...ctx.phrasesUsed(YOU_STATEMENT_REGEX, s.id), ...ctx.phrasesUsed(ABSOLUTES_REGEX, s.id)]))];
      const names = joinNames(who.map((s) => s.name));
      const ids = who.map((s) => s.id);
      return {
        tone: "growth",
        insight: `${names}${who.length > 1 ? ` ${bothOrAll(who.length)}` : ""} used words like ${quoted(used)} a few times. Absolutes and "you" sentences can sound like a verdict on who someone is, and tend to invite defending rather than listening. The point behind them deserves to be heard in a gentler form.`,
        tips: [
          'Describe one specific moment instead of "always" or "never": "Last Tuesday, when…"',
          'Start with "I": "I feel alone with the chores, I need us to share them", rather than "You never help."',
          "Turn a complaint into a request: say what you would like to happen next time.",
        ],
        evidence: [...ctx.quotes(YOU_STATEMENT_REGEX, ids, 2), ...ctx.quotes(ABSOLUTES_REGEX, ids, 2)].filter((q, i, all) => all.indexOf(q) === i).slice(0, 2),
      };
    },
  },
  {
    id: "clarity-i-statements",
    weight: 0,
    applies: (ctx) => ctx.total("iStatements") >= 1,
    write: (ctx) => {
      const who = namesWith(ctx, (m) => m.iStatements >= 1);
      return {
        tone: "strength",
        insight: `${joinNames(who.map((s) => s.name))} spoke from their own experience with "I" statements${like(ctx.quotes(I_STATEMENT_REGEX, undefined, 1)[0])}. Saying what you feel and need, rather than what the other does wrong, makes it much easier to hear.`,
        tips: ['Add a concrete request to the "I" statement: "I need… could we…?"', "Keep it to one topic at a time, so the request stays clear."],
        evidence: ctx.quotes(I_STATEMENT_REGEX, undefined, 2),
        wentWell: 'You spoke from your own experience with "I" statements.',
      };
    },
  },
  {
    id: "clarity-no-i",
    weight: 1,
    applies: (ctx) => ctx.english && ctx.totalWords >= 40 && ctx.total("iStatements") === 0,
    write: (ctx) => ({
      tone: "growth",
      insight: `${ctx.everyone} talked mostly about the situation itself and less about what each of you feels or needs. One clear "I feel…, I need…" sentence helps the other know exactly what would help.`,
      tips: [
        'Finish the sentence "I feel… when… and I need…" about the topic you discussed.',
        'Make one specific request: "Could we…?" rather than a general wish.',
      ],
      evidence: ctx.samples(undefined, 2),
    }),
  },
  {
    id: "clarity-general",
    weight: 1,
    generic: true,
    applies: () => true,
    write: (ctx) => ({
      tone: "neutral",
      insight: addressed(
        ctx,
        'Clarity means describing what happened, saying how it felt with "I" statements, and making a specific request, instead of "always" or "never".',
      ),
      tips: ['Try the shape "When…, I felt…, and I need…".', "Ask for one concrete thing the other can do."],
      evidence: [], // a general explanation, not a claim about what was said
    }),
  },
];

const emotional: InsightRule[] = [
  {
    id: "emotional-validated",
    weight: 0,
    applies: (ctx) => twoOrMore(ctx) && ctx.feelingWords >= 1 && ctx.validations >= 1,
    write: (ctx) => {
      const feeling = feelingQuotes(ctx, 1);
      const validation = ctx.quotes(VALIDATION_REGEX, undefined, 1);
      const quotes = [...new Set([...feeling, ...validation])];
      return {
        tone: "strength",
        insight: `Feelings were put into words and met with understanding${quotes.length > 0 ? `: ${quoted(quotes.map(bare))}` : ""}. For ${ctx.everyone}, naming a feeling and having it acknowledged is one of the surest ways to feel close.`,
        tips: ['Keep reflecting feelings back: "It sounds like you felt…"', 'Ask what would help: "What do you need from me right now?"'],
        evidence: quotes,
        wentWell: "Feelings were named and met with understanding.",
      };
    },
  },
  {
    id: "emotional-named",
    weight: 1,
    applies: (ctx) => ctx.feelingWords >= 1,
    write: (ctx) => {
      const who = ctx.speakers.filter((s) => ctx.quotes(FEELING_REGEX, [s.id], 1).length > 0);
      return {
        tone: "neutral",
        insight: `${joinNames(who.map((s) => s.name))} named how things feel, and that takes courage. ${twoOrMore(ctx) ? "The next step is for the listener to reflect it back, so the feeling is received, not only said." : "Noticing the feeling is the first step to asking for what you need."}`,
        tips: [
          'When a feeling is named, reflect it back: "It sounds like you felt…"',
          'Ask: "What would help right now?"',
          "Share your own feeling too, even in a single word.",
        ],
        evidence: feelingQuotes(ctx, 2),
      };
    },
  },
  {
    id: "emotional-facts",
    weight: 2,
    applies: (ctx) => ctx.english && ctx.totalWords >= 40 && ctx.feelingWords === 0,
    write: (ctx) => ({
      tone: "growth",
      insight: `Feelings were not named directly in this conversation; it stayed with what happened and what to do. Adding how things feel ("I was worried", "I felt relieved") helps ${ctx.everyone} understand what is really at stake.`,
      tips: [
        "Name one feeling each about the topic, even in a single word.",
        'Ask gently: "How do you feel about this, not just what do you think?"',
        'When a feeling is shared, reflect it back before problem-solving: "That sounds hard."',
      ],
      evidence: ctx.samples(undefined, 2),
    }),
  },
  {
    id: "emotional-general",
    weight: 1,
    generic: true,
    applies: () => true,
    write: (ctx) => ({
      tone: "neutral",
      insight: addressed(
        ctx,
        "Emotional connection grows when feelings are named, acknowledged and answered: turning toward each other's small bids for attention.",
      ),
      tips: ['Share one feeling from today, in a sentence: "Today I felt…"', 'Respond to small bids ("Look at this!") by turning toward them.'],
      evidence: [], // a general explanation, not a claim about what was said
    }),
  },
];

const respect: InsightRule[] = [
  {
    id: "respect-repaired",
    weight: 0,
    applies: (ctx) => ctx.total("negativeMarkers") >= 1 && ctx.total("repairAttempts") >= 1,
    write: (ctx) => {
      const repairers = namesWith(ctx, (m) => m.repairAttempts >= 1);
      return {
        tone: "strength",
        insight: `When things got tense, ${joinNames(repairers.map((s) => s.name))} reached for a repair${like(ctx.quotes(REPAIR_REGEX, undefined, 1)[0])}. Making repair attempts, and accepting them, matters more than never disagreeing.`,
        tips: [
          'When the other offers a repair, accept it, even partly: "Thanks. Let\'s try again."',
          'Agree on a phrase that means "let\'s reset", like "Can we start over?"',
          'A short break is a repair too: "I need 20 minutes, then I want to come back to this."',
        ],
        evidence: [...ctx.quotes(NEGATIVE_REGEX, undefined, 1), ...ctx.quotes(REPAIR_REGEX, undefined, 1)],
        wentWell: "When it got tense, you reached for repair instead of escalating.",
      };
    },
  },
  {
    id: "respect-sharp",
    weight: 3,
    applies: (ctx) => ctx.total("negativeMarkers") >= 1,
    write: (ctx) => ({
      tone: "growth",
      insight: `Some words between ${ctx.everyone || "you"} got sharp, and nobody stepped in to soften them. Sharp moments happen to every couple; what helps is noticing them and repairing, or pausing, before they build up.`,
      tips: [
        'Try a quick repair when you hear an edge in your voice: "Sorry, let me say that again."',
        'Trade sarcasm or "whatever" for what you actually feel: "I\'m frustrated and I need a minute."',
        "If it keeps escalating, take a 20-minute break and agree when to come back.",
      ],
      evidence: ctx.quotes(NEGATIVE_REGEX, undefined, 2),
    }),
  },
  {
    id: "respect-kind",
    weight: 0,
    applies: (ctx) => twoOrMore(ctx) && ctx.english && ctx.totalWords >= 30 && ctx.total("negativeMarkers") === 0,
    write: (ctx) => {
      const repair = ctx.quotes(REPAIR_REGEX, undefined, 1);
      return {
        tone: "strength",
        insight: `${ctx.everyone} kept a respectful tone throughout, with no put-downs or shutting each other out${repair.length > 0 ? `, and even offered "${bare(repair[0]!)}"` : ""}. That safety is what lets hard topics be talked about at all.`,
        tips: ["Keep it up when a topic gets harder: slow down, soften the start.", 'Agree now on a reset phrase for tougher days, like "Can we start over?"'],
        evidence: repair.length > 0 ? repair : [...ctx.quotes(POSITIVE_REGEX, undefined, 1), ...ctx.samples(undefined, 1)].slice(0, 1),
        wentWell: "You kept a respectful tone throughout.",
      };
    },
  },
  {
    id: "respect-general",
    weight: 1,
    generic: true,
    applies: () => true,
    write: (ctx) => ({
      tone: "neutral",
      insight: addressed(ctx, "Respect and repair means staying kind when you disagree, and offering or accepting a way back when a moment goes wrong."),
      tips: ['Agree on a reset phrase, like "Can we start over?"', "Accept a repair attempt when it comes, even if you're still upset."],
      evidence: [], // a general explanation, not a claim about what was said
    }),
  },
];

const appreciation: InsightRule[] = [
  {
    id: "appreciation-ratio-high",
    weight: 0,
    applies: (ctx) => (ctx.metrics.positiveToNegativeRatio ?? 0) >= 5,
    write: (ctx) => ({
      tone: "strength",
      insight: `Even with a sharp moment or two, ${ctx.everyone} kept the warmth: about ${Math.round(ctx.metrics.positiveToNegativeRatio ?? 0)} warm moments for each sharp one. Couples researcher John Gottman found that stable couples keep at least five to one during conflict; you're there.`,
      tips: [
        "Keep naming the small things you appreciate, right when you notice them.",
        'Say what you value in how the other handled this talk: "I liked that you…"',
      ],
      evidence: ctx.quotes(POSITIVE_REGEX, undefined, 2),
      wentWell: "You kept far more warm moments than sharp ones.",
    }),
  },
  {
    id: "appreciation-ratio-low",
    weight: 3,
    applies: (ctx) => ctx.total("negativeMarkers") >= 1,
    write: (ctx) => ({
      tone: "growth",
      insight: `Between ${ctx.everyone || "you"} there ${ctx.total("positiveMarkers") === 1 ? "was" : "were"} ${plural(ctx.total("positiveMarkers"), "warm moment")} and ${plural(ctx.total("negativeMarkers"), "sharp one")}. Couples researcher John Gottman found that stable couples keep about five warm moments for each sharp one during conflict; a little more warmth helps the hard parts land softer.`,
      tips: [
        'Start a hard talk with something you appreciate: "I know you care about this too."',
        "Notice one thing the other does well each day, and say it.",
        "A small touch, a smile or a joke between hard points counts as a warm moment too.",
      ],
      evidence: [...ctx.quotes(POSITIVE_REGEX, undefined, 1), ...ctx.quotes(NEGATIVE_REGEX, undefined, 1)],
    }),
  },
  {
    id: "appreciation-warm",
    weight: 0,
    applies: (ctx) => ctx.total("positiveMarkers") >= 1,
    write: (ctx) => {
      const who = namesWith(ctx, (m) => m.positiveMarkers >= 1);
      return {
        tone: "strength",
        insight: `${joinNames(who.map((s) => s.name))} showed warmth and appreciation${like(ctx.quotes(POSITIVE_REGEX, undefined, 1)[0])}, with no put-downs. Small thank-yous and kind words build the goodwill that carries you through harder talks.`,
        tips: ["Be specific when you thank: name exactly what the other did.", "Make it a habit: one appreciation each, every day."],
        evidence: ctx.quotes(POSITIVE_REGEX, undefined, 2),
        wentWell: "You showed warmth and appreciation.",
      };
    },
  },
  {
    id: "appreciation-missing",
    weight: 2,
    applies: (ctx) => ctx.english && ctx.totalWords >= 40,
    write: (ctx) => ({
      tone: "growth",
      insight: addressed(
        ctx,
        'This conversation had little explicit warmth or thanks, which is understandable when you are busy sorting something out. A quick "thank you for talking about this" at the start or end makes a real difference.',
      ),
      tips: ["Open or close the next talk with one thing you appreciate about the other.", "Thank each other for specific things, not just in general."],
      evidence: ctx.samples(undefined, 1),
    }),
  },
  {
    id: "appreciation-general",
    weight: 1,
    generic: true,
    applies: () => true,
    write: (ctx) => ({
      tone: "neutral",
      insight: addressed(
        ctx,
        "Appreciation keeps a relationship's goodwill topped up: couples who do well keep about five warm moments for every sharp one, especially during conflict.",
      ),
      tips: ["Share one specific thank-you each day.", "Tell each other one thing you admire, out loud, this week."],
      evidence: [], // a general explanation, not a claim about what was said
    }),
  },
];

/** Rules per dimension, tried in order; the last one is generic and always applies. */
export const INSIGHT_RULES: Record<DimensionId, readonly InsightRule[]> = { curiosity, clarity, emotional, timing, respect, appreciation };

/** One recommendation per dimension, offered for the weakest dimensions. */
export const RECOMMENDATIONS: Record<DimensionId, string> = {
  curiosity: 'Ask at least one open question, like "What was that like for you?", before sharing your own view.',
  clarity: 'Use "I feel… I need…" and describe one specific moment instead of "always" or "never".',
  emotional: 'Name one feeling each, and reflect back what you heard: "It sounds like you felt…"',
  timing: "Take turns of a minute or two, and pause for 20 minutes if either of you feels overwhelmed.",
  respect: 'Agree on a reset phrase, like "Can we start over?", and accept it when the other uses it.',
  appreciation: "Share one specific thank-you each day, aiming for five warm moments for every hard one.",
};

/** The mutual growth card's third question, from the dimension to grow in together. */
export const GROWTH_QUESTIONS: Record<DimensionId, string> = {
  curiosity: "What is one thing you'd like the other to ask you about more often?",
  clarity: "What is one request each of us could make this week, in one clear sentence?",
  emotional: "Which feeling was hardest to say out loud today, and what would make it easier?",
  timing: "When and where do our best conversations happen, and how can we have more of them?",
  respect: 'What phrase or gesture could mean "let\'s reset" for the two of us?',
  appreciation: "What is one thing the other did recently that you're grateful for?",
};
