import { makeAppendTranscriptHandler } from "@/lib/server/handlers/append-transcript";

// POST /api/sessions/{id}/append-transcript — add a follow-up transcript to the caller's session
export const POST = makeAppendTranscriptHandler("account");

// The follow-up is stored, then the analysis regenerated: the same budget as an analysis (lib/server/providers/budget.ts).
export const maxDuration = 300;
