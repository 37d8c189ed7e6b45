import { LIMIT_TEXTS } from "@/components/recording/texts";
import { sessionApi, SessionApiError } from "@/lib/client/sessions/session-api";
import { showToast } from "@/lib/client/toast/toast-store";
import { wait } from "@/lib/client/wait";
import { keepLastRecommendations } from "@/lib/domain/analysis/summary";
import type { InsightCard, SessionSummary, SwipeAction } from "@/lib/domain/analysis/types";
import { describeWait } from "@/lib/domain/errors/wait";
import type { AnalysisStep } from "@/lib/domain/session-flow/machine";

import { SESSION_DETAIL_TEXTS as T } from "./texts";

/** Regeneration timing (spec part 2, sections 4 and 9): steps at 500 ms and 1000 ms, the view back after 300 ms. */
export const REGENERATION_STEPS_MS = { identifying: 500, generating: 1000, reopen: 300 } as const;

export type RegenerationRequest = {
  sessionId: string;
  cards: InsightCard[];
  swipeActions: SwipeAction[];
  /** Settles when the votes the summary is made from are saved (an account's summary reads the stored ones). */
  votesSaved?: Promise<void>;
};

/**
 * Regenerate Recommendations (spec part 2 section 4), wherever the speaker analysis is open: the history's detail or the
 * results' completion. The view hides (`setStep` non-null) while the processing overlay steps through identifying and
 * generating; a new summary is asked for the cards and the votes as they are now; `apply` gets it (the last three
 * recommendations) and says whether it was taken and kept, and only then does the toast say it was updated (a refused
 * write's Warning stays on screen); the view comes back 300 ms later. A failure is toasted and changes nothing.
 */
export async function regenerateRecommendations(
  { sessionId, cards, swipeActions, votesSaved = Promise.resolve() }: RegenerationRequest,
  { setStep, apply }: { setStep: (step: AnalysisStep | null) => void; apply: (summary: SessionSummary) => boolean },
): Promise<void> {
  const requested = votesSaved.then(() => sessionApi.summary(sessionId, { analysis: { cards }, swipeActions }));
  requested.catch(() => undefined); // handled below, after the steps have shown
  setStep("processing");
  await wait(REGENERATION_STEPS_MS.identifying);
  setStep("identifying");
  await wait(REGENERATION_STEPS_MS.generating - REGENERATION_STEPS_MS.identifying);
  setStep("generating");
  try {
    const summary = await requested;
    if (apply({ ...summary, recommendations: keepLastRecommendations(summary.recommendations, 3) }))
      showToast({ title: T.recommendationsUpdated, variant: "success" });
  } catch (error) {
    if (error instanceof SessionApiError && error.status === 429) {
      // The summary's rate limit: how long until Regenerate Recommendations can run again.
      const seconds = Number(error.details.retryAfterSeconds) || 60;
      showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.tryLater(describeWait(seconds)), variant: "destructive" });
    } else {
      showToast({ title: T.regenerationFailedTitle, description: T.regenerationFailedBody, variant: "destructive" });
    }
  }
  await wait(REGENERATION_STEPS_MS.reopen);
  setStep(null);
}
