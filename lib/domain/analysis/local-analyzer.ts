import { givenName } from "@/lib/domain/speakers/given-name";
import { characterBoundaryFrom, cutText } from "@/lib/domain/text";

import type { TranscriptSegment } from "../transcription/segments";
import { ANALYSIS_DEFAULTS, MUTUAL_GROWTH_DIMENSION } from "./analysis-defaults";
import { DIMENSION_DETAILS, type DimensionDetail } from "./dimensions";
import {
  GROWTH_QUESTIONS,
  INSIGHT_RULES,
  joinNames,
  plural,
  RECOMMENDATIONS,
  type InsightContext,
  type InsightDraft,
  type InsightRule,
  type SpeakerView,
} from "./local-insights";
import {
  APPRECIATION_PHRASES,
  computeConversationMetrics,
  countMatches,
  FEELING_REGEX,
  FEELING_WORDS,
  I_STATEMENT_OPENERS,
  NEGATIVE_MARKERS,
  normalizeText,
  POSITIVE_MARKERS,
  REPAIR_PHRASES,
  splitSentences,
  toTurns,
  VALIDATION_REGEX,
} from "./metrics";
import type { Analysis, InsightCard, MutualGrowthCard } from "./types";

// The analysis when no AI provider is configured (issue 4, "POST /api/analyze"): computed from the conversation metrics,
// with cards from the curated insights in local-insights.ts. No randomness and no clock: the same transcript always gives
// the same analysis, so a retry or a test sees exactly what the user saw.

/** Saved as the analysis' promptVersion, so a session shows which curated set wrote it. */
const LOCAL_ANALYZER_VERSION = "offline/2026-11-22";
const MIN_LOCAL_CARDS = 4;
const MAX_QUOTE_CHARS = 100;
const MAX_BRIEF_SUMMARY_CHARS = 60;
export const OFFLINE_NOTE =
  "_Offline analysis: computed on this app's own server from the patterns of your conversation (talk time, turns, questions and word choices), without an AI model._";

export type LocalAnalysisInput = { segments: TranscriptSegment[]; speakerNames?: Record<string, string> };

type Chosen = { dimension: DimensionDetail; rule: InsightRule; draft: InsightDraft };

export function analyzeLocally({ segments, speakerNames = {} }: LocalAnalysisInput): Analysis {
  const ctx = buildContext(segments, speakerNames);
  const chosen: Chosen[] = DIMENSION_DETAILS.map((dimension) => {
    // The last rule of every dimension always applies.
    const rule = INSIGHT_RULES[dimension.id].find((candidate) => candidate.applies(ctx))!;
    return { dimension, rule, draft: rule.write(ctx) };
  });

  // Every card resting on this conversation's numbers is shown; generic ones only fill up to the minimum.
  const specific = chosen.filter((entry) => !entry.rule.generic);
  const fillers = chosen.filter((entry) => entry.rule.generic).slice(0, Math.max(0, MIN_LOCAL_CARDS - specific.length));
  const shown = chosen.filter((entry) => specific.includes(entry) || fillers.includes(entry));

  // Weakest first: growth cards by their weight, strengths last; ties keep deck order. Alone, there are no turns to take.
  const solo = ctx.speakers.length < 2;
  const weakest = [...chosen].filter((entry) => !(solo && entry.dimension.id === "timing")).sort((a, b) => weightOf(b) - weightOf(a));
  const strengths = chosen.filter((entry) => entry.draft.tone === "strength");

  return {
    cards: shown.map(toCard),
    coachResponse: coachResponse(ctx, shown, weakest),
    briefSummary: briefSummary(segments, ctx.speakers),
    recommendations: weakest.slice(0, 3).map((entry) => RECOMMENDATIONS[entry.dimension.id]),
    encouragement: encouragement(ctx, strengths.length),
    mutualGrowthCard: mutualGrowthCard(ctx, weakest[0]!.dimension),
    metrics: ctx.metrics,
    source: "offline",
    promptVersion: LOCAL_ANALYZER_VERSION,
  };
}

