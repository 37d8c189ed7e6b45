"use client";

import { useState } from "react";

import { CardIconView } from "@/components/deck/card-icons";
import { EvidenceQuotes } from "@/components/evidence/evidence-quotes";
import { Button } from "@/components/ui/button";
import { FullScreenOverlay } from "@/components/ui/full-screen-overlay";
import { visibleTips } from "@/lib/domain/analysis/intake";
import type { InsightCard } from "@/lib/domain/analysis/types";

import type { Vote } from "./session-detail";
import { SESSION_DETAIL_TEXTS as T } from "./texts";

/**
 * The alternate review screen "Relationship Insights" (spec part 2 section 2), opened from the speaker analysis: one card
 * at a time with its tips, Not Helpful / Helpful, and Skip / Next / Done. A vote is kept and shown. Moving on votes as the
 * deck's swipes do (spec part 2 section 4: Next = helpful, Skip = unhelpful) for a card not voted yet; a card voted with
 * the buttons keeps its vote.
 */
export function InsightsReview({
  cards,
  votes,
  onVote,
  onClose,
}: {
  cards: readonly InsightCard[];
  votes: Readonly<Record<number, Vote>>;
  onVote?: (cardIndex: number, action: Vote) => void;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(0);
  const card = cards[index];
  if (!card) return null;
  const last = index === cards.length - 1;
  const tips = visibleTips(card);
  const vote = votes[index];
  const moveOn = (implied: Vote) => {
    if (vote === undefined) onVote?.(index, implied);
    if (last) onClose();
    else setIndex(index + 1);
  };

  return (
    <FullScreenOverlay open onOpenChange={(open) => (open ? undefined : onClose())} title={T.relationshipInsights}>
      <p className="text-sm text-ink-soft" aria-live="polite">
        {T.reviewPosition(index + 1, cards.length)}
      </p>
      <article key={index} aria-labelledby={`review-card-${index}`} className="mt-3 rounded-card bg-white p-5 shadow-card">
        <div className="flex items-center gap-3">
          <CardIconView icon={card.icon} className="h-7 w-7 shrink-0 text-deep-teal-700" />
          <h3 id={`review-card-${index}`} className="font-serif text-2xl font-semibold text-ink">
            {card.dimension}
          </h3>
        </div>
        <p dir="auto" className="mt-4 leading-relaxed text-ink wrap-anywhere">
          {card.insight}
        </p>
        {tips.length > 0 ? (
          <>
            <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-deep-teal-800">{T.tips}</h4>
            <ul className="mt-2 flex flex-col gap-2">
              {tips.map((tip) => (
                <li key={tip} dir="auto" className="rounded-2xl bg-cream-100 px-4 py-3 leading-relaxed text-ink wrap-anywhere">
                  {tip}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <EvidenceQuotes card={card} headingLevel={4} />
      </article>

      {onVote ? (
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Button variant="secondary" aria-pressed={vote === "unhelpful"} onClick={() => onVote(index, "unhelpful")}>
            {T.notHelpful}
          </Button>
          <Button aria-pressed={vote === "helpful"} onClick={() => onVote(index, "helpful")}>
            {T.helpful}
          </Button>
        </div>
      ) : null}

      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="ghost" onClick={() => moveOn("unhelpful")}>
          <span aria-hidden>←</span>
          {T.skip}
        </Button>
        <Button variant="secondary" onClick={() => moveOn("helpful")}>
          {last ? T.done : T.next}
          <span aria-hidden>→</span>
        </Button>
      </div>
    </FullScreenOverlay>
  );
}
