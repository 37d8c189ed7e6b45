import { countWords, type TranscriptSegment } from "../transcription/segments";
import type { ConversationMetrics, SpeakerMetrics } from "./types";

// Conversation metrics computed from the transcript segments, never guessed (issue 4). They ground the AI prompt, drive the
// local analyzer and are saved with the analysis. Word lists are small on purpose: each phrase should mean the same thing in
// nearly every sentence it appears in. They follow Gottman's work: the "four horsemen" (criticism, contempt, defensiveness,
// stonewalling), the repair-attempt checklist, and the 5:1 positive-to-negative ratio of stable couples in conflict.
// Ambiguous phrases stay out: "my fault" would count "that's not my fault" as a repair, "what about you?" is usually curious.

/** Openers of "I" statements: the speaker talks about their own feelings, needs, wishes and views. */
export const I_STATEMENT_OPENERS = [
  "i feel",
  "i felt",
  "i'm feeling",
  "i am feeling",
  "i need",
  "i'd like",
  "i would like",
  "i want",
  "i wish",
  "i think",
  "i hope",
  "i noticed",
  "i'm worried",
  "i am worried",
] as const;

/** Accusatory "you" openers (criticism in Gottman's terms): the sentence is about what the partner is or does wrong. */
const YOU_STATEMENT_OPENERS = [
  "you always",
  "you never",
  "you're always",
  "you're never",
  "you're being",
  "you're not",
  "you're too",
  "you are always",
  "you are never",
  "you are being",
  "you are not",
  "you are too",
  "you don't",
  "you do not",
  "you didn't",
  "you did not",
  "you won't",
  "you can't",
  "you should",
  "you make me",
  "why can't you",
  "why don't you",
] as const;

/** Absolute words that turn one event into a character claim; counted as whole words or phrases. */
const ABSOLUTES = ["always", "never", "every time", "nothing", "everything"] as const;

/** Fondness and gratitude, the antidote to contempt. */
export const APPRECIATION_PHRASES = [
  "thank you",
  "thanks",
  "thankful",
  "i appreciate",
  "i love",
  "grateful",
  "that means a lot",
  "means a lot to me",
  "proud of you",
  "i admire",
  "well done",
  "great job",
] as const;

/** Repair attempts, after Gottman's repair checklist ("I'm sorry", "let me try again", "I need to calm down", "stop action"). */
export const REPAIR_PHRASES = [
  "sorry",
  "i apologize",
  "i apologise",
  "my bad",
  "that's my fault",
  "it's my fault",
  "i was wrong",
  "that came out wrong",
  "let me try again",
  "let me say that differently",
  "you're right",
  "you are right",
  "fair point",
  "good point",
  "that's fair",
  "i see your point",
  "can we start over",
  "let's start over",
  "let's take a break",
  "can we take a break",
  "i need a break",
  "let's pause",
  "can we slow down",
  "let's calm down",
  "i didn't mean",
] as const;

/** Validation: letting the partner know their feeling or view makes sense (turning toward, not away). */
const VALIDATION_PHRASES = [
  "that makes sense",
  "makes sense",
  "i understand",
  "i hear you",
  "i get it",
  "i get that",
  "no wonder",
  "that sounds hard",
  "that must be",
  "i can see why",
  "i see why",
] as const;

/** Positive markers: appreciation plus agreement, affection and laughter. */
export const POSITIVE_MARKERS = [
  ...APPRECIATION_PHRASES,
  "i agree",
  "good idea",
  "that makes sense",
  "you're right",
  "you are right",
  "fair point",
  "good point",
  "love you",
  "honey",
  "sweetheart",
  "darling",
  "i missed you",
  "haha",
  "ha ha",
  "lol",
  "[laughs]",
  "(laughs)",
  "[laughter]",
  "(laughter)",
  "that's funny",
] as const;

/**
 * Negative markers, from the four horsemen: criticism ("you always", "you never"), contempt and sarcasm ("whatever",
 * "ridiculous", "yeah right", eye rolls), defensiveness ("that's not my fault", "yeah but") and stonewalling ("I'm done").
 */
