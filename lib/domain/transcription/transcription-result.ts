import { z } from "zod";

// The transcription answer as the browser receives it (spec part 1 section 3), and the error texts of its failures.

// In a module without zod: the recorder's texts re-export them, and the first screen does not load the schemas.
export { TRANSCRIPTION_ERRORS } from "./transcription-errors";

const segmentSchema = z.object({ speaker: z.string(), text: z.string(), start: z.number(), end: z.number() });
const statsSchema = z.object({ totalTime: z.number(), wordCount: z.number(), segments: z.number() });

export const transcriptionResultSchema = z.object({
  transcript: z.string(),
  segments: z.array(segmentSchema),
  speakers: z.record(z.string(), z.array(segmentSchema)),
  speakerStats: z.record(z.string(), statsSchema),
  fallback: z.boolean().default(false),
  fallbackReason: z.string().optional(),
  sessionId: z.string().optional(),
  /** The browser's id of the recording this came from (set by the browser): the analysis's idempotency key. */
  clientId: z.string().optional(),
});

export type TranscriptionResultData = z.infer<typeof transcriptionResultSchema>;
