"use client";

import { useEffect, useRef, useState } from "react";

import type { InsightCard, SwipeAction } from "@/lib/domain/analysis/types";

import { InsightCardView, type Vote } from "./insight-card-view";
import { DECK_TEXTS as T } from "./texts";

/** The first card without a vote, so a reopened deck resumes where it was left; card 0 when every card has one. */
function firstUnvoted(cards: readonly InsightCard[], swipeActions: readonly SwipeAction[]): number {
  const voted = new Set(swipeActions.map((swipe) => swipe.cardIndex));
  const index = cards.findIndex((_, cardIndex) => !voted.has(cardIndex));
  return index === -1 ? 0 : index;
}

/**
 * The stack of insight cards. Each vote is reported, then the deck moves on by one card; after the last card it reports
 * `onFinished` once. Presentational: the parent stores the votes.
 */
export function InsightDeck({
  cards,
  swipeActions,
  tutorial = false,
  onVote,
  onFinished,
}: {
  cards: InsightCard[];
  swipeActions: SwipeAction[];
  tutorial?: boolean;
  onVote: (cardIndex: number, action: Vote) => void;
  onFinished: () => void;
}) {
  const [index, setIndex] = useState(() => firstUnvoted(cards, swipeActions));
  const [announcement, setAnnouncement] = useState("");
  // The card a vote may still be for. A swipe's fly-out reports 300 ms late, after a button may already have voted that
  // card: such a late vote must not count for the card that came next.
  const expected = useRef(index);
  const cardRef = useRef<HTMLElement>(null);
  const focusNextCard = useRef(false);

  useEffect(() => {
    // After an arrow-key vote the voted card is gone; keep the keyboard on the card that replaced it.
    if (!focusNextCard.current) return;
    focusNextCard.current = false;
    cardRef.current?.focus();
  }, [index]);

  function vote(cardIndex: number, action: Vote) {
    if (cardIndex !== expected.current || cardIndex >= cards.length) return;
    expected.current = cardIndex + 1;
    onVote(cardIndex, action);
    const label = action === "helpful" ? T.helpful : T.notHelpful;
    if (cardIndex + 1 >= cards.length) {
      setAnnouncement(`${label}.`);
      onFinished();
      return;
    }
    setAnnouncement(`${label}. ${T.cardOf(cardIndex + 2, cards.length)}`);
    setIndex(cardIndex + 1);
  }

  const card = cards[index];
  if (!card) return null;
  return (
    <div>
      <InsightCardView
        card={card}
        index={index}
        total={cards.length}
        nextCard={cards[index + 1]}
        tutorial={tutorial}
        cardRef={cardRef}
        onVote={(action) => vote(index, action)}
        onKeyVote={(action) => {
          focusNextCard.current = true;
          vote(index, action);
        }}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
