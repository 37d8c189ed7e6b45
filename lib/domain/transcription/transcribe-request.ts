import { z } from "zod";

import { isStrictBase64, stripDataUrlPrefix } from "../audio/base64";
import { AUDIO_MIME, LANGUAGE_CODE, MAX_SPEAKERS_LIMIT, TRANSCRIBE_MAX_AUDIO_BASE64_CHARS } from "./audio-request-limits";
import { TRANSCRIPTION_ERRORS } from "./transcription-errors";

// POST /api/transcribe body (spec part 1, section 7), with explicit limits.

/** Larger bodies are refused with a 413 before parsing. */
export const TRANSCRIBE_BODY_LIMIT_BYTES = TRANSCRIBE_MAX_AUDIO_BASE64_CHARS + 64 * 1024;
/** Over the size limit, or longer than every transcription service takes in one call (lib/server/providers/transcription). */
export const TRANSCRIBE_TOO_LONG = "Recording is too long to transcribe in one piece.";

export const transcribeRequestSchema = z
  .object({
    audio: z
      .string()
      .min(1, TRANSCRIPTION_ERRORS.noAudio)
      .max(TRANSCRIBE_MAX_AUDIO_BASE64_CHARS, TRANSCRIBE_TOO_LONG)
      .transform(stripDataUrlPrefix)
      .refine(isStrictBase64, "audio must be base64-encoded"),
    mimeType: z.string().trim().max(100).regex(AUDIO_MIME, "unsupported audio type").default("audio/webm"),
    language: z.string().trim().max(35).regex(LANGUAGE_CODE, "language must be a language code such as en or en-US").default("en"),
    minSpeakers: z.number().int().min(1).max(MAX_SPEAKERS_LIMIT).optional(),
    maxSpeakers: z.number().int().min(1).max(MAX_SPEAKERS_LIMIT).optional(),
    soloMode: z.boolean().default(false),
    speakerName: z.string().trim().max(80).optional(),
    forceSpeakerDetection: z.boolean().optional(),
    /** The browser's id of the recording ("rec-…"): the idempotency key, so a retried call of one recording makes one session. */
    clientId: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    /**
     * A growth follow-up's session: a failed follow-up is not kept on the server as a session of its own (it belongs to that
     * session, which the retry appends it to); its audio stays in the browser, which keeps it until it is transcribed.
     */
    followUpOf: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .transform((body) => {
    const minSpeakers = body.soloMode ? 1 : (body.minSpeakers ?? 2);
    // The call's defaults are the spec's (part 1 §9: min 2, max 6), though a relationship conversation is described as "up
    // to 4 speakers": capping the provider at 4 would merge a fifth voice (a child, a TV) into one of the partners'.
    const maxSpeakers = body.soloMode ? 1 : (body.maxSpeakers ?? MAX_SPEAKERS_LIMIT);
    return { ...body, minSpeakers, maxSpeakers };
  })
  .refine((body) => body.minSpeakers <= body.maxSpeakers, { message: "minSpeakers must not exceed maxSpeakers", path: ["minSpeakers"] });

export type TranscribeRequest = z.infer<typeof transcribeRequestSchema>;
export type TranscribeRequestInput = z.input<typeof transcribeRequestSchema>;

/** "audio/webm;codecs=opus" → "audio/webm": providers want the container type. */
export function containerMimeType(mimeType: string): string {
  return mimeType.split(";")[0]!.trim().toLowerCase();
}

/** "en-US" → "en": the transcription providers take ISO-639-1. */
export function providerLanguage(language: string): string {
  return language.split("-")[0]!.toLowerCase();
}
