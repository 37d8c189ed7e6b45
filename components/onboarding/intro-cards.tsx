"use client";

import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";
import { SwipeCard } from "@/components/ui/swipe-card";
import { INTRO_CARD_COUNT, introProgress, isLastIntroCard } from "@/lib/domain/onboarding/machine";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { ONBOARDING_TEXTS as T } from "./texts";

/** The five intro cards: swipe left (past 80 px) or Next for the next one, right for the previous; Skip to the tutorial. */
export function IntroCards({ card, onNext, onPrevious, onSkip }: { card: number; onNext: () => void; onPrevious: () => void; onSkip: () => void }) {
  const content = T.introCards[card] ?? T.introCards[0];
  const heading = useRef<HTMLHeadingElement>(null);
  const last = isLastIntroCard(card);

  useEffect(() => {
    // Each card replaces the last: a screen reader hears the new one.
    heading.current?.focus();
  }, [card]);

  return (
    <section aria-label={T.introLabel} className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-6">
      <div className="flex items-center justify-between gap-3">
        <div
          role="progressbar"
          aria-label={T.progressLabel(card + 1, INTRO_CARD_COUNT)}
          aria-valuemin={1}
          aria-valuemax={INTRO_CARD_COUNT}
          aria-valuenow={card + 1}
          className="h-2 flex-1 overflow-hidden rounded-full bg-cream-200"
        >
          <div className="h-full rounded-full bg-deep-teal-700 transition-[width] duration-300" style={{ width: `${introProgress(card) * 100}%` }} />
        </div>
        <Button variant="ghost" className="px-3" onClick={onSkip}>
          {T.skip}
        </Button>
      </div>
      <SwipeCard
        key={card}
        label={content.title}
        commitThreshold={SWIPE_THRESHOLDS.commitDeck}
        onSwipe={(direction) => (direction === "left" ? onNext() : onPrevious())}
        className="min-h-72 p-6"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-soft-tangerine-700">{T.progressLabel(card + 1, INTRO_CARD_COUNT)}</p>
        <h2 ref={heading} tabIndex={-1} className="mt-2 font-serif text-3xl font-semibold leading-tight text-ink outline-none">
          {content.title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{content.body}</p>
        <p className="mt-6 text-sm text-ink-soft">{T.swipeHint}</p>
      </SwipeCard>
      <div className="flex gap-3">
        {card > 0 ? (
          <Button variant="secondary" className="flex-1" onClick={onPrevious}>
            {T.previous}
          </Button>
        ) : null}
        <Button className="flex-1" onClick={onNext}>
          {last ? T.start : T.next}
        </Button>
      </div>
    </section>
  );
}
