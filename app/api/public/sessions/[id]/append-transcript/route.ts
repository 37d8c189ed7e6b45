import { makeAppendTranscriptHandler } from "@/lib/server/handlers/append-transcript";

// POST /api/public/sessions/{id}/append-transcript — guests' sessions are not on the server: 404 after validating the body
export const POST = makeAppendTranscriptHandler("public");

// The follow-up is stored, then the analysis regenerated: the same budget as an analysis (lib/server/providers/budget.ts).
export const maxDuration = 300;
