"use client";

import { useState } from "react";

import { SessionDetail } from "@/components/session-detail/session-detail";
import { ResultsDeck } from "@/components/deck/results-deck";
import { ActionDialog } from "@/components/ui/action-dialog";
import type { ClientSession } from "@/lib/client/sessions/client-session";
import { isDeckComplete } from "@/lib/domain/analysis/summary";
import { hasTranscriptToShow } from "@/lib/domain/history/transcript-view";

import { SESSION_TEXTS as T } from "./texts";
import { useSessionResults } from "./use-session-results";

/** A session's results: the deck, then completion, with persistence for guests (this device) and users (server). */
export function SessionResults({ session: initial, onClose }: { session: ClientSession; onClose: () => void }) {
  const results = useSessionResults(initial, { onClosed: onClose });
  const { session } = results;
  // The transcript and speaker analysis, over the deck, from the coach summary or the completion header.
  const [detailOpen, setDetailOpen] = useState(false);
  const summary =
    session.summary && session.isCompleted
      ? { summary: session.summary, recommendations: session.recommendations ?? [], encouragement: session.encouragement ?? "", reminderDate: session.reminderDate ?? 0 }
      : null;

  return (
    <>
      <ResultsDeck
        analysis={session.analysis}
        swipeActions={session.swipeActions}
        isExample={session.isExample}
        startAtComplete={session.isCompleted && isDeckComplete(session.analysis.cards, session.swipeActions)}
        completion={{ loading: results.summaryLoading, summary }}
        onVote={results.vote}
        onDeckFinished={results.generateSummary}
        onSetReminder={results.setReminder}
        onFinish={results.finish}
        onClose={onClose}
        finishing={results.finishing}
        onShowTranscript={hasTranscriptToShow(session) ? () => setDetailOpen(true) : undefined}
      />
      {detailOpen ? <SessionDetail session={session} onClose={() => setDetailOpen(false)} onVote={results.vote} /> : null}
      <ActionDialog
        open={results.saveDialog}
        onOpenChange={() => undefined}
        title={T.failedSaveTitle}
        description={T.failedSaveBody}
        actions={[
          { label: T.retryCloudSave, onSelect: () => void results.retryCloudSave(), disabled: results.finishing },
          { label: T.saveLocallyOnly, onSelect: results.saveLocallyOnly, variant: "secondary" },
        ]}
      />
    </>
  );
}
