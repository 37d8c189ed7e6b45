import type { SessionFlowState } from "./machine";

// A transcript is stored once its session is (on the server or on this device), or once a failed analysis has kept it. Until
// then it lives only in this tab's memory: while naming, while analysing (up to five minutes), while a growth follow-up is
// named and appended, and behind an analysis failure that could not keep it. All that time the recording's audio must stay
// in the browser's audio store, so that a tab the phone discards loses nothing: the next start lists it to retry.

/** Whether the flow holds a transcript that is stored nowhere yet (so the audio it came from must be kept). */
export function holdsUnstoredTranscript({ phase, dialog }: SessionFlowState): boolean {
  if (phase.name === "transcribing" || phase.name === "naming" || phase.name === "analysing") return true;
  if (phase.name === "results" && phase.growth) {
    const { name } = phase.growth;
    // "failed": the append was refused and the follow-up waits in memory for Retry or Cancel (which queues it).
    if (name === "transcribing" || name === "naming" || name === "appending" || name === "failed") return true;
    // "loading": a signed-in user's follow-up is stored by the server; a guest's only once the regenerated session is
    // kept on the device, at the end of it.
    if (name === "loading" && phase.session.isLocal) return true;
  }
  return showsUnkeptAnalysis(dialog);
}

/** The dialog of a failed analysis whose transcript could be kept nowhere (the browser refused to store it). */
function showsUnkeptAnalysis(dialog: SessionFlowState["dialog"]): boolean {
  return (dialog?.kind === "analysis-failed" || dialog?.kind === "analysis-connection") && dialog.retry.keptId === null;
}

/**
 * Whether this step let go of a transcript stored nowhere: the dialog of a failed analysis that could keep nothing (the
 * browser refused to store it) was closed without a retry. Its audio is then not deleted but left to be listed.
 */
export function transcriptDroppedUnstored(before: SessionFlowState, after: SessionFlowState): boolean {
  return showsUnkeptAnalysis(before.dialog) && !showsUnkeptAnalysis(after.dialog) && after.phase.name !== "analysing";
}

/**
 * Whether the transcript the flow holds waits on the user (speakers to name, a failed follow-up's or analysis's dialog):
 * nothing under way will store it. Once the page is gone (the flow torn down), nobody will, and its audio is left to be
 * listed; a transcription or analysis still under way is let finish first, since it may yet store it.
 */
export function unstoredTranscriptAwaitsUser(state: SessionFlowState): boolean {
  const { phase, dialog } = state;
  if (phase.name === "naming") return true;
  if (phase.name === "results" && phase.growth) return phase.growth.name === "naming" || phase.growth.name === "failed";
  return showsUnkeptAnalysis(dialog);
}
