import { transcribeHandler } from "@/lib/server/handlers/transcribe";

// POST /api/transcribe — speech to text with speaker identification
export const POST = transcribeHandler;

// Provider calls with retries can take minutes for a long recording.
export const maxDuration = 300;
