import { makeSummaryHandler } from "@/lib/server/handlers/summary";

// POST /api/public/sessions/{id}/summary — the same for guests, from the cards and votes they send; nothing stored
export const POST = makeSummaryHandler("public");

export const maxDuration = 120;
