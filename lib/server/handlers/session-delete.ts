import "server-only";

import { deleteSessionForUser } from "@/lib/server/services/session-delete";

import { sessionRoute, type ApiScope } from "./session-route";

/**
 * DELETE /api/sessions/{id}, also as the client's retry form ?retry=true&force=true (same meaning: the flags only say the
 * first attempt failed). Another user's id or an unknown id is a 404. Guests' sessions live in their browser: the public
 * variant deletes nothing and says so.
 */
export const makeDeleteSessionHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    guest: () => ({ success: true, localOnly: true }),
    account: async ({ identity, id }) => {
      await deleteSessionForUser(identity.userId, id);
      return { success: true };
    },
  });
