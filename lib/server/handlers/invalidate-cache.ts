import "server-only";

import { findOwnedSession } from "@/lib/server/services/owned-session";

import { sessionRoute, type ApiScope } from "./session-route";

/**
 * GET /api/sessions/{id}/invalidate-cache. The server keeps no session cache (every GET reads the row, answered no-store),
 * so there is nothing to drop: the call checks the caller owns the session (404 otherwise) and confirms. Public: nothing
 * is on the server for guests, so it simply confirms.
 */
export const makeInvalidateCacheHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    guest: () => ({ success: true }),
    account: async ({ identity, id }) => {
      await findOwnedSession(identity.userId, id);
      return { success: true };
    },
  });