const weightOf = (entry: Chosen) => (entry.draft.tone === "strength" ? 0 : entry.rule.weight);

function toCard({ dimension, draft }: Chosen): InsightCard {
  const evidence = [...new Set(draft.evidence.filter((quote) => quote.trim() !== ""))].slice(0, 2);
  return {
    dimension: dimension.title,
    insight: draft.insight,
    tips: draft.tips.slice(0, 3),
    color: dimension.color,
    icon: dimension.icon,
    ...(evidence.length > 0 ? { evidence } : {}),
  };
}

// ---- context -------------------------------------------------------------------------------------------------------

/** The given name, else "Speaker 1" for SPEAKER_01 (the spec's suggested-name rule), else the id. */
export function speakerName(id: string, speakerNames: Record<string, string>): string {
  const given = givenName(speakerNames, id)?.trim();
  if (given) return given;
  const numbered = /^SPEAKER_(\d+)$/.exec(id);
  return numbered ? `Speaker ${Number(numbered[1])}` : id;
}

// Frequent English words: if too few of a transcript's words are among them, it is probably in another language and the
// English phrase lists finding nothing says nothing about the conversation.
const COMMON_ENGLISH = new Set(
  "the and you i to a it is that of in we me my was for on but not this have just so what do be are with i'm it's don't your can about like know think feel want really if".split(
    " ",
  ),
);
const ENGLISH_SHARE = 0.2;

type Sentence = { speaker: string; text: string; norm: string };

