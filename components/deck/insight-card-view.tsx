"use client";

import { useId, type KeyboardEvent, type Ref } from "react";

import { EvidenceQuotes } from "@/components/evidence/evidence-quotes";
import { Button } from "@/components/ui/button";
import { SwipeCard } from "@/components/ui/swipe-card";
import type { InsightCard, SwipeAction } from "@/lib/domain/analysis/types";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { cardAccent } from "./card-accent";
import { CardIconView } from "./card-icons";
import { textBand, visibleTips } from "./card-text";
import { DECK_TEXTS as T } from "./texts";

export type Vote = SwipeAction["action"];

const INSIGHT_SIZE = { short: "text-lg", medium: "text-base", long: "text-[0.95rem]" } as const;

/**
 * One insight card with its progress bar and vote buttons. Right swipe, → key or "Helpful" = helpful; left swipe, ← key or
 * "Dismiss" = unhelpful. Only the swipeable part is keyed by the card index: it starts fresh for every card, while the
 * buttons stay mounted so keyboard focus on them survives the vote.
 */
export function InsightCardView({
  card,
  index,
  total,
  nextCard,
  tutorial = false,
  onVote,
  onKeyVote,
  cardRef,
}: {
  card: InsightCard;
  /** 0-based. */
  index: number;
  total: number;
  /** Peeks behind the card, decorative. */
  nextCard?: InsightCard;
  tutorial?: boolean;
  onVote: (vote: Vote) => void;
  /** A vote by arrow key, so the deck can put focus on the card that follows. */
  onKeyVote?: (vote: Vote) => void;
  cardRef?: Ref<HTMLElement>;
}) {
  const titleId = useId();
  const hintId = useId();
  const accent = cardAccent(card.color);
  const tips = visibleTips(card);
  const position = index + 1;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    (onKeyVote ?? onVote)(event.key === "ArrowRight" ? "helpful" : "unhelpful");
  }

  return (
    <div>
      <div className="flex items-center justify-between text-sm text-ink-soft">
        <span>{T.cardOf(position, total)}</span>
        {tutorial ? <span className="rounded-full bg-sunflower-100 px-3 py-1 text-xs font-semibold text-sunflower-700">{T.tutorialPractice}</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={T.cardOf(position, total)}
        aria-valuetext={T.cardOf(position, total)}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={position}
        className="mt-2 h-2 overflow-hidden rounded-full bg-cream-200"
      >
        <div className="h-full rounded-full bg-deep-teal-700 transition-[width] duration-300" style={{ width: `${(position / total) * 100}%` }} />
      </div>
      {tutorial ? <p className="mt-3 text-sm leading-relaxed text-ink-soft">{T.tutorialPracticeHint}</p> : null}

      <div className="relative mt-5">
        {nextCard ? <NextCardPreview card={nextCard} /> : null}
        <SwipeCard
          key={index}
          label={card.dimension}
          commitThreshold={SWIPE_THRESHOLDS.commitDeck}
          onSwipe={(direction) => onVote(direction === "right" ? "helpful" : "unhelpful")}
          className="relative z-10 overflow-hidden"
        >
          <div aria-hidden className={`h-2 ${accent.bar}`} />
          <article
            ref={cardRef}
            tabIndex={0}
            aria-labelledby={titleId}
            aria-describedby={hintId}
            data-step-heading
            onKeyDown={onKeyDown}
            className="rounded-b-card p-5"
          >
            <div className="flex items-center gap-3">
              <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${accent.badge}`}>
                <CardIconView icon={card.icon} />
              </span>
              <h2 id={titleId} className="font-serif text-2xl font-semibold text-ink">
                {card.dimension}
              </h2>
            </div>
            <p dir="auto" className={`mt-4 leading-relaxed text-ink wrap-anywhere ${INSIGHT_SIZE[textBand(card.insight)]}`}>
              {card.insight}
            </p>

            {tips.length > 0 ? (
              <div className="mt-5">
                <h3 className={`text-sm font-semibold uppercase tracking-wide ${accent.text}`}>{T.tryThis}</h3>
                <ul className="mt-2 flex flex-col gap-2">
                  {tips.map((tip) => (
                    <li key={tip} dir="auto" className="rounded-2xl bg-cream-100 px-4 py-3 leading-relaxed text-ink wrap-anywhere">
                      {tip}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <EvidenceQuotes card={card} />
            <p id={hintId} className="sr-only">
              {T.keyboardHint}
            </p>
          </article>
        </SwipeCard>
      </div>

      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => onVote("unhelpful")}>
          <span aria-hidden>←</span>
          {T.dismiss}
        </Button>
        <Button onClick={() => onVote("helpful")}>
          {T.helpful}
          <span aria-hidden>→</span>
        </Button>
      </div>
    </div>
  );
}

/** The following card, offset behind the current one; fully visible while the current card flies out. */
function NextCardPreview({ card }: { card: InsightCard }) {
  const accent = cardAccent(card.color);
  return (
    <div
      aria-hidden
      data-testid="next-card-preview"
      className="absolute inset-0 translate-y-3 scale-[0.96] overflow-hidden rounded-card bg-white/80 shadow-card"
    >
      <div className={`h-2 ${accent.bar}`} />
      <div className="p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft">{T.nextCard}</p>
        <div className="mt-2 flex items-center gap-3">
          <span className={`flex h-11 w-11 items-center justify-center rounded-full ${accent.badge}`}>
            <CardIconView icon={card.icon} />
          </span>
          <span className="font-serif text-2xl font-semibold text-ink">{card.dimension}</span>
        </div>
      </div>
    </div>
  );
}
