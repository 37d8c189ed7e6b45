import "server-only";

import { ANALYZE_BODY_LIMIT_BYTES, analyzeRequestSchema } from "@/lib/domain/analysis/analyze-request";
import { identityFromRequest } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { routeBudget } from "@/lib/server/providers/budget";
import { admitAiCall, aiLimited } from "@/lib/server/security/rate-limit-guard";
import { analyzeConversation, retryFailedAnalysis, storedAnalysisFor } from "@/lib/server/services/analysis";
import { callerWhoMayStore } from "@/lib/server/services/erased-accounts";
import { refuseNewSessionPastCaps } from "@/lib/server/services/new-session-caps";

import { sessionRoute, type ApiScope } from "./session-route";

// analyzeRequestSchema stays in lib/domain/analysis/analyze-request.ts, not beside the service: the browser builds its
// request from the same type and reads the same transcript rules.

/** POST /api/analyze — for guests (nothing stored) and signed-in users (the session is stored). */
export const analyzeHandler = withErrors(async (request) => {
  // Not the request's signal: an analysis finished after the client left is stored, so its retry finds the result.
  const budget = routeBudget("analyze");
  const body = await parseJson(request, analyzeRequestSchema, { limitBytes: ANALYZE_BODY_LIMIT_BYTES });
  // An erased account's last token is answered as a guest is: the analysis, nothing stored.
  const identity = await callerWhoMayStore(request, await identityFromRequest(request));
  // Before the limit: a replay makes no provider call, so it does not use up the caller's allowance.
  const replay = await storedAnalysisFor(body, identity);
  if (replay) return Response.json(replay);
  await admitAiCall(request, "analyze", identity, body.sessionId);
  // Only an analysis that would make a session is held to the caps: not one of a recording whose session exists (a retry).
  if (identity && !body.sessionId) await refuseNewSessionPastCaps(identity.userId, body.clientId);
  return Response.json(await analyzeConversation(body, identity, budget));
});

/** POST /api/sessions/{id}/retry-analysis — re-run a signed-in user's failed analysis from the stored transcript. Public: 404. */
export const makeRetryAnalysisHandler = (scope: ApiScope) =>
  sessionRoute<undefined>(scope, {
    account: aiLimited("analyze", ({ identity, id }) => retryFailedAnalysis(identity, id, routeBudget("analyze"))),
  });
