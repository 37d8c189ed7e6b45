"use client";

import { useEffect, useState } from "react";

import { CaptureStatus } from "@/components/recording/capture-status";
import { READINESS_COUNTDOWN_SECONDS, READINESS_TEXTS } from "@/components/recording/texts";
import { Button } from "@/components/ui/button";
import { SwipeCard } from "@/components/ui/swipe-card";
import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { SOLO_TEXTS as T } from "./texts";

type Step = "waiting" | "counting" | "recording";

/**
 * "Journal Readiness" (spec part 1 sections 2 and 4): Skip / Start; Start runs the 3-2-1 countdown (choices off, the coach's
 * greeting starting with it) and recording begins at 0; then Stop / Continue. Right swipe is the positive choice, left the
 * negative one, past 100 px.
 */
export function JournalReadinessCard({
  capturing,
  onCountdownStart,
  onCountdownEnd,
  onContinue,
  onNotReady,
}: {
  /** The microphone is open: "Recording..." shows from then on, "Starting the microphone…" before. */
  capturing: boolean;
  onCountdownStart: () => void;
  onCountdownEnd: () => void;
  onContinue: () => void;
  onNotReady: () => void;
}) {
  const [remaining, setRemaining] = useState<number | null>(null);
  const step: Step = remaining === null ? "waiting" : remaining > 0 ? "counting" : "recording";
  const counting = step === "counting";
  // Opened from the record button: focus comes into the card, stays in it, and goes back to the record button after.
  const { dialogProps, titleProps, title } = useModalScreen({ titleId: "journal-readiness-title" });

  useEffect(() => {
    if (remaining === null) return;
    if (remaining === 0) {
      onCountdownEnd();
      return;
    }
    const timer = window.setTimeout(() => setRemaining((value) => (value === null ? null : value - 1)), 1000);
    return () => window.clearTimeout(timer);
    // onCountdownEnd runs once, when the countdown reaches 0.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remaining]);

  const positive = () => {
    if (step === "waiting") {
      setRemaining(READINESS_COUNTDOWN_SECONDS);
      // Start is disabled for the countdown: the keyboard waits on the card's title, not on a control that is off.
      title.current?.focus();
      onCountdownStart();
    } else if (step === "recording") onContinue();
  };

  return (
    <div {...dialogProps} className="fixed inset-0 z-40 flex items-center justify-center bg-ink/40 p-4">
      <div className="w-full max-w-sm">
        <SwipeCard
          label={READINESS_TEXTS.soloTitle}
          disabled={counting}
          commitThreshold={SWIPE_THRESHOLDS.commitLarge}
          onSwipe={(direction) => (direction === "right" ? positive() : onNotReady())}
          className="p-6"
        >
          <h2 {...titleProps} className="font-serif text-2xl font-semibold text-ink outline-none">
            {READINESS_TEXTS.soloTitle}
          </h2>
          <p className="mt-2 leading-relaxed text-ink-soft">{T.readinessQuestion}</p>
          <div className={`flex flex-col items-center justify-center ${step === "waiting" ? "my-2" : "my-6 min-h-24"}`} aria-live="polite">
            {counting ? (
              <>
                <span className="text-sm text-ink-soft">{READINESS_TEXTS.countdownLabel}</span>
                <span className="font-serif text-6xl font-semibold text-deep-teal-700" data-testid="readiness-countdown">
                  {remaining}
                </span>
              </>
            ) : step === "recording" ? (
              <CaptureStatus capturing={capturing} />
            ) : null}
          </div>
          <p className="text-center text-sm text-ink-soft">{T.readinessHint}</p>
        </SwipeCard>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <Button variant="secondary" disabled={counting} onClick={onNotReady}>
            {step === "waiting" ? T.skip : T.stop}
          </Button>
          <Button disabled={counting} onClick={positive}>
            {step === "waiting" ? T.start : T.continue}
          </Button>
        </div>
      </div>
    </div>
  );
}
