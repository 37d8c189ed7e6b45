import "server-only";

import { GUEST_SUMMARY_BODY_LIMIT_BYTES, guestSummaryBodySchema, summarizeGuestSession, summarizeStoredSession } from "@/lib/server/services/summary";

import { sessionRoute, type ApiScope } from "./session-route";

/**
 * POST /api/sessions/{id}/summary — the personalised summary; the signed-in variant also completes the session. Guests
 * send the cards and votes it is made from, and nothing is stored.
 */
export const makeSummaryHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    guestBody: { schema: guestSummaryBodySchema, limitBytes: GUEST_SUMMARY_BODY_LIMIT_BYTES },
    guest: ({ body }) => summarizeGuestSession(body),
    account: ({ identity, id }) => summarizeStoredSession(identity.userId, id),
  });
