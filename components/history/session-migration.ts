import { announceSessionsChanged } from "@/lib/client/events";
import { listLocalSessions, removeLocalSession } from "@/lib/client/recordings/local-recordings";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { showToast } from "@/lib/client/toast/toast-store";
import { historyItemStatus } from "@/lib/domain/history/history-item";
import { migrationBatches } from "@/lib/domain/history/migration-batches";

import { HISTORY_TEXTS as T } from "./texts";

// The migration itself, loaded by useSessionMigration once a user is signed in: the first screen does not carry the
// sessions client (and its schemas) for it.

/**
 * Moves this device's completed sessions to the account, in requests the server accepts (migrationBatches); only the copies
 * the server confirms are removed here. A refused batch stops the move: what is left stays on the device, and the notice
 * says so.
 */
export async function migrateLocalSessions(): Promise<void> {
  const sessions = listLocalSessions().filter((session) => historyItemStatus(session) === "normal" && session.analysis);
  if (sessions.length === 0) return;
  let migratedCount = 0;
  try {
    for (const batch of migrationBatches(sessions.map(toMigrationItem))) {
      const answer = await sessionApi.migrate(batch);
      for (const item of answer.migrated ?? []) removeLocalSession(item.localId);
      migratedCount += answer.migratedCount;
    }
    if (migratedCount > 1) showToast({ title: T.syncedTitle, description: T.syncedBody(migratedCount), variant: "success" });
  } catch {
    showToast({ title: T.migrationNoticeTitle, description: T.migrationNoticeBody });
  }
  announceSessionsChanged();
}

/** Only the fields the server's session schema knows; browser-only fields (audio keys, mime types) stay behind. */
function toMigrationItem(session: Record<string, unknown>) {
  const pick = [
    "id",
    "transcript",
    "analysis",
    "swipeActions",
    "createdAt",
    "timestamp",
    "isCompleted",
    "isExample",
    "name",
    "summary",
    "recommendations",
    "encouragement",
    "reminderSet",
    "reminderDate",
    "followUpTranscripts",
    "conversationGuideHeadline",
    "mode",
    "speakerNames",
    // The follow-through a guest answered and the conversation's signals: the server keeps both with the session, and the
    // device's copy is removed once it is in the account, so leaving them out would lose them.
    "commitments",
    "signals",
  ];
  return Object.fromEntries(pick.filter((key) => session[key] !== undefined && session[key] !== null).map((key) => [key, session[key]]));
}
