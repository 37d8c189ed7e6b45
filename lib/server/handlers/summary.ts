import "server-only";

import type { z } from "zod";

import { routeBudget } from "@/lib/server/providers/budget";
import { aiLimited } from "@/lib/server/security/rate-limit-guard";
import { GUEST_SUMMARY_BODY_LIMIT_BYTES, guestSummaryBodySchema, summarizeGuestSession, summarizeStoredSession } from "@/lib/server/services/summary";

import { sessionRoute, type ApiScope } from "./session-route";

type GuestSummaryBody = z.infer<typeof guestSummaryBodySchema>;

/**
 * POST /api/sessions/{id}/summary — the personalised summary; the signed-in variant also completes the session. Guests
 * send the cards and votes it is made from, and nothing is stored.
 */
export const makeSummaryHandler = (scope: ApiScope) =>
  sessionRoute<undefined, GuestSummaryBody>(scope, {
    guestBody: { schema: guestSummaryBodySchema, limitBytes: GUEST_SUMMARY_BODY_LIMIT_BYTES },
    guest: aiLimited("summary", ({ body }) => summarizeGuestSession(body, routeBudget("summary"))),
    account: aiLimited("summary", ({ identity, id }) => summarizeStoredSession(identity.userId, id, routeBudget("summary"))),
  });
