"use client";

import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { DialogClose, FullScreenOverlay } from "@/components/ui/full-screen-overlay";
import { SwipeCard } from "@/components/ui/swipe-card";
import { wrapIndex } from "@/lib/domain/guides/guide-deck";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { CONVERSATION_GUIDES, GUIDES_TEXTS as T, type ConversationGuideCard, type GuideColor } from "./texts";

/** Opening during a recording announces the intro and the first card after this long (spec part 2 section 2). */
const ANNOUNCE_DELAY_MS = 500;

const ACCENTS: Record<GuideColor, string> = {
  "deep-teal": "bg-deep-teal-700 text-white",
  sunflower: "bg-sunflower-100 text-sunflower-700",
  "soft-tangerine": "bg-soft-tangerine-100 text-soft-tangerine-700",
  "soft-brown": "bg-soft-brown-100 text-soft-brown-700",
};

/**
 * The eight conversation guides as a swipeable deck, Previous / Next wrapping around. In Solo Journal a guide can be
 * chosen for the coach; in Relationship mode they are conversation starters and there is nothing to choose.
 */
export function GuidesOverlay({
  open,
  onOpenChange,
  recording,
  canChoose,
  chosenHeadline,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recording: boolean;
  /** Solo Journal: the card offers "Talk about this". */
  canChoose: boolean;
  chosenHeadline: string | null;
  onChoose: (guide: ConversationGuideCard) => void;
}) {
  const [index, setIndex] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  // Each opening starts at the first guide (spec part 2 section 2: "an intro plus the first card"). The overlay stays
  // mounted once opened, and Radix reports no opening it did not start itself, so the reset follows `open` here, as the
  // render that opens it (no frame shows the guide left last time).
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setIndex(0);
      // The live region named the guide left last time.
      setAnnouncement("");
    }
  }
  const guide = CONVERSATION_GUIDES[index]!;
  // Set by Previous, Next or a swipe: the guide that comes is said, since focus stays on the button below the card.
  const moved = useRef(false);
  const move = (step: number) => {
    moved.current = true;
    setIndex((current) => wrapIndex(current, step, CONVERSATION_GUIDES.length));
  };

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const shown = CONVERSATION_GUIDES[index]!;
    setAnnouncement(T.shown(index, CONVERSATION_GUIDES.length, shown.headline));
  }, [index]);

  useEffect(() => {
    if (!open || !recording) return;
    const timer = window.setTimeout(() => setAnnouncement(T.announce(CONVERSATION_GUIDES[0]!.headline)), ANNOUNCE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setAnnouncement("");
    };
  }, [open, recording]);

  const chosen = chosenHeadline === guide.headline;
  return (
    <FullScreenOverlay open={open} onOpenChange={onOpenChange} title={T.title} description={canChoose ? T.soloIntro : T.intro}>
      <div className="flex flex-col gap-4">
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {recording ? (
          <p className="flex items-center gap-2 self-start rounded-full bg-soft-tangerine-100 px-3 py-1 text-sm font-semibold text-soft-tangerine-700">
            <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-soft-tangerine-700 motion-reduce:animate-none" />
            {T.recordingBadge}
          </p>
        ) : null}

        <SwipeCard
          key={guide.id}
          label={guide.headline}
          commitThreshold={SWIPE_THRESHOLDS.commitDeck}
          onSwipe={(direction) => move(direction === "left" ? 1 : -1)}
        >
          <div className={`rounded-t-card px-5 py-4 ${ACCENTS[guide.color]}`}>
            <p className="text-sm font-semibold">{T.position(index, CONVERSATION_GUIDES.length)}</p>
            <h3 className="mt-1 font-serif text-2xl font-semibold">{guide.headline}</h3>
          </div>
          <div className="px-5 pb-5 pt-4">
            <p className="leading-relaxed text-ink">{guide.subheadline}</p>
            <ul className="mt-4 flex flex-col gap-2" aria-label={T.promptsLabel}>
              {guide.prompts.map((prompt) => (
                <li key={prompt} className="rounded-2xl bg-cream-100 px-4 py-3 text-ink-soft">
                  {prompt}
                </li>
              ))}
            </ul>
          </div>
        </SwipeCard>

        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={() => move(-1)}>
            {T.previous}
          </Button>
          <Button variant="secondary" onClick={() => move(1)}>
            {T.next}
          </Button>
        </div>

        {canChoose ? (
          chosen ? (
            <p className="text-center font-semibold text-deep-teal-800" role="status">
              {recording ? T.chosen : T.chosenBeforeStart}
            </p>
          ) : (
            <Button onClick={() => onChoose(guide)}>{T.choose}</Button>
          )
        ) : (
          <p className="text-center text-sm text-ink-soft">{T.startersNote}</p>
        )}

        <DialogClose asChild>
          <Button variant="ghost">{T.close}</Button>
        </DialogClose>
      </div>
    </FullScreenOverlay>
  );
}
