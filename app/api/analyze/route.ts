import { analyzeHandler } from "@/lib/server/handlers/analyze";

// POST /api/analyze — insight cards, coach response and summary for a named transcript
export const POST = analyzeHandler;

export const maxDuration = 300;
