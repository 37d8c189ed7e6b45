import "server-only";

import { SESSION_BODY_LIMIT_BYTES, sessionBodySchema, swipeBodySchema } from "@/lib/domain/sessions/session-schema";
import { requireIdentity } from "@/lib/server/auth/identity";
import { ApiError } from "@/lib/server/http/errors";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { getSessionForUser, recordReminderCtaClick, saveSessionForUser, saveSwipesForUser } from "@/lib/server/services/session-store";

import { sessionIdParam } from "./params";
import { type ApiScope, withScopeHeader } from "./scope";

// Guests' sessions live in their browser: public variants validate what they are sent and persist nothing.

/** GET /api/sessions/{id} (refresh, force and cache-busting query forms all read the same row). */
export function makeGetSessionHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    if (scope === "public") throw new ApiError("not_found", "Session not found");
    const identity = await requireIdentity(request);
    return withScopeHeader(Response.json(await getSessionForUser(identity.userId, id)), scope);
  });
}

/** POST /api/sessions/{id}?skipRegeneration=true — save a full session. */
export function makeSaveSessionHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    const body = await parseJson(request, sessionBodySchema, { limitBytes: SESSION_BODY_LIMIT_BYTES });
    if (scope === "public") return withScopeHeader(Response.json({ success: true, localOnly: true, id: body.id }), scope);
    const identity = await requireIdentity(request);
    return withScopeHeader(Response.json(await saveSessionForUser(identity.userId, id, body)), scope);
  });
}

/** POST /api/sessions/{id}/swipe — save card votes. */
export function makeSwipeHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    const { swipeActions } = await parseJson(request, swipeBodySchema);
    if (scope === "public") return withScopeHeader(Response.json({ success: true, localOnly: true }), scope);
    const identity = await requireIdentity(request);
    const session = await saveSwipesForUser(identity.userId, id, swipeActions);
    return withScopeHeader(Response.json({ success: true, swipeActions: session.swipeActions }), scope);
  });
}

/** POST /api/sessions/{id}/reminder-cta-click — counts "Set Reminder" taps (usage only). */
export function makeReminderClickHandler(scope: ApiScope) {
  return withErrors<{ id: string }>(async (request, { params }) => {
    const id = await sessionIdParam(params);
    if (scope === "public") return withScopeHeader(Response.json({ success: true }), scope);
    const identity = await requireIdentity(request);
    await recordReminderCtaClick(identity.userId, id);
    return withScopeHeader(Response.json({ success: true }), scope);
  });
}
