import { makeRealtimeSessionHandler } from "@/lib/server/handlers/realtime";

// POST /api/public/realtime/session — where the proxy sends callers without a session: the live coach needs a sign-in (401)
export const POST = makeRealtimeSessionHandler("public");
