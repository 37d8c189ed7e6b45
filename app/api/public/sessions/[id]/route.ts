import { makeGetSessionHandler, makeSaveSessionHandler } from "@/lib/server/handlers/session";

// GET /api/public/sessions/{id} — guests' sessions are not on the server: 404
export const GET = makeGetSessionHandler("public");
// POST /api/public/sessions/{id} — validates and answers localOnly; nothing is stored
export const POST = makeSaveSessionHandler("public");
