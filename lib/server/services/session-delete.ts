import "server-only";

import { getDb } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";

// Owner-scoped, like every session query: another user's session, or one already deleted, is simply not found.

const notFound = () => new ApiError("not_found", "Session not found");

/** The server id of one of the caller's sessions, found by its server id or the browser id it was saved under; else 404. */
export async function ownedSessionId(userId: string, id: string): Promise<string> {
  const row = await getDb().session.findFirst({ where: { userId, OR: [{ id }, { clientId: id }] }, select: { id: true } });
  if (!row) throw notFound();
  return row.id;
}

/**
 * Deletes one of the caller's sessions. The foreign keys cascade: votes, follow-ups and failure markers (with any audio
 * kept for a retry) go with it. The delete is scoped by owner as well, so a session can never be removed by id alone.
 */
export async function deleteSessionForUser(userId: string, id: string): Promise<void> {
  const sessionId = await ownedSessionId(userId, id);
  const { count } = await getDb().session.deleteMany({ where: { id: sessionId, userId } });
  // Deleted by a concurrent request between the two queries: gone either way, but this request did not delete it.
  if (count === 0) throw notFound();
}
