import "server-only";

import { requireIdentity } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { deleteSessionForUser } from "@/lib/server/services/session-delete";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

/**
 * DELETE /api/sessions/{id}, also as the client's retry form ?retry=true&force=true (same meaning: the flags only say the
 * first attempt failed). Another user's id or an unknown id is a 404. Guests' sessions live in their browser: the public
 * variant deletes nothing and says so.
 */
export function makeDeleteSessionHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    if (scope === "public") return withScopeHeader(Response.json({ success: true, localOnly: true }), scope);
    const identity = await requireIdentity(request);
    await deleteSessionForUser(identity.userId, id);
    return withScopeHeader(Response.json({ success: true }), scope);
  });
}
