import { transcribePartHandler } from "@/lib/server/handlers/uploads";

// POST /api/uploads/[id]/parts/[part]/transcribe — transcribe one part
export const POST = transcribePartHandler;

// Provider calls with retries can take minutes for a ten-minute part.
export const maxDuration = 300;
