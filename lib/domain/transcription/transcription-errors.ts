// The error texts of a transcription's failures (spec part 1 section 8), apart from the answer's schema
// (transcription-result.ts re-exports them): the recorder's texts import them without loading zod.
export const TRANSCRIPTION_ERRORS = {
  generic: "Transcription failed",
  html: "Server returned HTML instead of JSON...",
  invalidFormat: "Invalid response format...",
  invalidTranscription: "Invalid transcription response format",
  noAudio: "No audio data was captured. Please try recording again.",
  emptyBlob: "Created audio blob is empty...",
  unsupported: "MediaRecorder is not supported in this browser",
} as const;
