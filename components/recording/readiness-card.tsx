"use client";

import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { SwipeCard } from "@/components/ui/swipe-card";
import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { CaptureStatus } from "./capture-status";
import { READINESS_COUNTDOWN_SECONDS, READINESS_TEXTS as T } from "./texts";

/**
 * Shown when a recording is requested: counts 3, 2, 1, 0 (buttons and swiping off meanwhile), starts the recording at 0,
 * then asks whether both are ready. Right or "Yes, ready" continues; left or "Not now" stops the recording. "Recording..."
 * shows once the microphone is open (`capturing`); until then, "Starting the microphone…".
 */
export function ReadinessCard({
  capturing,
  onCountdownEnd,
  onReady,
  onNotReady,
}: {
  capturing: boolean;
  onCountdownEnd: () => void;
  onReady: () => void;
  onNotReady: () => void;
}) {
  const [remaining, setRemaining] = useState(READINESS_COUNTDOWN_SECONDS);
  const counting = remaining > 0;
  // Opened from the record button: focus comes into the card (its title is read), stays in it, and goes back to the
  // record button when the card closes.
  const { dialogProps, titleProps } = useModalScreen({ titleId: "readiness-title" });

  useEffect(() => {
    if (remaining === 0) {
      onCountdownEnd();
      return;
    }
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
    // onCountdownEnd runs once, when the countdown reaches 0.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remaining]);

  return (
    <div {...dialogProps} className="fixed inset-0 z-40 flex items-center justify-center bg-ink/40 p-4">
      <div className="w-full max-w-sm">
        <SwipeCard
          label={T.relationshipTitle}
          disabled={counting}
          commitThreshold={SWIPE_THRESHOLDS.commitLarge}
          onSwipe={(direction) => (direction === "right" ? onReady() : onNotReady())}
          className="p-6"
        >
          <h2 {...titleProps} className="font-serif text-2xl font-semibold text-ink outline-none">
            {T.relationshipTitle}
          </h2>
          <p className="mt-2 leading-relaxed text-ink-soft">{T.relationshipQuestion}</p>
          <div className="my-6 flex flex-col items-center" aria-live="polite">
            {counting ? (
              <>
                <span className="text-sm text-ink-soft">{T.countdownLabel}</span>
                <span className="font-serif text-6xl font-semibold text-deep-teal-700" data-testid="readiness-countdown">
                  {remaining}
                </span>
              </>
            ) : (
              <CaptureStatus capturing={capturing} />
            )}
          </div>
          <p className="text-center text-sm text-ink-soft">{T.relationshipHint}</p>
        </SwipeCard>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <Button variant="secondary" disabled={counting} onClick={onNotReady}>
            {T.negative}
          </Button>
          <Button disabled={counting} onClick={onReady}>
            {T.positive}
          </Button>
        </div>
      </div>
    </div>
  );
}
