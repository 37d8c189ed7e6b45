"use client";

import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";

import { DECK_TEXTS as T } from "./texts";

/** First step of the example session: what the app does, in 7 steps. */
export function TutorialWelcome({ onContinue }: { onContinue: () => void }) {
  return (
    <section aria-labelledby="tutorial-welcome-title">
      <h2 id="tutorial-welcome-title" tabIndex={-1} data-step-heading className="font-serif text-3xl font-semibold text-ink">
        {T.welcomeTutorial}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">{T.welcomeIntro}</p>
      <SectionCard title={T.howItWorks} headingLevel={3} className="mt-5">
        <ol className="mt-3 flex flex-col gap-3">
          {T.tutorialSteps.map((step, index) => (
            <li key={step} className="flex gap-3 leading-relaxed text-ink">
              <span
                aria-hidden
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-deep-teal-50 text-sm font-semibold text-deep-teal-700"
              >
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </SectionCard>
      <Button className="mt-6 w-full" onClick={onContinue}>
        {T.continueToAnalysis}
      </Button>
    </section>
  );
}
