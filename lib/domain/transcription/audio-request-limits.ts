// What a transcription request may carry, shared by the one-piece call (transcribe-request.ts), the upload in parts
// (long-recording.ts) and the browser that chooses between them. No zod here: the browser imports the limit eagerly.

/** ~6 MB of audio: about 25 minutes at the recorder's 32 kbps. Longer recordings are sent in parts (long-recording.ts). */
export const TRANSCRIBE_MAX_AUDIO_BASE64_CHARS = 8_000_000;

export const AUDIO_MIME = /^audio\/(webm|mp4|ogg|wav|x-wav|mpeg|mp3|aac|flac|x-m4a|m4a)(;\s*codecs=[\w.,"' -]{1,60})?$/i;

/** The most speakers a transcription is asked for, and its default (spec part 1 section 9: max 6; solo 1). */
export const MAX_SPEAKERS_LIMIT = 6;

/** A BCP 47-style language code such as en or en-US. */
export const LANGUAGE_CODE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;
