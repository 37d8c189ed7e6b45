import { makeRetryAnalysisHandler } from "@/lib/server/handlers/analyze";

// POST /api/sessions/{id}/retry-analysis — analyse again a signed-in user's session whose analysis failed
export const POST = makeRetryAnalysisHandler("account");

export const maxDuration = 300;
