import { makeSwipeHandler } from "@/lib/server/handlers/session";

// POST /api/public/sessions/{id}/swipe — guests keep votes in the browser: validated, not stored
export const POST = makeSwipeHandler("public");