export const NEGATIVE_MARKERS = [
  "you always",
  "you never",
  "what's wrong with you",
  "whatever",
  "ridiculous",
  "pathetic",
  "stupid",
  "idiot",
  "shut up",
  "grow up",
  "oh please",
  "yeah right",
  "sure you did",
  "big surprise",
  "give me a break",
  "[eye roll]",
  "(eye roll)",
  "*eye roll*",
  "rolls eyes",
  "that's not my fault",
  "it's not my fault",
  "not my fault",
  "not my problem",
  "yeah but",
  "yes but",
  "i'm done",
  "i don't care",
  "forget it",
  "leave me alone",
] as const;

/** Feeling words, for the Emotional Connection dimension (naming feelings rather than only facts). */
export const FEELING_WORDS = [
  "feel",
  "feeling",
  "feelings",
  "felt",
  "hurt",
  "sad",
  "happy",
  "angry",
  "upset",
  "scared",
  "afraid",
  "worried",
  "anxious",
  "lonely",
  "frustrated",
  "overwhelmed",
  "disappointed",
  "excited",
  "grateful",
  "glad",
  "relieved",
  "stressed",
  "ashamed",
  "jealous",
  "calm",
  "nervous",
  "tired",
  "exhausted",
] as const;

/** Timestamps from speech-to-text jitter by a few hundred ms; an overlap shorter than this is not an interruption. */
const OVERLAP_TOLERANCE_SECONDS = 0.25;

/** Lower case with straight apostrophes, so "You’re" and "you're" are one phrase. Keeps the length of the text. */
export function normalizeText(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One regex for a phrase list: whole words only (so "nevertheless" is not "never"), any run of spaces between words, and
 * longest phrases first so that "that's not my fault" counts once, not also as "not my fault".
 */
export function phraseRegex(phrases: readonly string[]): RegExp {
  const alternatives = [...new Set(phrases)].sort((a, b) => b.length - a.length).map((phrase) => escapeRegExp(phrase).replace(/ +/g, "\\s+"));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "gu");
}

export function countMatches(normalizedText: string, regex: RegExp): number {
  return normalizedText.match(regex)?.length ?? 0;
}

export const I_STATEMENT_REGEX = phraseRegex(I_STATEMENT_OPENERS);
export const YOU_STATEMENT_REGEX = phraseRegex(YOU_STATEMENT_OPENERS);
export const ABSOLUTES_REGEX = phraseRegex(ABSOLUTES);
const APPRECIATION_REGEX = phraseRegex(APPRECIATION_PHRASES);
export const REPAIR_REGEX = phraseRegex(REPAIR_PHRASES);
export const VALIDATION_REGEX = phraseRegex(VALIDATION_PHRASES);
export const POSITIVE_REGEX = phraseRegex(POSITIVE_MARKERS);
export const NEGATIVE_REGEX = phraseRegex(NEGATIVE_MARKERS);
export const FEELING_REGEX = phraseRegex(FEELING_WORDS);
/** A sentence that asks something (for quoting; questions are counted with countQuestions). */
export const QUESTION_REGEX = /\?/g;

/** Sentences as substrings of the text (end punctuation kept), so a sentence can be quoted verbatim. */
export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?…]+[.!?…]*/g) ?? []).map((sentence) => sentence.trim()).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

/** Question marks, a run ("??") counting once. */
function countQuestions(text: string): number {
  return text.match(/\?+/g)?.length ?? 0;
}

/** Sentences that contain at least one phrase of the regex: an "I" or "you" statement counts once per sentence. */
function countSentencesMatching(text: string, regex: RegExp): number {
  return splitSentences(text).filter((sentence) => countMatches(normalizeText(sentence), regex) > 0).length;
}

export type Turn = {
  speaker: string;
  start: number;
  end: number;
  segments: TranscriptSegment[];
  /** The turn started more than the tolerance before the previous speaker's turn ended. */
  interrupts: boolean;
};

