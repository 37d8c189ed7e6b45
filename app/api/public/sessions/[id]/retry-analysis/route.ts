import { makeRetryAnalysisHandler } from "@/lib/server/handlers/analyze";

// POST /api/public/sessions/{id}/retry-analysis — guests' sessions are not on the server: always 404
export const POST = makeRetryAnalysisHandler("public");
