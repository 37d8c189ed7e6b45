import "server-only";

import { requireIdentity } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { ownedSessionId } from "@/lib/server/services/session-delete";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

/**
 * GET /api/sessions/{id}/invalidate-cache. The server keeps no session cache (every GET reads the row, answered no-store),
 * so there is nothing to drop: the call checks the caller owns the session (404 otherwise) and confirms. Public: nothing
 * is on the server for guests, so it simply confirms.
 */
export function makeInvalidateCacheHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    if (scope === "public") return withScopeHeader(Response.json({ success: true }), scope);
    const identity = await requireIdentity(request);
    await ownedSessionId(identity.userId, id);
    return withScopeHeader(Response.json({ success: true }), scope);
  });
}
