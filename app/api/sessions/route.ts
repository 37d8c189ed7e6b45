import { makeListSessionsHandler } from "@/lib/server/handlers/list-sessions";

// GET /api/sessions — the signed-in user's sessions, newest activity first
export const GET = makeListSessionsHandler("account");
