import { makeSummaryHandler } from "@/lib/server/handlers/summary";

// POST /api/sessions/{id}/summary — personalised summary, recommendations and encouragement; completes the session
export const POST = makeSummaryHandler("account");

export const maxDuration = 120;
