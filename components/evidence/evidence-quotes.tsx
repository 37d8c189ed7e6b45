"use client";

import type { InsightCard } from "@/lib/domain/analysis/types";

import { EVIDENCE_TEXTS as T } from "./texts";
import { useOpenTranscriptAt } from "./transcript-focus";

/**
 * The quotes an insight rests on, each with the time it was said; a tap opens the transcript there. Cards analysed before
 * quotes were timed show their plain quotes.
 */
export function EvidenceQuotes({ card, headingLevel = 3 }: { card: InsightCard; headingLevel?: 3 | 4 | 5 }) {
  const openAt = useOpenTranscriptAt();
  const timed = card.quotes ?? [];
  const plain = timed.length > 0 ? [] : (card.evidence ?? []).filter((quote) => quote.trim() !== "");
  if (timed.length === 0 && plain.length === 0) return null;
  const Heading = headingLevel === 3 ? "h3" : headingLevel === 4 ? "h4" : "h5";

  return (
    <div className="mt-5">
      <Heading className="text-xs font-semibold text-ink-soft">{T.fromConversation}</Heading>
      <ul className="mt-1 flex flex-col gap-1">
        {timed.map((quote) => (
          <li key={`${quote.start}-${quote.text}`}>
            {openAt ? (
              <button
                type="button"
                onClick={() => openAt(quote.start)}
                className="flex min-h-11 w-full items-baseline gap-2 rounded-xl px-2 py-1 text-left text-sm leading-relaxed text-ink-soft hover:bg-cream-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700"
              >
                <span className="sr-only">{T.openAtPrefix}</span>
                <span className="shrink-0 text-xs font-semibold tabular-nums text-deep-teal-800 underline underline-offset-2">{T.time(quote.start)}</span>{" "}
                <q dir="auto" className="min-w-0 italic wrap-anywhere">
                  {quote.text}
                </q>
              </button>
            ) : (
              <p className="flex items-baseline gap-2 px-2 py-1 text-sm italic leading-relaxed text-ink-soft">
                <span className="shrink-0 text-xs font-semibold not-italic tabular-nums">{T.time(quote.start)}</span>
                <q dir="auto" className="min-w-0 wrap-anywhere">
                  {quote.text}
                </q>
              </p>
            )}
          </li>
        ))}
        {plain.map((quote) => (
          <li key={quote} className="px-2 text-sm italic leading-relaxed text-ink-soft">
            <q>{quote}</q>
          </li>
        ))}
      </ul>
    </div>
  );
}
