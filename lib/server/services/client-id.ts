import "server-only";

import { getDb } from "@/lib/server/db";
import { isUniqueViolation } from "@/lib/server/http/errors";

// The browser's id of a recording ("rec-…") is the idempotency key of the sessions made from it: a retried transcription
// or analysis of the same recording by the same user lands in the same row. The unique (userId, clientId) is the arbiter,
// never a read-then-write: two requests at once both try to create, and the loser writes into the winner's row.

/** The caller's session stored under the recording's browser id, if any. */
export async function sessionIdForClientId(userId: string, clientId: string | undefined): Promise<string | undefined> {
  if (!clientId) return undefined;
  const row = await getDb().session.findUnique({ where: { userId_clientId: { userId, clientId } }, select: { id: true } });
  return row?.id;
}

/**
 * `create` a session under `clientId`; when a concurrent request with the same key created it first (the unique
 * constraint refuses this insert), `reuse` writes into that row instead and answers its id.
 */
export async function createOnce(
  userId: string,
  clientId: string | undefined,
  create: () => Promise<string>,
  reuse: (id: string) => Promise<string>,
): Promise<string> {
  try {
    return await create();
  } catch (error) {
    if (!clientId || !isUniqueViolation(error)) throw error;
    const id = await sessionIdForClientId(userId, clientId);
    if (!id) throw error;
    return reuse(id);
  }
}
