import "server-only";

import { ANALYZE_BODY_LIMIT_BYTES, analyzeRequestSchema } from "@/lib/domain/analysis/analyze-request";
import { identityFromRequest, requireIdentity } from "@/lib/server/auth/identity";
import { getDb } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { analyzeConversation } from "@/lib/server/services/analysis";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

/** POST /api/analyze — for guests (nothing stored) and signed-in users (the session is stored). */
export const analyzeHandler = withErrors(async (request) => {
  const body = await parseJson(request, analyzeRequestSchema, { limitBytes: ANALYZE_BODY_LIMIT_BYTES });
  const identity = await identityFromRequest(request);
  if (body.sessionId && !identity) throw new ApiError("not_found", "Session not found");
  return Response.json(await analyzeConversation(body, identity));
});

/** POST /api/sessions/{id}/retry-analysis — re-run a signed-in user's failed analysis from the stored transcript. */
export function makeRetryAnalysisHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const sessionId = await sessionIdParam(params);
    if (scope === "public") throw new ApiError("not_found", "Session not found");
    const identity = await requireIdentity(request);
    const session = await getDb().session.findFirst({
      where: { id: sessionId, userId: identity.userId, failures: { some: { kind: "analysis" } } },
      select: { transcript: true, speakerNames: true, analysis: true, mode: true, conversationGuideHeadline: true },
    });
    if (!session || session.transcript.trim() === "") throw new ApiError("not_found", "Session not found");
    const stored = (session.analysis ?? {}) as { transcriptionSegments?: unknown };
    const body = analyzeRequestSchema.parse({
      transcript: session.transcript,
      mode: session.mode,
      conversationGuideHeadline: session.conversationGuideHeadline ?? undefined,
      speakerNames: session.speakerNames ?? undefined,
      segments: Array.isArray(stored.transcriptionSegments) && stored.transcriptionSegments.length > 0 ? stored.transcriptionSegments : undefined,
      sessionId,
    });
    return withScopeHeader(Response.json(await analyzeConversation(body, identity)), scope);
  });
}
