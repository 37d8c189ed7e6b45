import { listLocalSessionRecords, moveLocalSessionToAccount, readLocalSessionRecord, removeLocalSession } from "@/lib/client/recordings/local-recordings";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { migrationBatches } from "@/lib/domain/history/migration-batches";
import { keptCopyItem } from "@/lib/domain/history/migration-item";
import { confirmedMoves, copiesToHandOver, deletedInAccount } from "@/lib/domain/history/sign-out-copies";

// Loaded by the sign-out (components/auth/identity-provider.tsx) while the account's sign-in still holds: the requests
// need it. Which copies may go, and why only through the account's confirmation: lib/domain/history/sign-out-copies.ts.

/**
 * Hands the leaving account's kept copies to the account (the sign-in migration's request, idempotent by id) and removes
 * from this browser only those it confirms, or says it deleted. Quiet: the sign-out's one message is "Logged out". Stops
 * when `signal` aborts; never throws. Answers how many copies left the browser.
 */
export async function handOverKeptCopies(ownerId: string, signal: AbortSignal): Promise<number> {
  let removed = 0;
  try {
    const copies = copiesToHandOver(listLocalSessionRecords(), ownerId);
    // Each copy as it was sent: one written again meanwhile (a failed vote's backup) holds what the account has not seen.
    const sent = new Map(copies.map((copy) => [copy.id, JSON.stringify(copy)]));
    const unchangedSinceSent = (id: string) => JSON.stringify(readLocalSessionRecord(id)) === sent.get(id);
    for (const batch of migrationBatches(copies)) {
      if (signal.aborted) break;
      // Marked as kept copies: the account keeps its own copy where it changed after this one (keptCopyItem), and still
      // confirms it, so the copy leaves this browser either way.
      const now = Date.now();
      const answer = await sessionApi.migrate(
        batch.map((copy) => keptCopyItem(copy, now)),
        { signal },
      );
      for (const { localId, accountId } of confirmedMoves(batch, answer.migrated)) {
        if (!unchangedSinceSent(localId)) continue;
        // As after the sign-in's migration: a copy under this browser's id is recorded as moved, a backup under the
        // account's id only removed (moveLocalSessionToAccount).
        if (moveLocalSessionToAccount({ localId, accountId, ownerId })) removed += 1;
      }
      for (const id of deletedInAccount(batch, answer.skipped)) {
        if (unchangedSinceSent(id) && removeLocalSession(id)) removed += 1;
      }
    }
  } catch {
    // Offline, refused, too slow, or storage refusing the write: what is left stays, as after a failed sign-in migration.
  }
  return removed;
}
