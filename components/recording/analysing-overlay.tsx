"use client";

import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";
import { useWakeLock } from "@/lib/client/hooks/use-wake-lock";
import { useLongRecordingProgress } from "@/lib/client/transcription/long-recording-progress";
import type { AnalysisStep } from "@/lib/domain/session-flow/machine";

import { ANALYSING_TEXTS as T } from "./texts";

const ORDER: AnalysisStep[] = ["processing", "identifying", "generating"];

/** Full-screen progress while a recording is transcribed and analysed. */
export function AnalysingOverlay({ step, message, isFollowUp = false }: { step: AnalysisStep; message?: string; isFollowUp?: boolean }) {
  const current = ORDER.indexOf(step);
  // A recording sent in parts says which part is under way. The screen stays on while this shows: an upload, its
  // transcription and the analysis can take minutes, and a phone that sleeps meanwhile may cut them off. Not by old iOS's
  // navigation trick, which would cancel those very requests every 15 s.
  const partProgress = useLongRecordingProgress();
  useWakeLock(true, { navigationFallback: false });
  // The screen replaces the recorder (whose Stop button is off meanwhile): focus comes to its title, and stays there.
  const { dialogProps, titleProps } = useModalScreen({ titleId: "analysing-title" });
  return (
    <div {...dialogProps} className="fixed inset-0 z-50 flex items-center justify-center bg-cream-50 p-6">
      <div className="w-full max-w-sm text-center">
        <div
          aria-hidden
          className="mx-auto mb-6 h-16 w-16 animate-spin rounded-full border-4 border-deep-teal-100 border-t-deep-teal-700 motion-reduce:animate-none"
        />
        <h2 {...titleProps} className="font-serif text-2xl font-semibold text-ink outline-none">
          {T.title}
        </h2>
        <p className="mt-2 text-ink-soft">{message ?? (isFollowUp ? T.followUpMessage : partProgress !== null ? T.longMessage : T.defaultMessage)}</p>
        <p role="status" aria-live="polite" className="mt-3 min-h-6 font-semibold text-deep-teal-800">
          {step === "processing" ? partProgress : null}
        </p>
        {/* The step under way, said when it changes (the list's aria-current is read only by someone who goes back to it).
            Not a role="status": the part line above is the screen's one status. */}
        <p aria-live="polite" className="sr-only">
          {T.stepAnnouncement(T.steps[step])}
        </p>
        <ol className="mt-6 flex flex-col gap-3 text-left" aria-label={T.stepsLabel}>
          {ORDER.map((name, index) => {
            const state = index < current ? "done" : index === current ? "current" : "waiting";
            return (
              <li
                key={name}
                aria-current={state === "current" ? "step" : undefined}
                className={`flex items-center gap-3 rounded-2xl p-3 ${state === "current" ? "bg-deep-teal-50 font-semibold text-deep-teal-800" : "text-ink-soft"}`}
              >
                <span
                  aria-hidden
                  className={`flex h-7 w-7 items-center justify-center rounded-full text-sm ${state === "done" ? "bg-deep-teal-700 text-white" : state === "current" ? "border-2 border-deep-teal-700" : "border-2 border-cream-200"}`}
                >
                  {state === "done" ? "✓" : index + 1}
                </span>
                {T.steps[name]}
                <span className="sr-only">{state === "done" ? ` ${T.stepDone}` : state === "current" ? ` ${T.stepInProgress}` : ""}</span>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
