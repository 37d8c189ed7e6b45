import { mergeFollowUps } from "./follow-ups";
import { analysisOf, isRecord, type HistorySession } from "./types";

// What a history card shows besides its title, time and preview (spec part 2 sections 2 and 4 "History item").

export type HistoryItemStatus = "normal" | "failed-transcription" | "failed-analysis";

export const FAILED_LABELS: Record<Exclude<HistoryItemStatus, "normal">, string> = {
  "failed-transcription": "Transcription failed",
  "failed-analysis": "Analysis failed",
};
export const RETRY_HINT = "Tap to retry";

/** A failed transcription outranks a failed analysis: without a transcript there is nothing to analyse. */
export function historyItemStatus(session: Pick<HistorySession, "failedTranscription" | "failedAnalysis">): HistoryItemStatus {
  if (isRecord(session.failedTranscription)) return "failed-transcription";
  if (isRecord(session.failedAnalysis)) return "failed-analysis";
  return "normal";
}

/** "{n} insights" and "{n} follow-ups" (follow-ups after merge and de-duplication, legacy one included). */
export function historyCounts(session: Pick<HistorySession, "analysis" | "followUpTranscripts" | "followUpTranscript"> & { followUpCount?: unknown }): {
  insights: number;
  followUps: number;
} {
  const cards = analysisOf(session)?.cards;
  const { followUps, legacyTranscript } = mergeFollowUps(session);
  const listed = followUps.length + (legacyTranscript ? 1 : 0);
  // The account's session list carries a count instead of the follow-ups themselves.
  const counted = typeof session.followUpCount === "number" && Number.isFinite(session.followUpCount) ? session.followUpCount : 0;
  return { insights: Array.isArray(cards) ? cards.length : 0, followUps: Math.max(listed, counted) };
}

export function countLabel(count: number, unit: "insight" | "follow-up"): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * Ids of this device's failed items that the account no longer lists as failed: the recording was retried from another
 * device, so the copy (and audio) kept here for a retry has done its job. An item the account does not know is kept.
 */
export function failuresSettledElsewhere(
  local: readonly Pick<HistorySession, "id" | "failedTranscription" | "failedAnalysis">[],
  server: readonly Pick<HistorySession, "id" | "failedTranscription" | "failedAnalysis">[],
): string[] {
  const serverStatus = new Map(server.map((session) => [session.id, historyItemStatus(session)]));
  return local
    .filter((session) => {
      const status = historyItemStatus(session);
      const onServer = serverStatus.get(session.id);
      return status !== "normal" && onServer !== undefined && onServer !== status;
    })
    .map((session) => session.id);
}
