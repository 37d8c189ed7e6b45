import { RETRY_HINT } from "@/lib/domain/history/history-item";
import { MIGRATION_NOTICE } from "@/lib/domain/history/migration-batches";

// Spec texts of the session history (spec part 2, sections 2 and 8). The failed-item labels live with the history-item
// rules in lib/domain/history/history-item.ts.
export const HISTORY_TEXTS = {
  heading: "Session History",
  empty: "No completed sessions yet. Record a conversation to get started!",
  guestBanner: "You are not signed in. Your sessions are kept on this device only and are lost if you clear your browser data.",
  createAccount: "Create an account",
  loadMore: "Load More Sessions",
  // Ours (the spec has no text for it): the account's list did not come, so its sessions are missing here, not gone.
  listFailed: "Your sessions could not be loaded.",
  listRetry: "Try Again",
  deleteLabel: (title: string) => `Delete session: ${title}`,
  /** Heard before a card's title, its button: "Open session: Weekend plans". */
  openPrefix: "Open session: ",
  tapToRetry: RETRY_HINT,
  /** A failed item while a recording, upload or analysis is under way: one thing at a time, and the user is told so. */
  retryWhenFree: "You can retry once the current recording is done.",
  /**
   * Heard after a failed card's title, its button: "Recording Nov 22, 2026, 3:04 PM: Transcription failed. Tap to retry";
   * without the hint while the retry waits (its description, retryWhenFree, says why).
   */
  retrySuffix: (failure: string, waiting: boolean) => (waiting ? `: ${failure}.` : `: ${failure}. ${RETRY_HINT}`),
  deleting: "Deleting Session...",
  deleted: "Session Deleted",
  deleteFailedTitle: "Delete Failed",
  deleteFailedBody: "Could not delete the session. Please try again.",
  openErrorTitle: "Error",
  openErrorBody: "Could not load session data. Please try again.",
  syncedTitle: "Sessions Synced",
  syncedBody: (count: number) => `${count} local sessions migrated to your account.`,
  migrationNoticeTitle: "Migration Notice",
  migrationNoticeBody: MIGRATION_NOTICE,
  /** The account cannot store anything now (its answer says localOnly): the sessions stay here, and the notice says so. */
  savedLocallyTitle: "Sessions Saved Locally",
} as const;

export const OPEN_FROM_HISTORY_TIMEOUT_MS = 5000;
export const MIGRATION_DELAY_MS = 1000;
