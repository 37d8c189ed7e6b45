"use client";

import { useState } from "react";

import { ResultsDeck } from "@/components/deck/results-deck";
import { TranscriptFocusProvider } from "@/components/evidence/transcript-focus";
import { LastTimeDialog } from "@/components/follow-through/last-time-dialog";
import { GrowthDialogs } from "@/components/growth/growth-dialogs";
import { GrowthOverlay } from "@/components/growth/growth-overlay";
import { AnalysingOverlay } from "@/components/recording/analysing-overlay";
import { RECORD_BUTTON_ID } from "@/components/recording/record-button";
import { SessionDetail } from "@/components/session-detail/session-detail";
import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { SignalsView } from "@/components/signals/signals-view";
import { ActionDialog } from "@/components/ui/action-dialog";
import { isDeckComplete } from "@/lib/domain/analysis/summary";
import { sessionSpeakerNames, speakerNameOf } from "@/lib/domain/history/speaker-names";
import { hasTranscriptToShow } from "@/lib/domain/history/transcript-view";
import type { AnalysisStep, ResultsPhase } from "@/lib/domain/session-flow/machine";

import { SESSION_TEXTS as T } from "./texts";

/** The open session's results: the deck, then completion and save, rendered from the session flow. */
export function SessionResults({ results }: { results: ResultsPhase }) {
  const { actions } = useSessionFlow();
  const flow = actions.results;
  const { session } = results;
  // The transcript and speaker analysis, over the deck, from the coach summary or the completion header.
  const [detailOpen, setDetailOpen] = useState(false);
  // The time of a tapped quote: the transcript opens at the line said then.
  const [detailFocus, setDetailFocus] = useState<number | null>(null);
  // The tab the detail opens on: the transcript, or its summary when it comes back from a regeneration.
  const [detailTab, setDetailTab] = useState<"transcript" | "summary">("transcript");
  const openDetail = (seconds: number | null = null) => {
    setDetailFocus(seconds);
    setDetailTab("transcript");
    setDetailOpen(true);
  };
  // Decided once, when the results open (spec part 2 section 4): a completed session, or one with every card voted,
  // starts at its completion screen.
  const [startAtComplete] = useState(() => session.isCompleted || isDeckComplete(session.analysis.cards, session.swipeActions));
  // Regenerate Recommendations under way: the speaker analysis gives way to the processing overlay's steps, then comes
  // back on its summary, where the new recommendations are.
  const [regenerationStep, setRegenerationStep] = useState<AnalysisStep | null>(null);
  const regenerate = () => {
    setDetailFocus(null);
    setDetailTab("summary");
    flow.regenerate(setRegenerationStep);
  };
  const summary =
    session.summary && session.isCompleted
      ? {
          summary: session.summary,
          recommendations: session.recommendations ?? [],
          encouragement: session.encouragement ?? "",
          reminderDate: session.reminderDate ?? 0,
        }
      : null;

  return (
    <TranscriptFocusProvider value={openDetail}>
      <ResultsDeck
        analysis={session.analysis}
        swipeActions={session.swipeActions}
        isExample={session.isExample}
        startAtComplete={startAtComplete}
        completion={{ loading: results.summaryLoading, summary }}
        onVote={flow.vote}
        onDeckFinished={flow.deckFinished}
        onSetReminder={flow.setReminder}
        onFinish={flow.finish}
        onClose={flow.close}
        finishing={results.save === "saving"}
        onShowTranscript={hasTranscriptToShow(session) ? () => openDetail() : undefined}
        onCreateGrowth={() => void actions.growth.open()}
        returnFocus={() => document.getElementById(RECORD_BUTTON_ID)}
        signals={
          session.isExample ? null : <SignalsView signals={session.signals} nameOf={(speaker) => speakerNameOf(sessionSpeakerNames(session), speaker)} />
        }
      />
      {regenerationStep ? (
        <AnalysingOverlay step={regenerationStep} />
      ) : detailOpen ? (
        <SessionDetail
          session={session}
          onClose={() => setDetailOpen(false)}
          onVote={flow.vote}
          // Once the completion screen shows a summary (before, there is none to replace: the detail can open over the
          // deck, and votes cast in it can finish the deck before its own summary is asked for); never for the example.
          onRegenerate={summary && !results.summaryLoading && !session.isExample ? regenerate : undefined}
          focusSeconds={detailFocus}
          initialTab={detailTab}
        />
      ) : null}
      {/* A new conversation first asks what became of the last one's commitments (issue 11 follow-through). */}
      {!startAtComplete && session.mode !== "solo" && !session.isExample ? <LastTimeDialog sessionId={session.id} isLocal={session.isLocal} /> : null}
      <GrowthOverlay results={results} />
      <GrowthDialogs results={results} onViewTranscript={() => openDetail()} onGoToHistory={flow.closeToHistory} />
      <ActionDialog
        open={results.save === "failed" || results.save === "retrying"}
        onOpenChange={(open) => {
          if (!open) flow.dismissSaveFailure();
        }}
        title={T.failedSaveTitle}
        description={T.failedSaveBody}
        actions={[
          { label: T.retryCloudSave, onSelect: flow.retryCloudSave, disabled: results.save === "retrying" },
          // Not while the retry runs: its answer decides (a backup written beside it would be a second copy, and a second toast).
          { label: T.saveLocallyOnly, onSelect: flow.saveLocallyOnly, variant: "secondary", disabled: results.save === "retrying" },
        ]}
      />
    </TranscriptFocusProvider>
  );
}
