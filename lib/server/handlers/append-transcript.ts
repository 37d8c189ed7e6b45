import "server-only";

import { SESSION_BODY_LIMIT_BYTES } from "@/lib/domain/sessions/session-schema";
import { requireIdentity } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { appendAndRegenerateForUser, appendTranscriptBodySchema, regenerateForGuest } from "@/lib/server/services/append-transcript";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

/**
 * POST /api/sessions/{id}/append-transcript — adds a follow-up ("Growth Commitment") transcript, regenerates the analysis
 * with it and answers the updated session with status "ok", or "partial_failure" with the error when the follow-up is
 * stored but the regeneration failed. Public: a guest's session lives in the browser, so the regeneration is computed
 * from the context the browser sends and nothing is stored; the browser keeps the follow-up itself.
 */
export function makeAppendTranscriptHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    const body = await parseJson(request, appendTranscriptBodySchema, { limitBytes: SESSION_BODY_LIMIT_BYTES });
    if (scope === "public") return withScopeHeader(Response.json(await regenerateForGuest(body)), scope);
    const identity = await requireIdentity(request);
    return withScopeHeader(Response.json(await appendAndRegenerateForUser(identity.userId, id, body)), scope);
  });
}
