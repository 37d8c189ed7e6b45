// Display rules for cards and summaries (spec part 2, sections 3, 5 and 9). `visibleTips` and `cardsOrPlaceholder` are
// private copies: lib/domain/analysis/intake.ts, which is to own them, did not exist yet when the deck was written.
import type { InsightCard, SessionSummary } from "@/lib/domain/analysis/types";

import { SUMMARY_DEFAULTS } from "./texts";

export const MAX_VISIBLE_TIPS = 2;
export const MAX_TIP_WORDS = 50;

/** Cuts a text to `maxWords` words plus "..."; shorter texts come back trimmed, unchanged otherwise. */
export function cutToWords(text: string, maxWords: number = MAX_TIP_WORDS): string {
  const words = text.trim().split(/\s+/);
  if (words.length <= maxWords) return text.trim();
  // Trailing punctuation before the ellipsis would read as ",..." or "....".
  return `${words.slice(0, maxWords).join(" ").replace(/[\s,;:.!?-]+$/, "")}...`;
}

/** At most 2 non-blank tips, each cut to 50 words. */
export function visibleTips(card: Pick<InsightCard, "tips">): string[] {
  return (card.tips ?? [])
    .filter((tip) => typeof tip === "string" && tip.trim() !== "")
    .slice(0, MAX_VISIBLE_TIPS)
    .map((tip) => cutToWords(tip));
}

export const PLACEHOLDER_CARD: InsightCard = {
  dimension: "Session Data",
  insight: "There wasn't enough in this conversation for personal insight cards yet. A longer conversation gives your coach more to work with.",
  tips: ["Next time, try talking for a few minutes about one topic that matters to you both."],
  color: "deep-teal",
  icon: "comment",
};

/** A session with no cards still shows one card (spec part 2, section 5). */
export function cardsOrPlaceholder(cards: readonly InsightCard[] | null | undefined): InsightCard[] {
  return cards && cards.length > 0 ? [...cards] : [PLACEHOLDER_CARD];
}

/** The spec's text-length bands (200 and 400 characters) pick the type size, so long insights still fit a phone. */
export function textBand(text: string): "short" | "medium" | "long" {
  if (text.length > 400) return "long";
  if (text.length > 200) return "medium";
  return "short";
}

/** Blank recommendations are dropped in display; with none left the three defaults show (spec part 2, section 5). */
export function summaryForDisplay(summary: SessionSummary | null): { summary: string; recommendations: string[]; encouragement: string } {
  const recommendations = (summary?.recommendations ?? []).filter((item) => typeof item === "string" && item.trim() !== "").map((item) => item.trim());
  return {
    summary: summary?.summary?.trim() || SUMMARY_DEFAULTS.summary,
    recommendations: recommendations.length > 0 ? recommendations : [...SUMMARY_DEFAULTS.recommendations],
    encouragement: summary?.encouragement?.trim() || SUMMARY_DEFAULTS.encouragement,
  };
}
