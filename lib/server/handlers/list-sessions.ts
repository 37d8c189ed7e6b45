import "server-only";

import { sessionListQuerySchema } from "@/lib/domain/history/session-list";
import { listSessionPage } from "@/lib/server/services/sessions";

import { scopedRoute, type ApiScope } from "./session-route";

/**
 * GET /api/sessions?cursor=…&limit=… and /api/public/sessions: one page of the history. Guests' sessions live in their
 * browser, so the public list is empty.
 */
export const makeListSessionsHandler = (scope: ApiScope) =>
  scopedRoute(scope, {
    guest: () => ({ sessions: [], nextCursor: null }),
    account: async ({ identity, url }) => listSessionPage(identity.userId, sessionListQuerySchema.parse(Object.fromEntries(url.searchParams))),
  });
