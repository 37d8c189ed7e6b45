// Display rules for cards and summaries (spec part 2, sections 3, 5 and 9). The card and recommendation rules themselves
// live in lib/domain/analysis (intake.ts, summary.ts); this file only adds what is about display.
import { cleanRecommendations } from "@/lib/domain/analysis/summary";
import type { SessionSummary } from "@/lib/domain/analysis/types";
import { markdownToPlainText } from "@/lib/domain/history/markdown-text";

import { SUMMARY_DEFAULTS } from "./texts";

export { PLACEHOLDER_CARD, cardsOrPlaceholder, visibleTips } from "@/lib/domain/analysis/intake";

/** The spec's text-length bands (200 and 400 characters) pick the type size, so long insights still fit a phone. */
export function textBand(text: string): "short" | "medium" | "long" {
  if (text.length > 400) return "long";
  if (text.length > 200) return "medium";
  return "short";
}

/**
 * Blank recommendations are dropped in display; with none left the three defaults show (spec part 2, section 5). The
 * summary and encouragement stay markdown (the screen renders it); a recommendation is one line of a numbered list, so
 * its markdown marks are dropped.
 */
export function summaryForDisplay(summary: SessionSummary | null): { summary: string; recommendations: string[]; encouragement: string } {
  return {
    summary: summary?.summary?.trim() || SUMMARY_DEFAULTS.summary,
    recommendations: cleanRecommendations(summary?.recommendations).map((item) => markdownToPlainText(item).trim()),
    encouragement: summary?.encouragement?.trim() || SUMMARY_DEFAULTS.encouragement,
  };
}
