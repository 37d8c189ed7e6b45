import "server-only";

import { routeBudget } from "@/lib/server/providers/budget";
import { aiLimited } from "@/lib/server/security/rate-limit-guard";
import { appendAndRegenerateForUser, appendTranscriptBodySchema, regenerateForGuest, type AppendTranscriptBody } from "@/lib/server/services/append-transcript";
import { SESSION_BODY_LIMIT_BYTES } from "@/lib/server/services/session-store";

import { sessionRoute, type ApiScope } from "./session-route";

/**
 * POST /api/sessions/{id}/append-transcript — adds a follow-up ("Growth Commitment") transcript, regenerates the analysis
 * with it and answers the updated session with status "ok", or "partial_failure" with the error when the follow-up is
 * stored but the regeneration failed. Public: a guest's session lives in the browser, so the regeneration is computed
 * from the context the browser sends and nothing is stored; the browser keeps the follow-up itself.
 */
export const makeAppendTranscriptHandler = (scope: ApiScope) =>
  sessionRoute<AppendTranscriptBody>(scope, {
    body: { schema: appendTranscriptBodySchema, limitBytes: SESSION_BODY_LIMIT_BYTES },
    guest: aiLimited("append", ({ body }) => regenerateForGuest(body, routeBudget("append"))),
    account: aiLimited("append", ({ identity, id, body }) => appendAndRegenerateForUser(identity.userId, id, body, routeBudget("append"))),
  });
