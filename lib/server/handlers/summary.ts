import "server-only";

import { z } from "zod";

import { swipeActionSchema } from "@/lib/domain/sessions/session-schema";
import { requireIdentity } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { cardsOf, generateSummary, summarizeStoredSession } from "@/lib/server/services/summary";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

const card = z.object({ dimension: z.string().max(100), insight: z.string().max(2_000), tips: z.array(z.string().max(1_000)).max(5).default([]) }).passthrough();
/** Guests send what the summary needs, since the server keeps nothing of theirs. */
const publicSummaryBody = z.object({ analysis: z.object({ cards: z.array(card).max(12) }).passthrough(), swipeActions: z.array(swipeActionSchema).max(50).default([]) });

/** POST /api/sessions/{id}/summary — the personalised summary; the signed-in variant also completes the session. */
export function makeSummaryHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    if (scope === "public") {
      const body = await parseJson(request, publicSummaryBody, { limitBytes: 512 * 1024 });
      const swipes = body.swipeActions.map((swipe) => ({ ...swipe, timestamp: swipe.timestamp ?? Date.now() }));
      return withScopeHeader(Response.json(await generateSummary(cardsOf(body.analysis), swipes)), scope);
    }
    const identity = await requireIdentity(request);
    return withScopeHeader(Response.json(await summarizeStoredSession(identity.userId, id)), scope);
  });
}
