import { makeRealtimeSessionHandler } from "@/lib/server/handlers/realtime";

// POST /api/realtime/session — mints the live voice coach's short-lived client secret (signed-in users)
export const POST = makeRealtimeSessionHandler("account");

export const maxDuration = 30;
