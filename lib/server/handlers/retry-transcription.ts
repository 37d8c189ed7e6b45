import "server-only";

import { requireIdentity } from "@/lib/server/auth/identity";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { retryFailedTranscription } from "@/lib/server/services/transcription";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

/**
 * POST /api/sessions/{id}/retry-transcription. Guests' failed recordings live only in their browser, so the public variant
 * always answers 404 and the client sends its local audio to /api/transcribe instead.
 */
export function makeRetryTranscriptionHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const sessionId = await sessionIdParam(params);
    if (scope === "public") throw new ApiError("not_found", "Recording not found. It may have been deleted.");
    const identity = await requireIdentity(request);
    return withScopeHeader(Response.json(await retryFailedTranscription(sessionId, identity)), scope);
  });
}
