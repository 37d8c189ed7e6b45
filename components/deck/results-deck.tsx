"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

import { useModalFocus } from "@/lib/client/hooks/use-modal-focus";
import type { Analysis, SessionSummary, SwipeAction } from "@/lib/domain/analysis/types";

import { cardsOrPlaceholder } from "./card-text";
import { CoachExplainer } from "./coach-explainer";
import { CoachResponse } from "./coach-response";
import { CompletionScreen } from "./completion-screen";
import type { Vote } from "./insight-card-view";
import { InsightDeck } from "./insight-deck";
import { SafetyCard } from "./safety-card";
import { DECK_TEXTS as T } from "./texts";
import { TutorialWelcome } from "./tutorial-welcome";

export type DeckStep = "safety" | "welcome" | "coach" | "explainer" | "cards" | "completion";

/** Spec part 2 section 4: complete on opening when asked to, or when every card shown already has a vote. */
export function deckStartsComplete(cardCount: number, swipeActions: readonly SwipeAction[], startAtComplete = false): boolean {
  if (startAtComplete) return true;
  const voted = new Set(swipeActions.map((swipe) => swipe.cardIndex));
  return Array.from({ length: cardCount }, (_, index) => voted.has(index)).every(Boolean);
}

function firstStep(isExample: boolean, complete: boolean, safetyConcern: boolean): DeckStep {
  if (complete) return "completion";
  // Words of danger, self-harm or abuse: where to find help comes before any coaching.
  if (safetyConcern) return "safety";
  return isExample ? "welcome" : "coach";
}

/**
 * The full-screen results flow: (tutorial welcome) → Conversation Summary → explainer → cards → completion. The example
 * session skips the coach summary; a completed session opens at completion. The parent owns the data: it stores votes,
 * generates the summary when told the deck is finished, and saves on finish.
 */
export function ResultsDeck({
  analysis,
  swipeActions,
  isExample = false,
  startAtComplete = false,
  completion,
  onVote,
  onDeckFinished,
  onSetReminder,
  onFinish,
  onClose,
  onShowTranscript,
  onCreateGrowth,
  finishing = false,
  signals,
  returnFocus,
}: {
  analysis: Analysis;
  swipeActions: SwipeAction[];
  isExample?: boolean;
  startAtComplete?: boolean;
  completion: { loading: boolean; summary: SessionSummary | null };
  onVote: (cardIndex: number, action: Vote) => void;
  onDeckFinished: () => void;
  onSetReminder: () => void;
  onFinish: () => void;
  onClose: () => void;
  onShowTranscript?: () => void;
  onCreateGrowth?: () => void;
  finishing?: boolean;
  /** The conversation signals view (issue 17), shown under the completion screen. */
  signals?: ReactNode;
  /** Where focus goes on closing when nothing opened the results (they came after a recording's progress screen). */
  returnFocus?: () => HTMLElement | null;
}) {
  const cards = cardsOrPlaceholder(analysis.cards);
  // The placeholder stands for "no cards": it is shown and can be swiped, but there is no card to store a vote for.
  const placeholderOnly = analysis.cards.length === 0;
  const [step, setStep] = useState<DeckStep>(() =>
    firstStep(isExample, deckStartsComplete(cards.length, swipeActions, startAtComplete), analysis.safety?.concern === true),
  );
  const body = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const noInitialFocus = useRef<HTMLElement>(null);
  // Before the step's focus below, so it sees the opener (a session picked in the history): Tab stays in the results, and
  // closing them gives focus back to that session's button, or to `returnFocus` after a recording. (The step effect
  // focuses the heading.)
  useModalFocus(dialog, noInitialFocus, returnFocus);

  useEffect(() => {
    // Each step replaces the whole screen: start it at the top, with focus on its heading (or on the card).
    if (!body.current) return;
    body.current.scrollTop = 0;
    body.current.querySelector<HTMLElement>("[data-step-heading]")?.focus();
  }, [step]);

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={isExample ? T.tutorialDialogLabel : T.dialogLabel}
      className="fixed inset-0 z-50 flex flex-col bg-cream-50"
    >
      <div className="flex shrink-0 items-center justify-end px-3 pt-[max(0.5rem,env(safe-area-inset-top))]">
        <button
          type="button"
          onClick={onClose}
          aria-label={T.close}
          className="flex h-11 w-11 items-center justify-center rounded-full text-2xl text-ink-soft hover:bg-cream-100"
        >
          <span aria-hidden>×</span>
        </button>
      </div>
      {/* overflow-x-hidden: a card flying out must not widen the page. */}
      <div ref={body} className="flex-1 overflow-y-auto overflow-x-hidden">
        <div className="mx-auto w-full max-w-md px-4 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-1">
          {step === "safety" ? <SafetyCard onContinue={() => setStep(isExample ? "welcome" : "coach")} /> : null}
          {step === "welcome" ? <TutorialWelcome onContinue={() => setStep("explainer")} /> : null}
          {step === "coach" ? <CoachResponse analysis={analysis} onShowTranscript={onShowTranscript} onContinue={() => setStep("explainer")} /> : null}
          {step === "explainer" ? <CoachExplainer onStart={() => setStep("cards")} /> : null}
          {step === "cards" ? (
            <InsightDeck
              cards={cards}
              swipeActions={swipeActions}
              tutorial={isExample}
              onVote={(cardIndex, action) => {
                if (!placeholderOnly) onVote(cardIndex, action);
              }}
              onFinished={() => {
                setStep("completion");
                onDeckFinished();
              }}
            />
          ) : null}
          {step === "completion" ? (
            <CompletionScreen
              variant={isExample ? "tutorial" : "session"}
              loading={completion.loading}
              summary={completion.summary}
              onSetReminder={onSetReminder}
              onFinish={onFinish}
              onShowTranscript={onShowTranscript}
              onCreateGrowth={isExample ? undefined : onCreateGrowth}
              finishing={finishing}
            />
          ) : null}
          {step === "completion" && signals ? <div className="mt-6">{signals}</div> : null}
        </div>
      </div>
    </div>
  );
}