/** Segments in time order (stable), consecutive segments of one speaker joined into one turn. */
export function toTurns(segments: TranscriptSegment[]): Turn[] {
  const ordered = [...segments].sort((a, b) => a.start - b.start);
  const turns: Turn[] = [];
  for (const segment of ordered) {
    const end = Math.max(segment.start, segment.end);
    const last = turns.at(-1);
    if (last && last.speaker === segment.speaker) {
      last.end = Math.max(last.end, end);
      last.segments.push(segment);
      continue;
    }
    const interrupts = last !== undefined && segment.start < last.end - OVERLAP_TOLERANCE_SECONDS;
    turns.push({ speaker: segment.speaker, start: segment.start, end, segments: [segment], interrupts });
  }
  return turns;
}

function emptySpeakerMetrics(): SpeakerMetrics {
  return {
    talkShare: 0,
    talkSeconds: 0,
    turns: 0,
    words: 0,
    questions: 0,
    interruptions: 0,
    longestMonologueSeconds: 0,
    iStatements: 0,
    youStatements: 0,
    absolutes: 0,
    appreciations: 0,
    repairAttempts: 0,
    positiveMarkers: 0,
    negativeMarkers: 0,
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Per-speaker metrics (speakers in order of first appearance) and conversation totals. Talk share is talking time over all
 * talking time; when no segment has a duration it falls back to the share of words, so it is never NaN.
 */
export function computeConversationMetrics(segments: TranscriptSegment[]): ConversationMetrics {
  // A Map, not a plain object: a speaker id from the request ("__proto__") must never reach Object.prototype.
  const bySpeaker = new Map<string, SpeakerMetrics>();
  const metricsOf = (speaker: string) => {
    let entry = bySpeaker.get(speaker);
    if (!entry) bySpeaker.set(speaker, (entry = emptySpeakerMetrics()));
    return entry;
  };

  for (const segment of segments) {
    const entry = metricsOf(segment.speaker);
    const normalized = normalizeText(segment.text);
    entry.talkSeconds += Math.max(0, segment.end - segment.start);
    entry.words += countWords(segment.text);
    entry.questions += countQuestions(segment.text);
    entry.iStatements += countSentencesMatching(segment.text, I_STATEMENT_REGEX);
    entry.youStatements += countSentencesMatching(segment.text, YOU_STATEMENT_REGEX);
    entry.absolutes += countMatches(normalized, ABSOLUTES_REGEX);
    entry.appreciations += countMatches(normalized, APPRECIATION_REGEX);
    entry.repairAttempts += countMatches(normalized, REPAIR_REGEX);
    entry.positiveMarkers += countMatches(normalized, POSITIVE_REGEX);
    entry.negativeMarkers += countMatches(normalized, NEGATIVE_REGEX);
  }

  const turns = toTurns(segments);
  for (const turn of turns) {
    const entry = metricsOf(turn.speaker);
    entry.turns += 1;
    if (turn.interrupts) entry.interruptions += 1;
    entry.longestMonologueSeconds = Math.max(entry.longestMonologueSeconds, turn.end - turn.start);
  }

  const all = [...bySpeaker.values()];
  const totalSeconds = all.reduce((sum, entry) => sum + entry.talkSeconds, 0);
  const totalWords = all.reduce((sum, entry) => sum + entry.words, 0);
  for (const entry of all) {
    entry.talkShare = round(totalSeconds > 0 ? entry.talkSeconds / totalSeconds : totalWords > 0 ? entry.words / totalWords : 0, 4);
    entry.talkSeconds = round(entry.talkSeconds, 2);
    entry.longestMonologueSeconds = round(entry.longestMonologueSeconds, 2);
  }

  const positives = all.reduce((sum, entry) => sum + entry.positiveMarkers, 0);
  const negatives = all.reduce((sum, entry) => sum + entry.negativeMarkers, 0);
  const firstStart = segments.reduce((min, segment) => Math.min(min, segment.start), Infinity);
  const lastEnd = segments.reduce((max, segment) => Math.max(max, segment.start, segment.end), 0);
  return {
    durationSeconds: segments.length > 0 ? round(Math.max(0, lastEnd - firstStart), 2) : 0,
    totalTurns: turns.length,
    speakers: Object.fromEntries(bySpeaker),
    positiveToNegativeRatio: negatives > 0 ? round(positives / negatives, 2) : null,
    overlaps: turns.filter((turn) => turn.interrupts).length,
  };
}
