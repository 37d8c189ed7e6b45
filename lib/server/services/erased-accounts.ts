import "server-only";

import type { Identity } from "@/lib/server/auth/identity";
import { getDb, type Prisma } from "@/lib/server/db";

// After an account is erased nothing new is stored for it, by any writer: a request still running when the erasure
// answered (an analysis takes minutes) would otherwise store a session for a Clerk user who no longer exists, which nobody
// could ever sign in to delete. The same goes for a request made afterwards with the account's last session token: Clerk
// verifies those offline, so they stay valid until they expire (and identity.ts keeps verified tokens until then).
//
// The guard is the database's: the erasure records a tombstone (ErasedAccount: the id and the time, nothing else) in its
// own transaction, and a trigger refuses every new row of a tombstoned user, races included (migration
// 20261126034133_erased_accounts says how). That covers every writer at once, future ones too. Requests that would store
// something are also turned away up front (callerWhoMayStore), so an erased account's last token buys no AI call either.
//
// Tombstones are kept for good, not purged by the retention job: they are safe to drop only once no request and no token
// of the account can still arrive, and the server does not bound the second (a session token's lifetime is set in Clerk's
// dashboard). A tombstone holds no content, Clerk never reuses a user id, and one short row per erased account is
// bounded by the accounts there ever were.

/**
 * Marks `userId` erased, inside the erasure's transaction and before it deletes anything: the exclusive side of the
 * trigger's per-account lock (same two keys as the migration's), so a writer that slipped in first has committed, and
 * its rows are seen by the deletes that follow; a writer that comes later waits for this commit, then finds the tombstone.
 * Taken first, before any row lock: a writer never holds one of this account's rows while it waits for this lock.
 */
export async function markAccountErased(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('ErasedAccount'), hashtext(${userId}))`;
  // An erasure retried (its Clerk step failed the first time) finds its tombstone there already.
  await tx.erasedAccount.createMany({ data: [{ userId }], skipDuplicates: true });
}

/** Methods of requests that may store something. DELETE is not one: an erased account may still erase (its retry). */
const STORING_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * The caller as a request that may store something sees it: `identity`, or null when its account was erased, the answer
 * for a caller nobody knows (a 401 where a sign-in is needed; a guest's treatment where guests are served). Only such
 * requests pay the look-up (one primary-key read): reading an erased account finds nothing anyway.
 */
export async function callerWhoMayStore(request: Request, identity: Identity | null): Promise<Identity | null> {
  if (!identity || !STORING_METHODS.has(request.method.toUpperCase())) return identity;
  const erased = await getDb().erasedAccount.findUnique({ where: { userId: identity.userId }, select: { userId: true } });
  return erased ? null : identity;
}
