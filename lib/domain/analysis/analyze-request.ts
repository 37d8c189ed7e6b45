import { z } from "zod";

import { COMMITMENT_LIMITS, commitmentDraftSchema } from "@/lib/domain/growth/commitments";

import { EMPTY_TRANSCRIPT_MESSAGE } from "./analysis-errors";

// POST /api/analyze body (spec part 1 section 7): relationship (transcript + fullTranscript) or solo ("speaker: text" lines,
// mode "solo", guide headline), with the segments and names the browser already has so the metrics can be computed.

export const ANALYZE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const MAX_TRANSCRIPT_CHARS = 200_000;
const seconds = z
  .number()
  .min(0)
  .max(24 * 3600);

// A segment may be as long as the transcript: a provider can answer one turn of minutes (Gemini allows 20,000 characters),
// or text with no segments, which becomes one segment for the whole recording; a tighter bound refused its analysis on
// every retry. The body's own limit bounds the segments together.
const analyzeSegmentSchema = z.object({ speaker: z.string().trim().min(1).max(100), text: z.string().max(MAX_TRANSCRIPT_CHARS), start: seconds, end: seconds });

export const analyzeRequestSchema = z.object({
  transcript: z
    .string()
    .max(MAX_TRANSCRIPT_CHARS)
    .refine((text) => text.trim() !== "", EMPTY_TRANSCRIPT_MESSAGE),
  fullTranscript: z.string().max(MAX_TRANSCRIPT_CHARS).optional(),
  mode: z.enum(["couple", "relationship", "solo"]).default("couple"),
  conversationGuideHeadline: z.string().trim().max(200).optional(),
  speakerNames: z
    .record(z.string().max(100), z.string().trim().min(1).max(80))
    .refine((names) => Object.keys(names).length <= 10, "at most 10 speakers")
    .optional(),
  segments: z.array(analyzeSegmentSchema).max(5_000).optional(),
  speakerStats: z.record(z.string().max(100), z.object({ totalTime: z.number(), wordCount: z.number(), segments: z.number() })).optional(),
  /**
   * What a guest's previous conversation agreed and this one may touch (issue 11 follow-through). A signed-in user's are
   * read from the server instead, so this is ignored for them.
   */
  previousCommitments: z.array(commitmentDraftSchema).max(COMMITMENT_LIMITS.perFollowUp).optional(),
  /** The browser's id of the recording ("rec-…"): the idempotency key, so a retried call of one recording makes one session. */
  clientId: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** A signed-in user's session that failed earlier (transcription kept on the server): analysed into that session. */
  sessionId: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});

export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;

/** "Ana: text" lines (an optional "12. " prefix allowed) into speaker/text pairs; other lines join the previous turn. */
export function parseTranscriptLines(transcript: string): { speaker: string; text: string }[] {
  const turns: { speaker: string; text: string }[] = [];
  for (const line of transcript.split(/\r?\n/)) {
    const match = /^\s*(?:\d+[.)]\s*)?([^:]{1,80}):\s*(.*)$/.exec(line);
    if (match) turns.push({ speaker: match[1]!.trim(), text: match[2]!.trim() });
    else if (line.trim() && turns.length > 0) turns[turns.length - 1]!.text += ` ${line.trim()}`;
    else if (line.trim()) turns.push({ speaker: "SPEAKER_01", text: line.trim() });
  }
  return turns.filter((turn) => turn.text !== "");
}
