// Texts of the "Conversation signals" view and the history's trend (issue 17). They say what happened in this conversation,
// never what it predicts, never who did better.

import { formatMmSs } from "@/lib/domain/format-time";

/** "once", "twice", "3 times". */
export function times(count: number): string {
  return count === 1 ? "once" : count === 2 ? "twice" : `${count} times`;
}

/** "Maya", "Maya and Jon", "Maya, Jon and Sam". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const seconds = (value: number) => `${value.toFixed(1)} s`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export type ResearchLine = { text: string; source: string; caveat: string };

export const SIGNALS_TEXTS = {
  title: "Conversation signals",
  intro: "Counted by the app from what was said. They describe this conversation, not either of you.",
  noAi: "Positive and negative moments, reaching out, repair attempts and criticism need the AI to point at the words said. Without it, the timing, the words used and the talk time are shown.",
  rejected: (count: number) => `${plural(count, "label", "labels")} the AI gave did not match the words said and ${count === 1 ? "was" : "were"} left out.`,
  research: "Research",

  startUpHeading: "How it started",
  startedBy: (name: string) => `${name} started the conversation.`,
  harsh: (name: string) => `In the first three minutes, ${name} opened with criticism or contempt.`,
  soft: (name: string) => `In the first three minutes, ${name} opened without criticism or contempt.`,
  negativeWindow: ["Negative moments: ", " in the first three minutes, ", " after."] as const,
  moments: (count: number) => plural(count, "moment", "moments"),

  ratioHeading: "Positive and negative moments",
  ratioCounts: ["", " and ", "."] as const,
  positiveMoments: (count: number) => plural(count, "positive moment", "positive moments"),
  negativeMoments: (count: number) => plural(count, "negative moment", "negative moments"),
  ratioValue: (value: number) => `That is ${value} to 1.`,
  ratioNoNegative: "There was no negative moment, so there is no ratio.",

  bidsHeading: "Reaching out",
  reachedOut: (name: string) => `${name} reached out `,
  turnedToward: (names: string) => `; ${names} turned toward `,
  turnedAway: ", away ",
  turnedAgainst: ", against ",
  noBids: "Nobody reached out in words the AI could point to.",

  repairsHeading: "Repair attempts",
  triedRepair: (name: string) => `${name} tried to calm things or reconnect `,
  accepted: (names: string) => `; ${names} took it up `,
  rejectedRepair: ", turned it down ",
  unclear: ", and it stayed unclear ",
  noRepairs: "Nobody tried to calm things or reconnect in words the AI could point to.",

  horsemenHeading: "Criticism, contempt, defensiveness, stonewalling",
  horsemenFrom: (name: string) => `From ${name}: criticism `,
  contempt: ", contempt ",
  defensiveness: ", defensiveness ",
  stonewalling: ", stonewalling ",
  lateAnswers: (name: string) => `; ${name} answered a complaint late or in two words or fewer `,
  none: "none",

  timingHeading: "Timing",
  pause: (name: string, ms: number) => `${name} usually answered after ${seconds(ms / 1000)}${ms < 0 ? " (talking over the end)" : ""}.`,
  noPause: (name: string) => `${name} never answered right after someone else.`,
  interruptions: (name: string, count: number) =>
    count === 0 ? `${name} never started while someone else was still talking.` : `${name} started while someone else was still talking ${times(count)}.`,

  wordsHeading: "Words and talk time",
  pronouns: (name: string, we: number, i: number, you: number, words: number) =>
    `${name} said “we” ${times0(we)}, “I” ${times0(i)} and “you” ${times0(you)} in ${plural(words, "word", "words")}.`,
  floor: (name: string, share: number | null, longest: number) =>
    `${name} talked ${share === null ? "no measurable part" : `${Math.round(share * 100)} %`} of the time; the longest turn was ${seconds(longest)}.`,

  /** The accessible name of a count that opens its quotes. */
  showQuotes: (phrase: string) => `${phrase}: show the words behind it`,
  quotesLabel: (context: string) => `Words behind “${context}”`,
  /** Heard before a quote's time, speaker and words, which make the rest of its name (as EVIDENCE_TEXTS.openAtPrefix). */
  openAtPrefix: "Open the transcript at ",
  time: (at: number) => formatMmSs(at),

  references: {
    ratio: {
      text: "About 5 positive moments to 1 negative in stable couples' conflicts, and 0.8 to 1 in couples who later divorced.",
      source: "Gottman & Levenson 1992",
      caveat: "Measured over conflict discussions in a lab, not a target for every talk.",
    },
    bids: {
      text: "Newlyweds still married six years later had turned toward 86 % of bids, divorced ones 33 %.",
      source: "Driver & Gottman 2004, everyday life",
      caveat: "Counted over everyday moments, not within one recorded conversation.",
    },
    startUp: {
      text: "The first three minutes of a conflict predicted how it ended.",
      source: "Carrère & Gottman 1999",
      caveat: "A pattern across many couples; one start decides nothing.",
    },
    timing: {
      text: "About 200 ms between turns in conversation, across languages.",
      source: "Stivers et al. 2009",
      caveat: "Recording and transcription can shift these times by a fraction of a second.",
    },
  } satisfies Record<string, ResearchLine>,

  // ---- History ----
  trendTitle: "Signals across conversations",
  trendIntro: "How these changed from one conversation to the next (oldest first).",
  trendRatio: "Positive to negative",
  trendRepairs: "Repairs taken up",
  trendBids: "Turned toward",
  trendNeedsTwo: "The trend shows once two conversations have AI-counted signals.",
  trendTableCaption: "Signals by conversation",
  trendConversation: "Conversation",
  trendRow: (number: number, date: string | null) => (date ? `Conversation ${number}, ${date}` : `Conversation ${number}`),
  ratioCell: (value: number | null) => (value === null ? "no negative moment" : `${value} to 1`),
  shareCell: (part: number, whole: number) => (whole === 0 ? "none" : `${part} of ${whole} (${Math.round((part / whole) * 100)} %)`),
  chartLabel: (name: string) => `${name}, by conversation`,
} as const;

function times0(count: number): string {
  return count === 0 ? "never" : times(count);
}
