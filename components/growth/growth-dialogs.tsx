"use client";

import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { ActionDialog } from "@/components/ui/action-dialog";
import type { GrowthDialog } from "@/lib/domain/session-flow/growth";
import type { ResultsPhase } from "@/lib/domain/session-flow/machine";

import { GROWTH_TEXTS as T } from "./texts";

/** The growth flow's failure dialogs (spec part 2 section 4 "Growth failure branches"). */
export function GrowthDialogs({
  results,
  onViewTranscript,
  onGoToHistory,
}: {
  results: ResultsPhase;
  onViewTranscript: () => void;
  onGoToHistory: () => void;
}) {
  const { actions } = useSessionFlow();
  const growth = results.growth;
  const dialog: GrowthDialog | null = growth?.name === "failed" ? growth.dialog : null;
  // Try Again runs: neither it again nor Cancel, whose generic recommendations its late outcome would replace.
  const retrying = growth?.name === "failed" && growth.retrying === true;
  const close = actions.growth.close;
  // The dialogs open after the follow-up's progress screen has gone: closing one puts the keyboard back on the results'
  // heading rather than on nothing.
  const toCompletion = () => document.getElementById("completion-title");

  return (
    <>
      <ActionDialog
        returnFocus={toCompletion}
        open={dialog === "generation-failed"}
        onOpenChange={() => undefined}
        title={T.generationFailedTitle}
        description={T.generationFailedBody}
        actions={[
          { label: T.tryAgain, onSelect: actions.growth.tryAgain, disabled: retrying },
          { label: T.cancel, onSelect: actions.growth.finishWithGenericRecommendations, variant: "secondary", disabled: retrying },
        ]}
      />
      <ActionDialog
        returnFocus={toCompletion}
        open={dialog === "generation-failed-again"}
        onOpenChange={(open) => (open ? undefined : close())}
        title={T.failedAgainTitle}
        description={T.failedAgainBody}
        actions={[
          {
            label: T.viewTranscript,
            onSelect: () => {
              close();
              onViewTranscript();
            },
          },
          { label: T.close, onSelect: close, variant: "secondary" },
        ]}
      />
      <ActionDialog
        returnFocus={toCompletion}
        open={dialog === "loading-failed"}
        onOpenChange={() => undefined}
        title={T.loadingFailedTitle}
        description={T.loadingFailedBody}
        actions={[
          { label: T.tryAgain, onSelect: actions.growth.tryAgain, disabled: retrying },
          { label: T.cancel, onSelect: actions.growth.finishWithGenericRecommendations, variant: "secondary", disabled: retrying },
        ]}
      />
      <ActionDialog
        returnFocus={toCompletion}
        open={dialog === "unable-to-load"}
        onOpenChange={(open) => (open ? undefined : close())}
        title={T.unableToLoadTitle}
        description={T.unableToLoadBody}
        actions={[
          {
            label: T.goToHistory,
            onSelect: () => {
              close();
              onGoToHistory();
            },
          },
        ]}
      />
    </>
  );
}
