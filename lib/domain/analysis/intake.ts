import { EMPTY_TRANSCRIPT_MESSAGE } from "./analysis-errors";
import { ANALYSIS_DEFAULTS, mutualGrowthCardOrFallback } from "./analysis-schema";
import type { Analysis, InsightCard } from "./types";

// The browser's checks around POST /api/analyze (spec part 1 section 5) and the card display rules of the deck
// (spec part 2 sections 2, 5 and 9).

const EMPTY_RESPONSE_MESSAGE = "Empty response from server";
const MISSING_ANALYSIS_MESSAGE = "Missing analysis in response";
export const MISSING_CARDS_WARNING = "The analysis had no list of cards; it was treated as empty.";

const MAX_VISIBLE_TIPS = 2;
const MAX_TIP_WORDS = 50;

/** A failed intake check; `message` is one of the spec's texts. */
export class AnalysisIntakeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnalysisIntakeError";
  }
}

/** The spec's message for a transcript that must not be sent, or null when it may be analysed. */
export function checkTranscriptForAnalysis(transcript: unknown): string | null {
  return typeof transcript === "string" && transcript.trim() !== "" ? null : EMPTY_TRANSCRIPT_MESSAGE;
}

/**
 * Reads the body of POST /api/analyze. Throws AnalysisIntakeError for an empty body or one without an analysis; a missing
 * or non-array cards value becomes [] with a warning (the empty deck is reported later as "Analysis Error"). Missing
 * texts get the spec's defaults so screens never show "undefined".
 */
export function readAnalysisResponse(body: unknown): { analysis: Analysis; sessionId: string | null; warnings: string[] } {
  if (body === null || body === undefined || body === "" || (isRecord(body) && Object.keys(body).length === 0))
    throw new AnalysisIntakeError(EMPTY_RESPONSE_MESSAGE);
  if (!isRecord(body) || !isRecord(body.analysis)) throw new AnalysisIntakeError(MISSING_ANALYSIS_MESSAGE);

  const raw = body.analysis;
  const warnings: string[] = [];
  let cards: InsightCard[] = [];
  if (Array.isArray(raw.cards)) cards = raw.cards.filter(isRecord) as InsightCard[];
  else warnings.push(MISSING_CARDS_WARNING);

  const analysis: Analysis = {
    ...(raw as Partial<Analysis>),
    cards,
    coachResponse: textOr(raw.coachResponse, ANALYSIS_DEFAULTS.coachResponse),
    briefSummary: textOr(raw.briefSummary, ANALYSIS_DEFAULTS.briefSummary),
    recommendations: Array.isArray(raw.recommendations)
      ? raw.recommendations.filter((item): item is string => typeof item === "string" && item.trim() !== "")
      : [],
    encouragement: textOr(raw.encouragement, ANALYSIS_DEFAULTS.encouragement),
    mutualGrowthCard: mutualGrowthCardOrFallback(raw.mutualGrowthCard),
    source: raw.source === "offline" ? "offline" : "ai",
  };
  const sessionId = typeof body.sessionId === "string" && body.sessionId !== "" ? body.sessionId : null;
  return { analysis, sessionId, warnings };
}

export const PLACEHOLDER_CARD: InsightCard = {
  dimension: "Session Data",
  insight: "This analysis has no insight cards yet. That can happen with a short conversation; a longer one gives your coach more to work with.",
  tips: [],
  color: "soft-brown",
  icon: "comment",
};

/** A session with no cards still shows one card (spec part 2 section 5). */
export function cardsOrPlaceholder(cards: readonly InsightCard[] | null | undefined): InsightCard[] {
  return Array.isArray(cards) && cards.length > 0 ? [...cards] : [{ ...PLACEHOLDER_CARD, tips: [] }];
}

/** Cuts a tip to 50 words plus "..."; shorter tips come back trimmed. */
export function truncateTip(tip: string, maxWords: number = MAX_TIP_WORDS): string {
  const words = tip.trim().split(/\s+/);
  if (words.length <= maxWords) return tip.trim();
  // Punctuation right before the ellipsis would read as ",..." or "....".
  return `${words
    .slice(0, maxWords)
    .join(" ")
    .replace(/[\s,;:.!?-]+$/, "")}...`;
}

/** What a card shows under "Try this": at most 2 non-blank tips, each cut to 50 words. */
export function visibleTips(card: Pick<InsightCard, "tips">): string[] {
  const tips = Array.isArray(card.tips) ? card.tips : [];
  return tips
    .filter((tip) => typeof tip === "string" && tip.trim() !== "")
    .slice(0, MAX_VISIBLE_TIPS)
    .map((tip) => truncateTip(tip));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value : fallback;
}
