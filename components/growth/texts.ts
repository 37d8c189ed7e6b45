// Spec texts of the growth follow-up (spec part 2 sections 2, 4 and 8).
import { MUTUAL_GROWTH_DIMENSION } from "@/lib/domain/analysis/analysis-defaults";

export const GROWTH_TEXTS = {
  cardTitle: MUTUAL_GROWTH_DIMENSION,
  tryThis: "Try this",
  recordingBadge: "Recording in progress",
  previous: "Previous",
  next: "Next",
  hint: "Talk it through together. Swipe right (or Next) when you have agreed; swipe left (or Previous) to cancel.",
  createdTitle: "Growth agreement created!",
  createdBody: "Your commitment was added to this session, with fresh recommendations.",
  cancelledTitle: "Growth commitment cancelled",
  generationFailedTitle: "Analysis Generation Failed",
  generationFailedBody:
    "Analysis generation failed, but your follow-up conversation transcript has been saved. Would you like to try regenerating the analysis and recommendations?",
  failedAgainTitle: "Analysis Failed Again",
  failedAgainBody: "The analysis still couldn't be regenerated. Your follow-up conversation is saved with this session.",
  loadingFailedTitle: "Analysis Loading Failed",
  loadingFailedBody: "There was an issue retrieving your updated analysis, but your follow-up conversation has been saved...",
  unableToLoadTitle: "Unable to Load Analysis",
  unableToLoadBody: "Unable to load the updated analysis. Your transcript has been saved and you can view it in your session history.",
  tryAgain: "Try Again",
  cancel: "Cancel",
  viewTranscript: "View Transcript",
  close: "Close",
  goToHistory: "Go to Session History",
  errorTitle: "Error",
  sessionInaccessible: (id: string) => `Session not found or inaccessible: ${id}`,
} as const;

/** Spec part 2 section 9: the growth flow's delays. */
export const GROWTH_TIMING_MS = {
  beforeNaming: 800,
  step: 500,
  beforeRefetch: 2000,
  beforeComplete: 2000,
  unexpectedFallback: 1000,
  /** After the overlay closes, the signed-in session is fetched once more (forced) and its summary updated if changed. */
  refreshAfterClose: 1500,
} as const;
