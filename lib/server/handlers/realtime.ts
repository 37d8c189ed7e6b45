import "server-only";

import { REALTIME_SESSION_BODY_LIMIT_BYTES, realtimeSessionRequestSchema } from "@/lib/domain/solo/realtime-session-request";
import { ApiError } from "@/lib/server/http/errors";
import { ROUTE_BUDGETS_MS } from "@/lib/server/providers/budget";
import { admitAiCall } from "@/lib/server/security/rate-limit-guard";
import { mintRealtimeSession } from "@/lib/server/services/realtime-session";

import { scopedRoute, type ApiScope } from "./session-route";

/** The Solo Journal with its live coach is for signed-in users (spec part 1, sections 1 and 6). */
const signInForCoach = () => new ApiError("unauthorized", "Please sign in to talk with the live coach.");

/**
 * POST /api/realtime/session — a short-lived client secret for the live voice coach, with where to post the SDP offer.
 * Signed in only: the public variant (where the proxy sends callers without a session) is a 401. Rate-limited like every
 * AI call, before the provider is asked.
 */
export const makeRealtimeSessionHandler = (scope: ApiScope) =>
  scopedRoute(scope, {
    body: { schema: realtimeSessionRequestSchema, limitBytes: REALTIME_SESSION_BODY_LIMIT_BYTES },
    guest: () => {
      throw signInForCoach();
    },
    signedOut: signInForCoach,
    account: async ({ request, identity, body }) => {
      await admitAiCall(request, "realtime", identity);
      return mintRealtimeSession(body, { deadline: Date.now() + ROUTE_BUDGETS_MS.realtime });
    },
  });
