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

/**
 * A failed recording's retry when its audio is gone (spec part 1 section 8, "Error - Recording not found..."): the
 * server's 404 for a kept recording it no longer has, and the browser's for one with no audio here.
 */
export const RECORDING_NOT_FOUND = "Recording not found. It may have been deleted.";

/**
 * A recording's failure text when it could not be sent (spec part 2 section 8, "Offline recording failure text"): kept as
 * its failedTranscription.error, e.g. for a recording found interrupted at the next start (recover-interrupted.ts).
 */
export const OFFLINE_RECORDING_FAILURE = "This recording couldn't be transcribed due to connection issues.";

/**
 * The failedTranscription.error of a journal stopped by switching to Relationship mode (spec part 1 section 5: the switch
 * "stops any solo recording"): not sent, its audio kept and listed in the history to retry.
 */
export const SET_ASIDE_RECORDING = "This recording was stopped before it was transcribed.";
