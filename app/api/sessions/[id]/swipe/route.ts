import { makeSwipeHandler } from "@/lib/server/handlers/session";

// POST /api/sessions/{id}/swipe — save card votes (one per card)
export const POST = makeSwipeHandler("account");
