import "server-only";

import { listSessionsForUser } from "@/lib/server/services/sessions";

import { scopedRoute, type ApiScope } from "./session-route";

/** GET /api/sessions and /api/public/sessions. Guests' sessions live in their browser, so the public list is empty. */
export const makeListSessionsHandler = (scope: ApiScope) =>
  scopedRoute(scope, {
    guest: () => ({ sessions: [] }),
    account: async ({ identity }) => ({ sessions: await listSessionsForUser(identity.userId) }),
  });