function buildContext(segments: TranscriptSegment[], speakerNames: Record<string, string>): InsightContext {
  const metrics = computeConversationMetrics(segments);
  const speakers: SpeakerView[] = Object.entries(metrics.speakers).map(([id, speakerMetrics]) => ({
    id,
    name: speakerName(id, speakerNames),
    metrics: speakerMetrics,
  }));
  const turns = toTurns(segments);
  const ordered = turns.flatMap((turn) => turn.segments);
  const sentences: Sentence[] = ordered.flatMap((segment) =>
    splitSentences(segment.text).map((text) => ({ speaker: segment.speaker, text, norm: normalizeText(text) })),
  );
  const allText = normalizeText(ordered.map((segment) => segment.text).join("\n"));
  const words = allText.match(/[\p{L}']+/gu) ?? [];
  const english = words.length > 0 && words.filter((word) => COMMON_ENGLISH.has(word)).length / words.length >= ENGLISH_SHARE;

  const of = (speakerIds?: string[]) => sentences.filter((sentence) => !speakerIds || speakerIds.includes(sentence.speaker));
  const distinct = (quotes: string[], max: number) => [...new Set(quotes)].slice(0, max);
  const firstSentence = (text: string) => splitSentences(text)[0];

  return {
    metrics,
    speakers,
    everyone: joinNames(speakers.map((speaker) => speaker.name)),
    turns,
    totalWords: speakers.reduce((sum, speaker) => sum + speaker.metrics.words, 0),
    feelingWords: countMatches(allText, FEELING_REGEX),
    validations: countMatches(allText, VALIDATION_REGEX),
    english,
    total: (key) => speakers.reduce((sum, speaker) => sum + speaker.metrics[key], 0),
    quotes: (regex, speakerIds, max = 2) =>
      distinct(
        of(speakerIds)
          .filter((sentence) => countMatches(sentence.norm, regex) > 0)
          .map((sentence) => shortenQuote(sentence.text, sentence.norm.search(regex))),
        max,
      ),
    samples: (speakerIds, max = 2) => {
      const ids = speakerIds ?? speakers.map((speaker) => speaker.id);
      const picks = ids.flatMap((id) => {
        const own = of([id]);
        const pick = own.find((sentence) => wordCount(sentence.text) >= 6 && wordCount(sentence.text) <= 25) ?? own[0];
        return pick ? [shortenQuote(pick.text, 0)] : [];
      });
      return distinct(picks, max);
    },
    phrasesUsed: (regex, speakerId) => [
      ...new Set(of([speakerId]).flatMap((sentence) => (sentence.norm.match(regex) ?? []).map((phrase) => phrase.replace(/\s+/g, " ")))),
    ],
    interruptionQuotes: (max = 2) =>
      distinct(
        turns
          .filter((turn) => turn.interrupts)
          .flatMap((turn) => {
            const text = turn.segments.map((segment) => firstSentence(segment.text)).find((sentence) => sentence !== undefined);
            return text ? [shortenQuote(text, 0)] : [];
          }),
        max,
      ),
    longestTurnQuote: (speakerId) => {
      const own = turns.filter((turn) => turn.speaker === speakerId);
      const longest = own.reduce<(typeof own)[number] | undefined>(
        (best, turn) => (!best || turn.end - turn.start > best.end - best.start ? turn : best),
        undefined,
      );
      const text = longest?.segments.map((segment) => firstSentence(segment.text)).find((sentence) => sentence !== undefined);
      return text ? [shortenQuote(text, 0)] : [];
    },
  };
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A quote stays a verbatim substring of what was said (so it can be found in the transcript); a long sentence is cut to a
 * window of whole words around the matched phrase instead of being paraphrased.
 */
function shortenQuote(sentence: string, matchIndex: number): string {
  if (sentence.length <= MAX_QUOTE_CHARS) return sentence;
  // Where there is no space to cut at, the cut still falls between whole characters: half an emoji is not what was said,
  // and PostgreSQL's jsonb refuses it.
  let start = Math.max(0, Math.min(matchIndex, sentence.length) - 30);
  if (start > 0) start = sentence.indexOf(" ", start) + 1 || characterBoundaryFrom(sentence, start);
  const rest = sentence.slice(start);
  const window = cutText(rest, MAX_QUOTE_CHARS);
  if (window.length === rest.length || rest[window.length] === " ") return window.trim();
  const lastSpace = window.lastIndexOf(" ");
  return (lastSpace > 0 ? window.slice(0, lastSpace) : window).trim();
}

// ---- texts around the cards ----------------------------------------------------------------------------------------

/** Names and quotes are the speakers' words: escaped so they cannot become markdown (links, headings, emphasis). */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]()<>#|~!])/g, "\\$1");
}

function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} seconds`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

function overview(ctx: InsightContext): string {
  if (ctx.speakers.length === 0 || ctx.totalWords === 0) {
    return "There was too little in this recording to measure much yet. A longer conversation will give a fuller picture.";
  }
  const { metrics } = ctx;
  const duration = metrics.durationSeconds > 0 ? ` for ${formatDuration(metrics.durationSeconds)}` : "";
  const lines = [`${ctx.everyone} ${ctx.speakers.length > 1 ? "talked" : "spoke"}${duration}, in ${plural(metrics.totalTurns, "turn")}.`];
  if (ctx.speakers.length > 1) {
    lines.push(`Talking time: ${joinNames(ctx.speakers.map((speaker) => `${speaker.name} about ${Math.round(speaker.metrics.talkShare * 100)}%`))}.`);
    lines.push(
      `There ${ctx.total("questions") === 1 ? "was" : "were"} ${plural(ctx.total("questions"), "question")} and ${plural(metrics.overlaps, "moment")} of talking over each other.`,
    );
  } else {
    lines.push(`There ${ctx.total("questions") === 1 ? "was" : "were"} ${plural(ctx.total("questions"), "question")} along the way.`);
  }
  const positives = ctx.total("positiveMarkers");
  const negatives = ctx.total("negativeMarkers");
  if (positives + negatives > 0) lines.push(`We counted ${plural(positives, "warm moment")} and ${plural(negatives, "sharp one")}.`);
  return lines.join(" ");
}

function coachResponse(ctx: InsightContext, shown: Chosen[], weakest: Chosen[]): string {
  const solo = ctx.speakers.length < 2;
  const wentWell = shown.flatMap((entry) => (entry.draft.tone === "strength" && entry.draft.wentWell ? [entry.draft.wentWell] : [])).slice(0, 3);
  // The first tip of the cards that most need attention, weakest first.
  const toTry = weakest
    .filter((entry) => shown.includes(entry) && entry.draft.tone !== "strength")
    .flatMap((entry) => entry.draft.tips.slice(0, 1))
    .slice(0, 3);
  const bullets = (lines: string[]) => lines.map((line) => `- ${escapeMarkdown(line)}`).join("\n");
  return [
    "### How the conversation went",
    escapeMarkdown(overview(ctx)),
    "",
    "### What went well",
    bullets(
      wentWell.length > 0
        ? wentWell
        : [solo ? "You made time to reflect on something that matters to you." : "You made time to talk about something that matters to you both."],
    ),
    "",
    "### To try next time",
    bullets(toTry.length > 0 ? toTry : weakest.slice(0, 1).map((entry) => RECOMMENDATIONS[entry.dimension.id])),
    "",
    OFFLINE_NOTE,
  ].join("\n");
}

function encouragement(ctx: InsightContext, strengths: number): string {
  const text =
    strengths >= 2
      ? "You already do a lot right. Keep making time for conversations like this one."
      : "Talking about this at all is a step forward. Small changes, practised often, add up.";
  return ctx.everyone ? `${ctx.everyone}, ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

