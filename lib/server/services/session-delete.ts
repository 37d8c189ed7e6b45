import "server-only";

import { getDb } from "@/lib/server/db";
import { noteDeletedSessions } from "@/lib/server/security/quota";
import { deleteFollowUpUploadsOf } from "@/lib/server/services/uploads";

import { findOwnedSession, sessionNotFound } from "./owned-session";

/**
 * Deletes one of the caller's sessions (by server id or browser id; 404 otherwise). The foreign keys cascade: votes,
 * follow-ups, failure markers (with any audio kept for a retry) and the commitments made in it go with it. The unfinished
 * upload of a follow-up recorded for it (audio, named by the session's id only) is deleted first. The delete is scoped by
 * owner as well, so a session can never be removed by id alone.
 */
export async function deleteSessionForUser(userId: string, id: string): Promise<void> {
  const session = await findOwnedSession(userId, id, { select: { id: true, clientId: true } });
  // First, so that a store that fails leaves the session for the retry, as the account's erasure does.
  await deleteFollowUpUploadsOf(userId, session.clientId ? [session.id, session.clientId] : [session.id]);
  await getDb().$transaction(async (tx) => {
    await noteDeletedSessions(tx, userId, { id: session.id });
    const { count } = await tx.session.deleteMany({ where: { id: session.id, userId } });
    // Deleted by a concurrent request between the two queries: gone either way, but this request did not delete it (the
    // throw rolls the note back).
    if (count === 0) throw sessionNotFound();
  });
}
