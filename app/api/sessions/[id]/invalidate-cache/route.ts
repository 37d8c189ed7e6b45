import { makeInvalidateCacheHandler } from "@/lib/server/handlers/invalidate-cache";

// GET /api/sessions/{id}/invalidate-cache — no server cache to drop: checks ownership (404 otherwise) and confirms
export const GET = makeInvalidateCacheHandler("account");
