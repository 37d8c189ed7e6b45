import { z } from "zod";

import { AUDIO_MIME, LANGUAGE_CODE, MAX_SPEAKERS_LIMIT } from "./audio-request-limits";

// Recordings longer than one upload (issue 14 §2): the contract the browser and the server share.
//
// The recorder cuts a recording into parts of at most RECORDING_PART_SECONDS, each a complete audio file of its own (a new
// MediaRecorder on the same microphone graph), the next one starting PART_OVERLAP_SECONDS before the previous one stops,
// so no word is lost at a cut and the overlap tells which speaker of one part is which of the next. A part is uploaded in
// pieces of at most UPLOAD_PIECE_BYTES (each fits a hosted function's 4.5 MB body), the server keeps the pieces until the
// browser says it is done (or they expire), and transcribes one part per call, well within each provider's duration cap
// (OpenAI's diarization model: 1,400 s; Gemini: 20 MB inline).

/** Ten minutes: far below OpenAI's 1,400 s cap, and 2.4 MB at the recorder's 32 kbps. */
export const RECORDING_PART_SECONDS = 600;
/** Both recorders run for these seconds at each cut: the words said there are in both parts. */
export const PART_OVERLAP_SECONDS = 4;
/** 3 MiB of raw audio per upload request: under a hosted function's 4.5 MB body limit with room for headers. */
export const UPLOAD_PIECE_BYTES = 3 * 1024 * 1024;
/** One part as the provider gets it: under OpenAI's 25 MB file limit and Gemini's 20 MB inline request. */
export const MAX_PART_BYTES = 19 * 1024 * 1024;
/** Four hours of parts: a long talk fits, an endless upload does not. */
export const MAX_RECORDING_PARTS = 24;
/**
 * The longest a recording runs before it is stopped and sent: its parts stay within MAX_RECORDING_PARTS (a cut at four
 * hours would start one more), with a few seconds' room for the recorder's clock starting a moment before the timer's.
 */
export const LONGEST_RECORDING_MS = MAX_RECORDING_PARTS * RECORDING_PART_SECONDS * 1000 - 10_000;
/** Pieces left on the server (an upload abandoned mid-way) are deleted by the retention job after this. */
export const UPLOAD_RETENTION_HOURS = 24;
/** OpenAI takes up to four known speakers, each a clip of 2 to 10 seconds. */
export const MAX_SPEAKER_REFERENCES = 4;
export const SPEAKER_REFERENCE_MIN_SECONDS = 2;
export const SPEAKER_REFERENCE_MAX_SECONDS = 10;
/** A 10 s clip as 16 kHz mono 16-bit WAV is 320 KB; base64 makes it about 427 KB. */
export const SPEAKER_REFERENCE_MAX_BASE64_CHARS = 440_000;

/** The user-facing texts of a recording sent in parts. */
export const LONG_RECORDING_TEXTS = {
  uploadingPart: (part: number, parts: number) => `Uploading part ${part} of ${parts}`,
  transcribingPart: (part: number, parts: number) => `Transcribing part ${part} of ${parts}`,
  tooLong: "This recording is longer than four hours and can't be transcribed.",
  partTooLarge: "Part of this recording is too large to transcribe.",
  pieceMismatch: "A piece of the recording arrived damaged. It will be sent again.",
  piecesMissing: "Some of the recording has not reached the server yet.",
  uploadNotFound: "This upload has expired. The recording is still on this device: please try again.",
} as const;

const SHA256_HEX = /^[0-9a-f]{64}$/;
const CLIENT_ID = /^[A-Za-z0-9_-]+$/;

/** How many pieces a part of `bytes` is sent in. */
export function pieceCount(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / UPLOAD_PIECE_BYTES));
}

/** Byte range [start, end) of piece `index` of a part of `bytes`. */
export function pieceRange(bytes: number, index: number): { start: number; end: number } {
  const start = index * UPLOAD_PIECE_BYTES;
  return { start, end: Math.min(bytes, start + UPLOAD_PIECE_BYTES) };
}

