import { makeRetryTranscriptionHandler } from "@/lib/server/handlers/retry-transcription";

// POST /api/public/sessions/{id}/retry-transcription — guests keep recordings locally: always 404, the client falls back
export const POST = makeRetryTranscriptionHandler("public");
