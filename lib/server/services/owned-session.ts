import "server-only";

import { z } from "zod";

import { getDb, type Prisma } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";

// Every session query carries the owner: another user's session, or one already deleted, is simply not found.

/** A session id as the API takes it: a server id (UUID) or a browser id ("local-1732250000000"). */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "a session needs an id");

type Query = { select?: Prisma.SessionSelect; include?: Prisma.SessionInclude };
type DefaultQuery = { select: { id: true } };

/**
 * One of the caller's sessions, found by its server id or by the browser id it was saved under (clientId), always scoped
 * by the owner; a 404 "Session not found" otherwise. Without a query it answers the server id only.
 */
export async function findOwnedSession<Q extends Query = DefaultQuery>(userId: string, id: string, query?: Q): Promise<Prisma.SessionGetPayload<Q>> {
  const row = await getDb().session.findFirst({ where: ownedSessionWhere(userId, id), ...(query ?? { select: { id: true } }) });
  if (!row) throw sessionNotFound();
  return row as Prisma.SessionGetPayload<Q>;
}

/** The owner-scoped filter behind findOwnedSession, for queries that add conditions of their own. */
export function ownedSessionWhere(userId: string, id: string): Prisma.SessionWhereInput {
  return { userId, OR: [{ id }, { clientId: id }] };
}

export const sessionNotFound = () => new ApiError("not_found", "Session not found");
