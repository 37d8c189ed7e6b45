"use client";

import { ElapsedTimer } from "@/components/recording/elapsed-timer";
import { useElapsedSeconds } from "@/components/recording/use-elapsed-seconds";
import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { Button } from "@/components/ui/button";
import { SwipeCard } from "@/components/ui/swipe-card";
import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";
import { mutualGrowthCardOrFallback } from "@/lib/domain/analysis/analysis-schema";
import type { ResultsPhase } from "@/lib/domain/session-flow/machine";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { GROWTH_TEXTS as T } from "./texts";

/**
 * The growth continuation overlay (spec part 2 section 2): the "Mutual Aspirations & Growth" card with its prompt and
 * "Try this" list while a hidden recorder runs. Right (over 100 px) or Next sends; left or Previous cancels.
 */
export function GrowthOverlay({ results }: { results: ResultsPhase }) {
  const growth = results.growth;
  if (growth?.name !== "recording") return null;
  return <GrowthCard results={results} startedAt={growth.startedAt} />;
}

/** The card while it shows: mounted with it, so focus comes in when it opens and goes back when it closes. */
function GrowthCard({ results, startedAt }: { results: ResultsPhase; startedAt: number | null }) {
  const { actions } = useSessionFlow();
  const elapsed = useElapsedSeconds(startedAt);
  // Opened from 'Create Mutual Growth Commitment': its title is read, Tab stays in the card, Previous returns to the button.
  const { dialogProps, titleProps } = useModalScreen({ titleId: "growth-title" });
  const card = mutualGrowthCardOrFallback(results.session.analysis.mutualGrowthCard);
  const send = () => void actions.growth.send();

  return (
    <div {...dialogProps} className="fixed inset-0 z-[55] overflow-y-auto bg-cream-50">
      <div className="mx-auto flex min-h-full max-w-md flex-col justify-center gap-4 px-4 py-6">
        <SwipeCard
          label={T.cardTitle}
          commitThreshold={SWIPE_THRESHOLDS.commitLarge}
          onSwipe={(direction) => (direction === "right" ? send() : actions.growth.cancel())}
          className="p-6"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 {...titleProps} className="font-serif text-2xl font-semibold text-ink outline-none">
              {T.cardTitle}
            </h2>
          </div>
          <div className="mt-3 flex items-center gap-2 text-sm font-semibold text-soft-tangerine-700">
            <p className="flex items-center gap-2" role="status">
              <span aria-hidden className="h-3 w-3 animate-pulse rounded-full bg-soft-tangerine motion-reduce:animate-none" />
              {T.recordingBadge}
            </p>
            {/* Beside the status, not in it: a live region would say the time every second. */}
            {startedAt !== null ? <ElapsedTimer seconds={elapsed} className="font-mono tabular-nums text-ink-soft" /> : null}
          </div>
          <p dir="auto" className="mt-4 font-serif text-lg leading-relaxed text-ink wrap-anywhere">
            {card.insight}
          </p>
          <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-deep-teal-800">{T.tryThis}</h3>
          <ul dir="auto" className="mt-2 flex list-disc flex-col gap-2 ps-5 text-ink-soft wrap-anywhere">
            {card.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <p className="mt-5 text-sm text-ink-soft">{T.hint}</p>
        </SwipeCard>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={actions.growth.cancel}>
            {T.previous}
          </Button>
          <Button onClick={send} disabled={startedAt === null}>
            {T.next}
          </Button>
        </div>
      </div>
    </div>
  );
}
