import { announceSessionsChanged } from "@/lib/client/events";
import { listLocalSessions, removeLocalSession } from "@/lib/client/recordings/local-recordings";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { showToast } from "@/lib/client/toast/toast-store";
import { historyItemStatus } from "@/lib/domain/history/history-item";

import { HISTORY_TEXTS as T } from "./texts";

// The migration itself, loaded by useSessionMigration once a user is signed in: the first screen does not carry the
// sessions client (and its schemas) for it.

/** Moves this device's completed sessions to the account; only the copies the server confirms are removed here. */
export async function migrateLocalSessions(): Promise<void> {
  const sessions = listLocalSessions().filter((session) => historyItemStatus(session) === "normal" && session.analysis);
  if (sessions.length === 0) return;
  try {
    const answer = await sessionApi.migrate(sessions.map(toMigrationItem));
    for (const item of answer.migrated ?? []) removeLocalSession(item.localId);
    if (answer.migratedCount > 1) showToast({ title: T.syncedTitle, description: T.syncedBody(answer.migratedCount), variant: "success" });
    announceSessionsChanged();
  } catch {
    showToast({ title: T.migrationNoticeTitle, description: T.migrationNoticeBody });
  }
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
