import { makeInvalidateCacheHandler } from "@/lib/server/handlers/invalidate-cache";

// GET /api/public/sessions/{id}/invalidate-cache — nothing is cached for guests: confirms
export const GET = makeInvalidateCacheHandler("public");
