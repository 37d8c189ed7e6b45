// Solo real-time constants (spec part 1, section 9), shared by the server that mints the voice session and the browser
// that drives it, so both always speak of the same session.

/** The coach's voice. */
export const COACH_VOICE = "sage";

/** The realtime model the session is minted for. */
export const REALTIME_MODEL = "gpt-realtime";

/** The model that writes the user's side of the live transcript (input audio transcription). */
export const INPUT_TRANSCRIPTION_MODEL = "gpt-4o-mini-transcribe";

/**
 * Server voice-activity turn detection in OpenAI's GA wire format (`audio.input.turn_detection`): threshold 0.8, 500 ms
 * of audio kept before speech, 2 s of silence ends a turn.
 */
export const COACH_TURN_DETECTION = {
  type: "server_vad",
  threshold: 0.8,
  prefix_padding_ms: 500,
  silence_duration_ms: 2000,
} as const;

/** Turn detection is switched on only once the intro has finished and lasted at least this long. */
export const MIN_INTRO_MS = 3000;

/** A guide choice within this long of the previous one is ignored. */
export const GUIDE_DEBOUNCE_MS = 250;

/** The coach's replies stay under this many seconds. */
export const COACH_REPLY_LIMIT_SECONDS = 30;

/** The solo recording timer's refresh interval. */
export const SOLO_TIMER_INTERVAL_MS = 500;

/** The data channel the realtime events travel on (OpenAI's name for it). */
export const REALTIME_DATA_CHANNEL = "oai-events";
