"use client";

import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import type { SessionSummary } from "@/lib/domain/analysis/types";

import { summaryForDisplay } from "./card-text";
import { CoachMarkdown } from "./coach-response";
import { DECK_TEXTS as T } from "./texts";

/**
 * "Session Completed" (or "Tutorial Completed"): the personalised summary once the parent has it, the reminder and
 * "Finish Session". The tutorial variant has no summary of its own: it shows the next steps instead.
 */
export function CompletionScreen({
  variant,
  loading,
  summary,
  onSetReminder,
  onFinish,
  onShowTranscript,
  onCreateGrowth,
  finishing = false,
}: {
  variant: "session" | "tutorial";
  loading: boolean;
  summary: SessionSummary | null;
  onSetReminder: () => void;
  onFinish: () => void;
  onShowTranscript?: () => void;
  /** Opens the growth follow-up; the button shows only when given (not in the tutorial). */
  onCreateGrowth?: () => void;
  finishing?: boolean;
}) {
  const tutorial = variant === "tutorial";
  // The loading text sits in a status that stays when it goes, so the summary's arrival is said (a removed status is not).
  const wasLoading = useRef(loading);
  const [summaryArrived, setSummaryArrived] = useState(false);
  useEffect(() => {
    if (wasLoading.current && !loading) setSummaryArrived(true);
    wasLoading.current = loading;
  }, [loading]);
  return (
    <section aria-labelledby="completion-title">
      <div className="flex items-start justify-between gap-3">
        <h2 id="completion-title" tabIndex={-1} data-step-heading className="font-serif text-3xl font-semibold text-ink">
          {tutorial ? T.tutorialCompleted : T.sessionCompleted}
        </h2>
        {onShowTranscript ? (
          <Button variant="ghost" className="shrink-0 px-3 text-sm" onClick={onShowTranscript}>
            {T.viewTranscript}
          </Button>
        ) : null}
      </div>

      {tutorial ? null : <div role="status">{loading ? <Generating /> : summaryArrived ? <p className="sr-only">{T.summaryReady}</p> : null}</div>}
      {tutorial ? <TutorialNextSteps /> : loading ? null : <SummarySections summary={summary} />}

      <div className="mt-6 flex flex-col gap-3">
        {tutorial ? (
          <>
            <FinishButton finishing={finishing} onFinish={onFinish} />
            <Button variant="secondary" onClick={onSetReminder}>
              {T.setReminderTutorial}
            </Button>
          </>
        ) : (
          <>
            {onCreateGrowth ? (
              <Button disabled={loading || finishing} onClick={onCreateGrowth}>
                {T.createGrowth}
              </Button>
            ) : null}
            <div>
              {/* The reminder's date comes with the summary, so it waits for it. */}
              <Button variant="secondary" className="w-full" disabled={loading} onClick={onSetReminder} aria-describedby="completion-reminder-note">
                {T.setReminder}
              </Button>
              <p id="completion-reminder-note" className="mt-2 text-center text-sm text-ink-soft">
                {T.reminderNote}
              </p>
            </div>
            <FinishButton finishing={finishing} disabled={loading} onFinish={onFinish} />
          </>
        )}
      </div>
    </section>
  );
}

function FinishButton({ finishing, disabled = false, onFinish }: { finishing: boolean; disabled?: boolean; onFinish: () => void }) {
  return (
    <Button disabled={finishing || disabled} aria-busy={finishing || undefined} onClick={onFinish}>
      {finishing ? <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" /> : null}
      {T.finishSession}
    </Button>
  );
}

function Generating() {
  return (
    <div className="mt-6 flex flex-col items-center gap-4 rounded-card bg-white p-8 text-center shadow-card">
      <span aria-hidden className="h-10 w-10 animate-spin rounded-full border-4 border-deep-teal-100 border-t-deep-teal-700 motion-reduce:animate-none" />
      <p className="leading-relaxed text-ink-soft">{T.generatingSummary}</p>
    </div>
  );
}

function SummarySections({ summary }: { summary: SessionSummary | null }) {
  const shown = summaryForDisplay(summary);
  return (
    <div className="mt-6 flex flex-col gap-4">
      {/* The summary and encouragement are the model's words and may carry markdown: rendered, never shown as "**". */}
      <SectionCard title={T.whatResonated} headingLevel={3}>
        <CoachMarkdown headingLevel={4} className="mt-2">
          {shown.summary}
        </CoachMarkdown>
      </SectionCard>
      <SectionCard title={T.focusOn} headingLevel={3}>
        <ol className="mt-3 flex flex-col gap-3">
          {shown.recommendations.map((item, index) => (
            <li key={`${index}-${item}`} className="flex gap-3 leading-relaxed text-ink">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-deep-teal-50 text-sm font-semibold text-deep-teal-700">
                {index + 1}
                <span className="sr-only">.</span>
              </span>
              <span dir="auto" className="min-w-0 flex-1 wrap-anywhere">
                {item}
              </span>
            </li>
          ))}
        </ol>
      </SectionCard>
      <SectionCard title={T.keepGoing} headingLevel={3}>
        <CoachMarkdown headingLevel={4} className="mt-2">
          {shown.encouragement}
        </CoachMarkdown>
      </SectionCard>
    </div>
  );
}

function TutorialNextSteps() {
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="rounded-card bg-deep-teal-50 p-5">
        <p className="font-serif text-2xl font-semibold text-deep-teal-800">{T.tutorialComplete}</p>
        <p className="mt-2 leading-relaxed text-ink">{T.tutorialCompleteBody}</p>
      </div>
      <SectionCard title={T.nextSteps} headingLevel={3}>
        <ul className="mt-3 list-disc space-y-2 pl-5 leading-relaxed text-ink">
          {T.nextStepsItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
