import { makeGetSessionHandler, makeSaveSessionHandler } from "@/lib/server/handlers/session";

// GET /api/sessions/{id} — one of the caller's sessions
export const GET = makeGetSessionHandler("account");
// POST /api/sessions/{id}?skipRegeneration=true — save a full session (idempotent)
export const POST = makeSaveSessionHandler("account");
