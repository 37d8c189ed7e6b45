import { makeRetryTranscriptionHandler } from "@/lib/server/handlers/retry-transcription";

// POST /api/sessions/{id}/retry-transcription — transcribe a signed-in user's failed recording kept on the server
export const POST = makeRetryTranscriptionHandler("account");

export const maxDuration = 300;