function mutualGrowthCard(ctx: InsightContext, focus: DimensionDetail): MutualGrowthCard {
  const who = ctx.everyone ? `${ctx.everyone}, you` : "You";
  const goal = ctx.speakers.length === 1 ? "one goal to bring to your partner" : "one shared goal";
  return {
    dimension: MUTUAL_GROWTH_DIMENSION,
    insight: `${who} took the time to talk this through. Pick ${goal} from it, and let ${focus.title} be the skill you grow in together next.`,
    tips: [
      "What would a good outcome of this conversation look like for each of us?",
      "What is one small step we can each take this week?",
      GROWTH_QUESTIONS[focus.id],
    ],
    icon: "sparkles",
    color: "soft-tangerine",
  };
}

// Words that say how people talk, not what about: left out of the topic line.
const STOP_WORDS = new Set([
  ...`about after again also always anything around back because been before being both came come could didn't does doesn't
  doing done don't down each even ever every from going gonna good got great have haven't here into isn't it's just know
  last let's like little look made make maybe mean more most much need never next nothing okay only other over really
  right said same should since some something still sure take talk talking tell than that that's their them then there
  there's these they they're thing things think this those through time today told very want wanted wasn't well we're
  were what what's when where which while will with won't would yeah yes you're your yours i'm i've i'd i'll you've
  you'll we'll honestly actually probably basically literally anyway though already sounds seems seemed kind sort stuff
  everyone someone somewhere anyone nobody people guess getting trying saying looking better sometimes usually enough
  another without gotta wanna`.split(/\s+/),
  ...[FEELING_WORDS, I_STATEMENT_OPENERS, APPRECIATION_PHRASES, REPAIR_PHRASES, POSITIVE_MARKERS, NEGATIVE_MARKERS].flatMap((list) =>
    list.flatMap((phrase) => phrase.split(" ")),
  ),
]);

/** The topic in a few words: the most frequent meaningful words (used at least twice), most frequent first. */
function briefSummary(segments: TranscriptSegment[], speakers: SpeakerView[]): string {
  const names = new Set(speakers.flatMap((speaker) => normalizeText(speaker.name).split(/\s+/)));
  const counts = new Map<string, number>();
  for (const segment of segments) {
    for (const word of normalizeText(segment.text).match(/[\p{L}']+/gu) ?? []) {
      if (word.length >= 4 && !STOP_WORDS.has(word) && !names.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  // Map keeps first-use order, and sort is stable: ties go to the word used first.
  const topics = [...counts]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word);
  let summary = "";
  for (let take = Math.min(3, topics.length); take >= 1; take--) {
    const chosen = topics.slice(0, take);
    const line = joinNames(chosen);
    summary = `${line.charAt(0).toUpperCase()}${line.slice(1)}`;
    if (summary.length <= MAX_BRIEF_SUMMARY_CHARS) return summary;
  }
  return summary ? cutText(summary, MAX_BRIEF_SUMMARY_CHARS) : ANALYSIS_DEFAULTS.briefSummary;
}
