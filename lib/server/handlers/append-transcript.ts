import "server-only";

import { SESSION_BODY_LIMIT_BYTES } from "@/lib/domain/sessions/session-schema";
import { requireIdentity } from "@/lib/server/auth/identity";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { appendTranscriptBodySchema, appendTranscriptForUser } from "@/lib/server/services/append-transcript";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

/**
 * POST /api/sessions/{id}/append-transcript — adds a follow-up ("Growth Commitment") transcript and answers the updated
 * session with status "ok". The analysis is not regenerated here (no AI call). Public: guests' sessions are not on the
 * server, so after validating the body it is a 404 and the browser appends to its local copy.
 */
export function makeAppendTranscriptHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    const body = await parseJson(request, appendTranscriptBodySchema, { limitBytes: SESSION_BODY_LIMIT_BYTES });
    if (scope === "public") throw new ApiError("not_found", "Session not found");
    const identity = await requireIdentity(request);
    const session = await appendTranscriptForUser(identity.userId, id, body);
    return withScopeHeader(Response.json({ ...session, status: "ok" }), scope);
  });
}