const partPlanSchema = z
  .object({
    /** When this part starts, in ms from the start of the recording (its first part starts at 0). */
    startMs: z
      .number()
      .int()
      .min(0)
      .max(MAX_RECORDING_PARTS * RECORDING_PART_SECONDS * 1000),
    bytes: z.number().int().min(1).max(MAX_PART_BYTES, LONG_RECORDING_TEXTS.partTooLarge),
    /** SHA-256 (hex) of each piece, in order: the server refuses a piece whose bytes do not match. */
    pieces: z.array(z.string().regex(SHA256_HEX)).min(1).max(pieceCount(MAX_PART_BYTES)),
  })
  .refine((part) => part.pieces.length === pieceCount(part.bytes), { message: "pieces must match the part's size", path: ["pieces"] });

/** POST /api/uploads: the recording's plan. The same recording (clientId) of the same owner resumes its upload. */
export const createUploadSchema = z
  .object({
    clientId: z.string().min(1).max(100).regex(CLIENT_ID),
    mimeType: z.string().trim().max(100).regex(AUDIO_MIME, "unsupported audio type"),
    language: z.string().trim().max(35).regex(LANGUAGE_CODE).default("en"),
    soloMode: z.boolean().default(false),
    minSpeakers: z.number().int().min(1).max(MAX_SPEAKERS_LIMIT).optional(),
    maxSpeakers: z.number().int().min(1).max(MAX_SPEAKERS_LIMIT).optional(),
    followUpOf: z.string().max(100).regex(CLIENT_ID).optional(),
    parts: z.array(partPlanSchema).min(1).max(MAX_RECORDING_PARTS, LONG_RECORDING_TEXTS.tooLong),
  })
  .refine((body) => body.parts.every((part, index) => index === 0 || part.startMs > body.parts[index - 1]!.startMs), {
    message: "parts must be in recording order",
    path: ["parts"],
  })
  .refine((body) => body.parts[0]?.startMs === 0, { message: "the first part starts at 0", path: ["parts"] })
  .transform((body) => {
    const minSpeakers = body.soloMode ? 1 : (body.minSpeakers ?? 2);
    const maxSpeakers = body.soloMode ? 1 : (body.maxSpeakers ?? MAX_SPEAKERS_LIMIT);
    return { ...body, minSpeakers, maxSpeakers };
  })
  .refine((body) => body.minSpeakers <= body.maxSpeakers, { message: "minSpeakers must not exceed maxSpeakers", path: ["minSpeakers"] });

export type CreateUploadRequest = z.infer<typeof createUploadSchema>;
export type CreateUploadRequestInput = z.input<typeof createUploadSchema>;

/** The upload as the server holds it: what is still missing. Answer of POST /api/uploads and GET /api/uploads/{id}. */
export const uploadStateSchema = z.object({
  uploadId: z.string(),
  /** A guest's upload is reached only with this token (header `x-upload-token`); absent for a signed-in user's. */
  uploadToken: z.string().optional(),
  parts: z.number().int(),
  /** Pieces not stored yet, as [part, piece]. */
  missing: z.array(z.tuple([z.number().int(), z.number().int()])),
  expiresAt: z.string(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;

/** A clip of one speaker from the first part, for the provider to recognise that speaker in the later parts. */
const speakerReferenceSchema = z.object({
  /** The label the first part gave this speaker ("A", "SPEAKER_01"…): the later parts use the same. */
  name: z.string().trim().min(1).max(40),
  /** 16-bit PCM WAV, base64, 2 to 10 seconds. */
  audio: z.string().min(1).max(SPEAKER_REFERENCE_MAX_BASE64_CHARS),
});
export type SpeakerReference = z.infer<typeof speakerReferenceSchema>;

/** POST /api/uploads/{id}/parts/{part}/transcribe. */
export const transcribePartSchema = z.object({
  speakerReferences: z.array(speakerReferenceSchema).max(MAX_SPEAKER_REFERENCES).default([]),
});
export type TranscribePartRequest = z.infer<typeof transcribePartSchema>;

const partSegmentSchema = z.object({ speaker: z.string(), text: z.string(), start: z.number(), end: z.number() });
export type PartSegment = z.infer<typeof partSegmentSchema>;

/** The answer: the part's segments, their times from the part's own start (the browser adds the part's start). */
export const partTranscriptSchema = z.object({
  part: z.number().int(),
  segments: z.array(partSegmentSchema),
  /** True when the providers were given the first part's speakers, so the labels already are the first part's. */
  referencesUsed: z.boolean(),
  fallback: z.boolean().default(false),
  fallbackReason: z.string().optional(),
});
export type PartTranscript = z.infer<typeof partTranscriptSchema>;
