import { z } from "zod";

// A full session as the browser saves it (POST /api/sessions/{id}?skipRegeneration=true, migration), with the spec's
// validity rules (part 2 section 5) and explicit limits.

export const SESSION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const text = (max: number) => z.string().max(max);
const epochOrIso = z.union([z.number().finite(), z.string().max(40)]);

export const followUpSchema = z.object({
  transcript: text(200_000),
  date: epochOrIso.optional(),
  createdAt: epochOrIso.optional(),
  transcriptionSegments: z.array(z.unknown()).max(5_000).optional(),
  speakerNames: z.record(z.string().max(100), z.string().max(80)).optional(),
  speakerStats: z.record(z.string().max(100), z.unknown()).optional(),
  speakers: z.record(z.string().max(100), z.unknown()).optional(),
});

export const swipeActionSchema = z.object({
  cardIndex: z.number().int().min(0).max(50),
  action: z.enum(["helpful", "unhelpful"]),
  timestamp: z.number().finite().optional(),
});

export const sessionBodySchema = z.object({
  id: z.string().regex(SESSION_ID_PATTERN, "a session needs an id"),
  transcript: text(200_000).optional(),
  analysis: z
    .record(z.string(), z.unknown())
    .refine((analysis) => analysis.followUpTranscripts === undefined || Array.isArray(analysis.followUpTranscripts), "analysis.followUpTranscripts must be an array")
    .nullish(),
  swipeActions: z.array(swipeActionSchema).max(50).optional(),
  createdAt: epochOrIso.optional(),
  timestamp: z.number().finite().optional(),
  isCompleted: z.boolean().optional(),
  isExample: z.boolean().optional(),
  name: text(200).nullish(),
  summary: text(20_000).nullish(),
  recommendations: z.array(text(2_000)).max(20).nullish(),
  encouragement: text(2_000).nullish(),
  reminderSet: z.boolean().optional(),
  reminderDate: z.number().finite().nullish(),
  followUpTranscripts: z.array(followUpSchema).max(50).optional(),
  followUpTranscript: text(200_000).nullish(),
  conversationGuideHeadline: text(200).nullish(),
  mode: z.enum(["couple", "relationship", "solo"]).optional(),
  speakerNames: z.record(z.string().max(100), z.string().max(80)).nullish(),
  bufferedTurns: z.array(z.object({ speakerLabel: text(100), text: text(10_000) })).max(2_000).optional(),
});

export type SessionBody = z.infer<typeof sessionBodySchema>;

export const swipeBodySchema = z.object({ swipeActions: z.array(swipeActionSchema).max(50) });
