import { normalizeQuote } from "@/lib/domain/signals/labels";
import type { TranscriptSegment } from "@/lib/domain/transcription/segments";

import type { EvidenceQuote, InsightCard } from "./types";

// Every quote on an insight card must be something that was said (issue 11, "Evidence you can check"). A quote is found in
// the segments, gets the time it was said, and a tap on it opens the transcript there; a quote that cannot be found is
// dropped, because a card must never put words in someone's mouth.

/** Consecutive segments of one speaker searched together, for a quote that runs across a segment break. */
const MAX_JOINED_SEGMENTS = 3;

/** The comparable form of a quote: normalised like the signal labels, without the quotation marks or "…" a model adds. */
export function comparableQuote(text: string): string {
  return normalizeQuote(text)
    .replace(/^["'`«»\s]+|["'`«»\s]+$/g, "")
    .replace(/^(?:\.\.\.|…)\s*|\s*(?:\.\.\.|…)$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Where a quote was said: the first segment (or run of one speaker's consecutive segments) holding it; null when nowhere. */
export function locateQuote(quote: string, segments: readonly TranscriptSegment[]): EvidenceQuote | null {
  const wanted = comparableQuote(quote);
  if (wanted === "") return null;
  const normalized = segments.map((segment) => normalizeQuote(segment.text));
  // One segment first, so a quote is timed at the segment that says it rather than at an earlier one it was joined to.
  for (let span = 1; span <= MAX_JOINED_SEGMENTS; span += 1) {
    for (let first = 0; first + span <= segments.length; first += 1) {
      const run = segments.slice(first, first + span);
      if (run.some((segment) => segment.speaker !== run[0]!.speaker)) continue;
      if (
        normalized
          .slice(first, first + span)
          .join(" ")
          .includes(wanted)
      ) {
        return { text: quote.trim(), speaker: run[0]!.speaker, start: run[0]!.start, end: run[span - 1]!.end };
      }
    }
  }
  return null;
}

export type AnchoredCards = { cards: InsightCard[]; droppedQuotes: number };

/**
 * Gives each card's quotes their times (`quotes`) and keeps in `evidence` only the quotes that were found. A card whose
 * quotes were all invented keeps its insight but shows no quotes. Without segments there is nothing to check against and
 * the cards are returned unchanged.
 */
export function anchorEvidence(cards: readonly InsightCard[], segments: readonly TranscriptSegment[]): AnchoredCards {
  if (segments.length === 0) return { cards: [...cards], droppedQuotes: 0 };
  let droppedQuotes = 0;
  const anchored = cards.map((card) => {
    // Quotes from an earlier anchoring are found again rather than trusted.
    const { evidence } = card;
    const rest: InsightCard = { ...card };
    delete rest.evidence;
    delete rest.quotes;
    if (!evidence || evidence.length === 0) return rest;
    const found = evidence.flatMap((quote) => {
      const anchor = locateQuote(quote, segments);
      if (!anchor) droppedQuotes += 1;
      return anchor ? [anchor] : [];
    });
    return found.length > 0 ? { ...rest, evidence: found.map((quote) => quote.text), quotes: found } : rest;
  });
  return { cards: anchored, droppedQuotes };
}

/** The quotes of a card read back from storage (a device or an older session): well-formed ones only. */
export function readEvidence(card: Record<string, unknown>): Pick<InsightCard, "evidence" | "quotes"> {
  const evidence = Array.isArray(card.evidence) ? card.evidence.filter((quote): quote is string => typeof quote === "string" && quote.trim() !== "") : [];
  const quotes = Array.isArray(card.quotes)
    ? card.quotes.filter(
        (quote): quote is EvidenceQuote =>
          typeof quote === "object" &&
          quote !== null &&
          typeof quote.text === "string" &&
          typeof quote.speaker === "string" &&
          Number.isFinite(quote.start) &&
          Number.isFinite(quote.end),
      )
    : [];
  return { ...(evidence.length > 0 ? { evidence } : {}), ...(quotes.length > 0 ? { quotes } : {}) };
}
