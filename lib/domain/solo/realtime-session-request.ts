import { z } from "zod";

// POST /api/realtime/session (spec part 1, section 7): the body the browser sends and the answer it gets.

export const REALTIME_SESSION_PATH = "/api/realtime/session";

export const USER_LABEL_MAX_CHARS = 80;
export const GUIDE_HEADLINE_MAX_CHARS = 160;
export const GUIDE_DESCRIPTION_MAX_CHARS = 1000;
export const REALTIME_SESSION_BODY_LIMIT_BYTES = 8 * 1024;

/** A conversation guide as passed to the coach (spec part 1, section 3): headline and description. */
export const guideContextSchema = z.object({
  headline: z.string().trim().min(1).max(GUIDE_HEADLINE_MAX_CHARS),
  description: z.string().trim().max(GUIDE_DESCRIPTION_MAX_CHARS).default(""),
});
export type GuideContext = z.infer<typeof guideContextSchema>;

export const realtimeSessionRequestSchema = z.object({
  /** How the coach addresses the user: their name, or "You". */
  userLabel: z.string().trim().min(1).max(USER_LABEL_MAX_CHARS),
  /** The guide picked before the session started, if any. */
  guideContext: guideContextSchema.nullish(),
  /** The recording language (BCP 47, e.g. en-US), so the coach answers in it where it can. */
  language: z
    .string()
    .trim()
    .max(35)
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "language must be a language code such as en or en-US")
    .optional(),
});
export type RealtimeSessionRequest = z.input<typeof realtimeSessionRequestSchema>;

/** What the browser needs to connect: the short-lived secret and where to post the SDP offer. Never the API key. */
export const realtimeSessionAnswerSchema = z.object({
  clientSecret: z.string().min(1),
  /** Unix seconds. */
  expiresAt: z.number(),
  callsUrl: z.string().url(),
  model: z.string(),
});
export type RealtimeSessionAnswer = z.infer<typeof realtimeSessionAnswerSchema>;
