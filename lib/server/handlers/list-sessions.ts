import "server-only";

import { withErrors } from "@/lib/server/http/handler";
import { listSessionsForUser } from "@/lib/server/services/sessions";

import { type ApiScope, identityForScope, withScopeHeader } from "./scope";

/** GET /api/sessions and /api/public/sessions. Guests' sessions live in their browser, so the public list is empty. */
export function makeListSessionsHandler(scope: ApiScope) {
  return withErrors(async (request) => {
    const identity = await identityForScope(request, scope);
    const sessions = identity ? await listSessionsForUser(identity.userId) : [];
    return withScopeHeader(Response.json({ sessions }), scope);
  });
}
