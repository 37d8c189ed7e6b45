import { makeGetSessionHandler, makeSaveSessionHandler } from "@/lib/server/handlers/session";
import { makeDeleteSessionHandler } from "@/lib/server/handlers/session-delete";

// GET /api/public/sessions/{id} — guests' sessions are not on the server: 404
export const GET = makeGetSessionHandler("public");
// POST /api/public/sessions/{id} — validates and answers localOnly; nothing is stored
export const POST = makeSaveSessionHandler("public");
// DELETE /api/public/sessions/{id} — guests' sessions are local: answers localOnly; nothing is stored or deleted
export const DELETE = makeDeleteSessionHandler("public");
