import { announceSessionsChanged } from "@/lib/client/events";
import { listLocalSessions, moveLocalSessionToAccount, readLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { sessionApi, toSessionApiError } from "@/lib/client/sessions/session-api";
import { readDeletedIds, rememberDeletedId } from "@/lib/client/storage/deleted-sessions";
import { deviceOwner } from "@/lib/client/storage/device-owner";
import { showToast } from "@/lib/client/toast/toast-store";
import { historyItemStatus } from "@/lib/domain/history/history-item";
import { migrationBatches } from "@/lib/domain/history/migration-batches";
import { storedCopyItem } from "@/lib/domain/history/migration-item";

import { HISTORY_TEXTS as T } from "./texts";

// The migration itself, loaded by useSessionMigration once a user is signed in: the first screen does not carry the
// sessions client (and its schemas) for it.

/**
 * Moves this device's completed sessions to the account, in requests the server accepts (migrationBatches); only the copies
 * the server confirms are removed here, their move recorded so that a tab still showing one cannot write it back. A refused
 * batch stops the move: what is left stays on the device, and the notice says so.
 */
export async function migrateLocalSessions(): Promise<void> {
  // A session deleted in the history is never moved, even if its device copy outlived the delete.
  const deleted = new Set(readDeletedIds());
  const sessions = listLocalSessions().filter((session) => historyItemStatus(session) === "normal" && session.analysis && !deleted.has(session.id));
  if (sessions.length === 0) return;
  // The account the requests carry (set with the signed-in identity), which the moves are recorded as going to.
  const ownerId = deviceOwner();
  if (!ownerId) return;
  let migratedCount = 0;
  try {
    // A copy kept for this account (its sign-out could not hand it over) must not replace what the account changed since;
    // a guest's is sent as it is.
    const now = Date.now();
    // Each copy as it was sent: one written again meanwhile (a follow-up, a vote, a summary in another tab) holds what the
    // account has not seen, and stays here for the next migration rather than being removed with it.
    const sent = new Map(sessions.map((session) => [session.id, JSON.stringify(readLocalSessionRecord(session.id))]));
    const unchangedSinceSent = (id: string) => JSON.stringify(readLocalSessionRecord(id)) === sent.get(id);
    for (const batch of migrationBatches(sessions.map((session) => storedCopyItem(session, now)))) {
      const answer = await sessionApi.migrate(batch);
      const deletedMeanwhile = new Set(readDeletedIds());
      for (const item of answer.migrated ?? []) {
        // Deleted in the history while its move was under way: the account's new copy goes too, or the session the user
        // deleted would come back from the account. One the account will not delete now is hidden here all the same.
        if (deletedMeanwhile.has(item.localId)) {
          await sessionApi.remove(item.id).catch(() => rememberDeletedId(item.id));
          continue;
        }
        if (unchangedSinceSent(item.localId)) moveLocalSessionToAccount({ localId: item.localId, accountId: item.id, ownerId });
      }
      migratedCount += answer.migratedCount;
    }
    if (migratedCount > 1) showToast({ title: T.syncedTitle, description: T.syncedBody(migratedCount), variant: "success" });
  } catch (error) {
    // 503 with localOnly: the account's storage is out of reach (spec: "no database is configured"), so the sessions are
    // kept on this device by design rather than by a failed request.
    const { status, details } = toSessionApiError(error);
    const keptHere = status === 503 && details.localOnly === true;
    showToast({ title: keptHere ? T.savedLocallyTitle : T.migrationNoticeTitle, description: T.migrationNoticeBody });
  }
  announceSessionsChanged();
}
