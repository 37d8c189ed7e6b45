import { makeAppendTranscriptHandler } from "@/lib/server/handlers/append-transcript";

// POST /api/sessions/{id}/append-transcript — add a follow-up transcript to the caller's session
export const POST = makeAppendTranscriptHandler("account");
