import "server-only";

import { getDb } from "@/lib/server/db";
import { noteDeletedSessions } from "@/lib/server/security/quota";

import { findOwnedSession, sessionNotFound } from "./owned-session";

/**
 * Deletes one of the caller's sessions (by server id or browser id; 404 otherwise). The foreign keys cascade: votes,
 * follow-ups and failure markers (with any audio kept for a retry) go with it. The delete is scoped by owner as well, so a
 * session can never be removed by id alone.
 */
export async function deleteSessionForUser(userId: string, id: string): Promise<void> {
  const session = await findOwnedSession(userId, id);
  await getDb().$transaction(async (tx) => {
    await noteDeletedSessions(tx, userId, { id: session.id });
    const { count } = await tx.session.deleteMany({ where: { id: session.id, userId } });
    // Deleted by a concurrent request between the two queries: gone either way, but this request did not delete it (the
    // throw rolls the note back).
    if (count === 0) throw sessionNotFound();
  });
}
