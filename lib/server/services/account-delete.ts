import "server-only";

import { createClerkClient } from "@clerk/nextjs/server";

import { getDb } from "@/lib/server/db";
import { getClerkConfig } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { noteDeletedSessions } from "@/lib/server/security/quota";
import { counterKeysOfUser } from "@/lib/server/security/rate-limit";
import { markAccountErased } from "@/lib/server/services/erased-accounts";
import { clearPiecesOfDeletedUploads, deleteStoredPiecesOfUser, uploadOwnerOfUser } from "@/lib/server/services/uploads";

// The right to erasure: everything the server holds for one account goes in one transaction, and another account's rows
// are never touched (every statement carries the owner). The Clerk account itself goes last, only when asked: were it
// deleted first and the database then failed, the data would be left with nobody able to sign in and delete it. When the
// account goes, its tombstone is written with the deletes, before Clerk is asked: from that commit on nothing is stored
// for it. Should the Clerk step then fail, the account can still sign in, read and erase (the retry), but store nothing.

export type DeletedCounts = {
  sessions: number;
  swipeActions: number;
  followUps: number;
  failureMarkers: number;
  retainedRecordings: number;
  commitments: number;
  rateLimitCounters: number;
  /** Unfinished uploads of recordings sent in parts, with their audio pieces. */
  uploads: number;
};

/**
 * `account`: the account itself goes. Then it is also marked erased (erased-accounts.ts), so nothing is stored for it
 * afterwards, not even by a request already running; and its rate-limit counters go too. Those hold no content and end
 * with their window; were they deleted with the data alone, deleting one's data would reset one's AI allowance, at will.
 */
export async function deleteAccountData(userId: string, { account = false }: { account?: boolean } = {}): Promise<DeletedCounts> {
  const owned = { session: { userId } };
  // Pieces in an object store go first: should the transaction then fail, the uploads are still listed for a retry.
  await deleteStoredPiecesOfUser(userId);
  const { deleted, uploadIds } = await getDb().$transaction(async (tx) => {
    // First, before anything is counted or deleted: it waits for the account's writers under way to commit.
    if (account) await markAccountErased(tx, userId);
    // Counted first, in the same transaction: the cascades below do not report what they removed.
    const [swipeActions, followUps, failureMarkers, retainedRecordings, sourceCommitments] = await Promise.all([
      tx.swipeAction.count({ where: owned }),
      tx.followUpTranscript.count({ where: owned }),
      tx.failureMarker.count({ where: owned }),
      tx.failureMarker.count({ where: { ...owned, audio: { not: null } } }),
      tx.commitment.count({ where: owned }),
    ]);
    // Today's sessions still count toward the day's cap of new sessions (quota.ts), unless the account itself goes.
    if (!account) await noteDeletedSessions(tx, userId);
    // Votes, follow-ups, failure markers (with any audio) and the commitments made in these sessions cascade.
    const { count: sessions } = await tx.session.deleteMany({ where: { userId } });
    // A commitment is the owner's by its own column as well; none should outlive its session, but none may stay behind.
    const { count: strayCommitments } = await tx.commitment.deleteMany({ where: { userId } });
    const rateLimitCounters = account ? await deleteRateLimitCounters(tx, userId) : 0;
    // The pieces in the database go with their upload (cascade).
    const gone = await tx.$queryRaw<{ id: string }[]>`DELETE FROM "Upload" WHERE "owner" = ${uploadOwnerOfUser(userId)} RETURNING "id"`;
    const counts: DeletedCounts = {
      sessions,
      swipeActions,
      followUps,
      failureMarkers,
      retainedRecordings,
      commitments: sourceCommitments + strayCommitments,
      rateLimitCounters,
      uploads: gone.length,
    };
    return { deleted: counts, uploadIds: gone.map((row) => row.id) };
  });
  // A piece stored in an object store while the first pass ran is found by a second, now that its upload is gone.
  await clearPiecesOfDeletedUploads(uploadIds);
  return deleted;
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["$transaction"]>[0]>[0];

/** The counters keyed by this user (rate-limit.ts counterKeysOfUser says which, exactly). */
async function deleteRateLimitCounters(tx: Tx, userId: string): Promise<number> {
  return tx.$executeRaw`DELETE FROM "RateLimitCounter" WHERE ${counterKeysOfUser(userId)}`;
}

/**
 * Deletes the user in Clerk (Backend API). Only for an identity Clerk verified, so the secret key is configured; a failure
 * is a 502 whose details say the data itself is already gone, so a retry only needs to repeat this step.
 */
export async function deleteClerkUser(userId: string, deleted: DeletedCounts, { timeoutMs = CLERK_DELETE_TIMEOUT_MS } = {}): Promise<void> {
  const clerk = getClerkConfig();
  if (!clerk) throw new ApiError("not_configured", "Account deletion is not available on this server.", { deleted });
  const client = createClerkClient({ secretKey: clerk.secretKey, publishableKey: clerk.publishableKey, apiUrl: clerk.apiUrl });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Clerk's client takes no time limit of its own: a Clerk that does not answer must not hold the request open.
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error("Clerk did not answer in time"), { status: "timeout" })), timeoutMs);
    });
    await Promise.race([client.users.deleteUser(userId), timedOut]);
  } catch (error) {
    const status = typeof error === "object" && error !== null && "status" in error ? String(error.status) : "no status";
    // Already gone (an earlier attempt got through and only its answer was lost): that is what was asked.
    if (status === "404") return;
    // The status only: Clerk's error bodies can echo the account's details.
    console.error(`[account] deleting the Clerk user failed (${status})`);
    throw new ApiError("upstream_failed", "Your data was deleted, but your account could not be deleted. Please try again.", { deleted });
  } finally {
    clearTimeout(timer);
  }
}

/** How long Clerk's Backend API gets to delete the user; the data is already gone then, so a retry repeats only this. */
export const CLERK_DELETE_TIMEOUT_MS = 15_000;
