"use client";

import { Button } from "@/components/ui/button";

import { DECK_TEXTS as T } from "./texts";

/** "How Your Coach Works" and "About the Insight Cards": one screen, so the cards are one tap away. */
export function CoachExplainer({ onStart }: { onStart: () => void }) {
  return (
    <section aria-labelledby="coach-explainer-title">
      <h2 id="coach-explainer-title" tabIndex={-1} data-step-heading className="font-serif text-3xl font-semibold text-ink">
        {T.howCoachWorks}
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {T.coachPoints.map((point) => (
          <li key={point.title} className="rounded-card bg-white p-4 shadow-card">
            <p className="font-semibold text-deep-teal-800">{point.title}</p>
            <p className="mt-1 leading-relaxed text-ink-soft">{point.body}</p>
          </li>
        ))}
      </ul>

      <h3 className="mt-8 font-serif text-2xl font-semibold text-ink">{T.aboutCards}</h3>
      <p className="mt-2 leading-relaxed text-ink-soft">{T.aboutCardsIntro}</p>
      <ul className="mt-4 flex flex-col gap-2">
        <li className="flex items-center gap-3 rounded-2xl bg-deep-teal-50 px-4 py-3 text-ink">
          <span aria-hidden className="text-xl font-semibold text-deep-teal-700">
            →
          </span>
          {T.aboutSwipeRight}
        </li>
        <li className="flex items-center gap-3 rounded-2xl bg-cream-100 px-4 py-3 text-ink">
          <span aria-hidden className="text-xl font-semibold text-ink-soft">
            ←
          </span>
          {T.aboutSwipeLeft}
        </li>
      </ul>
      <p className="mt-3 text-sm leading-relaxed text-ink-soft">{T.aboutButtons}</p>

      <Button className="mt-6 w-full" onClick={onStart}>
        {T.startSwipingPractice}
      </Button>
    </section>
  );
}
