// Spec texts of relationship recording, transcription failures and retry (spec part 1, sections 2, 4, 5, 8).
import { OFFLINE_RECORDING_FAILURE, RECORDING_NOT_FOUND } from "@/lib/domain/transcription/transcription-errors";

export { TRANSCRIPTION_ERRORS } from "@/lib/domain/transcription/transcription-errors";
export const READINESS_TEXTS = {
  relationshipTitle: "Timing & Readiness",
  soloTitle: "Journal Readiness",
  relationshipQuestion: "Are you both in a calm place and ready to talk?",
  relationshipHint: "Swipe right when you're ready, left if now isn't a good time.",
  negative: "Not now",
  positive: "Yes, ready",
  countdownLabel: "Recording starts in",
  recordingNow: "Recording...",
  // Ours, not the spec's: at 0 the microphone may not be open yet (a permission prompt, a slow connection), and the card
  // does not say "Recording..." before it is.
  startingMicrophone: "Starting the microphone…",
  notReady: "Let's try later",
} as const;

export const RECORDING_TEXTS = {
  heading: "Relationship Session",
  bullets: ["Find a quiet space", "Discuss your topic and aim for 3-5 minutes", "Conversations remain private by default"],
  tapToStart: "Tap to start recording",
  inProgress: "Recording in progress...",
  tapToStop: "Tap button or area around it to stop",
  reconnecting: "Reconnecting audio...",
  startLabel: "Start recording",
  stopLabel: "Stop recording",
  // Ours (accessible name of the timer): read when the user reaches it, never announced on its own every second.
  elapsed: (time: string) => `Elapsed time ${time}`,
  cancel: "Cancel",
  unsupportedTitle: "Audio Recording Not Supported",
  unsupportedBody: "Your browser doesn't support audio recording. Please try a different browser.",
  // Ours, not the spec's (it has no text for these): the browser can record, but the microphone could not be opened
  // (permission denied, none found, in use, failed). The recorder's message says which and what to do.
  microphoneUnavailableTitle: "Microphone Unavailable",
  // Ours as well: a microphone that went away (a call, a headset unplugged) where the browser cannot be given it back.
  microphoneEndedTitle: "Microphone disconnected",
  microphoneEndedBody: "The recording stopped with the microphone. What was recorded is being transcribed.",
  // Ours too (the spec sets no longest recording): past four hours a recording could not be transcribed.
  longestReachedTitle: "Recording stopped at four hours",
  longestReachedBody: "That is the longest a recording can be. What was recorded is being transcribed.",
  backupNote: "Note: Used backup transcription service for previous recording",
} as const;

export const ANALYSING_TEXTS = {
  title: "Analyzing Your Conversation",
  steps: { processing: "Processing transcript", identifying: "Identifying speakers", generating: "Generate conversation insights" },
  defaultMessage: "This usually takes less than a minute. Your recording stays on this device until it is safely transcribed.",
  /** A recording sent in parts (issue 14 §2): "less than a minute" would not be true. */
  longMessage:
    "A long conversation is sent and transcribed in parts, so this can take several minutes. Keep this screen open: your recording stays on this device until it is safely transcribed.",
  followUpMessage: "Adding your growth conversation to the session...",
  // Ours, for screen readers: the list's name, each step's state, and the step announced when the analysis moves on.
  stepsLabel: "Progress",
  stepDone: "(done)",
  stepInProgress: "(in progress)",
  stepAnnouncement: (step: string) => `${step} (in progress)`,
} as const;

export const FAILURE_TEXTS = {
  transcriptionFailedTitle: "Transcription Failed",
  transcriptionFailedBody: "There was a problem with the transcription. You can retry or save the recording for later.",
  transcriptionErrorTitle: "Transcription Error",
  transcriptionErrorFallback: "Unknown error occurred during transcription.",
  connectionErrorTitle: "Connection Error",
  connectionErrorBody: "Connection error: Your recording is saved locally",
  retryNow: "Retry Now",
  saveLocally: "Save Locally",
  cancel: "Cancel",
  goHome: "Go Home",
  savedLocallyTitle: "Recording Saved Locally",
  savedLocallyBody: "You can retry transcribing it from the session history later.",
  errorSavingTitle: "Error Saving Recording",
  errorSavingBody: "No audio data available to save.",
  retrySuccessTranscription: "Transcription Successful",
  retrySuccessAnalysis: "Analysis Successful",
  retryFailedTitle: "Retry Failed",
  retryFailedBody: "Connection issue persists. You can try again or save locally.",
  /** Ours (the spec has no text for it): a retry of a kept recording that another retry is already transcribing, or has. */
  retryElsewhereTitle: "Already Under Way",
  /** Ours too: a retry of a recording kept on this device that another tab of the app is sending. */
  retryInOtherTab: "This recording is already being sent from another tab. You can continue there.",
  missingFailedSessionId: "Could not identify the recording to retry. Please try again.",
  errorTitle: "Error",
  recordingNotFound: RECORDING_NOT_FOUND,
  couldNotLoadRecording: "Could not load the recording. Please try again.",
  warningTitle: "Warning",
  couldNotLoadRecordings: "Could not load your saved recordings.",
  offlineFailure: OFFLINE_RECORDING_FAILURE,
} as const;

/**
 * The server's limit on AI calls was reached (a 429, issue 15): how long to wait, and that nothing was lost. `wait` is
 * describeWait's "12 minutes".
 */
export const LIMIT_TEXTS = {
  title: "Limit Reached",
  recordingKept: (wait: string) => `You've reached the limit of requests for now. Your recording is saved on this device; try again in ${wait}.`,
  conversationKept: (wait: string) => `You've reached the limit of requests for now. Your conversation is saved on this device; try again in ${wait}.`,
  tryLater: (wait: string) => `You've reached the limit of requests for now. Please try again in ${wait}.`,
} as const;

/**
 * Ours, not the spec's: the session flow's code (capture, upload, analysis) could not be downloaded, or not in time
 * (offline without the installed app's copy, a very slow connection). Nothing was recorded; a tap tries again.
 */
export const FLOW_LOAD_TEXTS = {
  title: "Could not start",
  body: "Part of the app could not be downloaded. Check your connection and try again.",
} as const;

/** The readiness countdown, relationship and Solo Journal alike (spec part 1, section 9). */
export const READINESS_COUNTDOWN_SECONDS = 3;

/** Redirect home after an error (spec part 1, section 9). */
export const REDIRECT_HOME_AFTER_ERROR_MS = 3000;
export const PRELOAD_PROMPTS_TIMEOUT_MS = 5000;
