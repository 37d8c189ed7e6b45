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

type LocalFailure = Pick<HistorySession, "id" | "failedTranscription" | "failedAnalysis"> & { audioKey?: unknown; transcribedFrom?: unknown };
type AccountItem = Pick<HistorySession, "id" | "clientId" | "failedTranscription" | "failedAnalysis"> & { insightCount?: unknown };

/**
 * Ids of this device's failed items whose work the account has done: one it lists without that failure (the recording was
 * retried from another device), or whose recording (its audio, or the transcript kept from it) it holds analysed under
 * the recording's id (a tab closed while the analysis ran, which the server finished; the recording then came back here
 * as failed and a retry would pay for it twice and overwrite the analysis). The copy and audio kept for a retry have done
 * their job. An item the account does not know is kept.
 */
export function failuresSettledElsewhere(local: readonly LocalFailure[], server: readonly AccountItem[]): string[] {
  const serverStatus = new Map(server.map((session) => [session.id, historyItemStatus(session)]));
  const analysedRecordings = new Set(
    server
      .filter((session) => historyItemStatus(session) === "normal" && typeof session.insightCount === "number" && session.insightCount > 0)
      .flatMap((session) => (typeof session.clientId === "string" && session.clientId !== "" ? [session.clientId] : [])),
  );
  const recordingOf = (session: LocalFailure) =>
    [session.audioKey, session.transcribedFrom].find((key): key is string => typeof key === "string" && key !== "") ?? null;
  return local
    .filter((session) => {
      const status = historyItemStatus(session);
      if (status === "normal") return false;
      const onServer = serverStatus.get(session.id);
      if (onServer !== undefined && onServer !== status) return true;
      const recording = recordingOf(session);
      return recording !== null && analysedRecordings.has(recording);
    })
    .map((session) => session.id);
}
