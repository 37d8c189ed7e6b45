import { makeGetSessionHandler, makeSaveSessionHandler } from "@/lib/server/handlers/session";
import { makeDeleteSessionHandler } from "@/lib/server/handlers/session-delete";

// GET /api/sessions/{id} — one of the caller's sessions
export const GET = makeGetSessionHandler("account");
// POST /api/sessions/{id}?skipRegeneration=true — save a full session (idempotent)
export const POST = makeSaveSessionHandler("account");
// DELETE /api/sessions/{id} (also ?retry=true&force=true) — delete the caller's session with its votes, follow-ups and failures
export const DELETE = makeDeleteSessionHandler("account");
