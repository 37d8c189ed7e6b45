import { SESSION_DIALOG_TEXTS, SESSION_TOASTS } from "@/components/deck/texts";
import { FAILURE_TEXTS } from "@/components/recording/texts";
import { HOME_TEXTS } from "@/components/shell/texts";
import { ANALYSIS_UNAVAILABLE_MESSAGE, EMPTY_TRANSCRIPT_MESSAGE } from "@/lib/domain/analysis/analysis-errors";

// Spec texts of analysis failures and the session flow around the deck (spec part 1 section 8, part 2 section 8).
export const ANALYSIS_TEXTS = {
  failedTitle: "Analysis Failed",
  /** Ours: a failed analysis another tab of this browser is retrying now. */
  retryInOtherTab: "This conversation is already being analysed in another tab. You can continue there.",
  unavailable: ANALYSIS_UNAVAILABLE_MESSAGE,
  unableToAnalyze: "Unable to analyze the recording. Please try again.",
  errorTitle: SESSION_TOASTS.analysisError.title,
  /** No transcript at all to analyse (a kept failed analysis whose transcript is gone). */
  missingTranscript: "Missing transcript data. Please try again.",
  /** A transcript that is there but blank: rejected before the call (spec part 1 section 5). */
  emptyTranscript: EMPTY_TRANSCRIPT_MESSAGE,
  noCards: SESSION_TOASTS.analysisError.body,
  connectionTitle: FAILURE_TEXTS.connectionErrorTitle,
  connectionBody: FAILURE_TEXTS.connectionErrorBody,
  savedLocallyTitle: FAILURE_TEXTS.savedLocallyTitle,
  // Ours: the spec's "Recording Saved Locally" text speaks of transcribing, which a failed analysis's transcript no longer
  // needs; its retry is of the analysis.
  savedLocallyBody: "You can retry the analysis from the session history later.",
} as const;

/** The Confirmation dialog's note (spec part 1 section 2), shown when the transcript is in fact kept. */
export const CONFIRMATION_NOTE = "Your conversation transcript has been saved successfully";

/** The session flow's toasts and dialog, taken from the deck's texts so each wording lives in one place. */
export const SESSION_TEXTS = {
  savedTitle: SESSION_TOASTS.sessionSaved.title,
  savedLocallyBody: SESSION_TOASTS.sessionSaved.localBody,
  savedServerBody: SESSION_TOASTS.sessionSaved.serverBody,
  savedCloudBody: SESSION_TOASTS.sessionSaved.cloudRetryBody,
  saveErrorTitle: SESSION_TOASTS.saveError.title,
  saveErrorBody: SESSION_TOASTS.saveError.body,
  summaryErrorTitle: SESSION_TOASTS.summaryError.title,
  summaryErrorBody: SESSION_TOASTS.summaryError.body,
  savedLocallyOnlyTitle: SESSION_TOASTS.savedLocally.title,
  savedLocallyOnlyBody: SESSION_TOASTS.savedLocally.body,
  ...SESSION_DIALOG_TEXTS,
  reminderSetTitle: SESSION_TOASTS.reminderSet.title,
  reminderSetBody: SESSION_TOASTS.reminderSet.body,
  prepareError: HOME_TEXTS.prepareError,
  errorTitle: HOME_TEXTS.errorTitle,
} as const;

/** The delay before analysis after transcription, and between the analysing steps (spec part 1 section 9). */
export const ANALYSIS_STEP_DELAY_MS = 500;
