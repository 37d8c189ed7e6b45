// The live voice coach's texts (spec part 1, section 8, "Real-time coach"), word for word: the client module raises them,
// the solo screens show them, and the tests import them from here.

export const REALTIME_TEXTS = {
  /** Minting the client secret through our server failed. */
  sessionCreateFailed: "Failed to create Realtime API session",
  /** Posting the SDP offer to the voice provider failed. */
  sdpExchangeFailed: "Failed to exchange SDP with the voice provider",
  /** Toast for either of the two above: the connection failed. */
  couldNotStart: "Could not start session",
  /** The data channel closed without our asking. */
  connectionLost: "Connection lost - please reconnect",
  /** A realtime `error` event without a message of its own. */
  genericRealtimeError: "Realtime API error",
  /** Toast title for any coach error; its text is the error's message. */
  voiceCoachErrorTitle: "Voice Coach Error",
  /** The realtime error code that only means "wait": the guide is queued instead. */
  activeResponseCode: "conversation_already_has_active_response",
} as const;

/** Coach statuses while recording (section 4, solo voice-coach recorder). */
export type CoachStatus = "connecting" | "listening" | "thinking" | "speaking";

/** What caused a coach error, so the UI can pick the toast: the first two are connection failures ("Could not start session"). */
export type RealtimeErrorKind = "session" | "sdp" | "connection-lost" | "realtime";

export class RealtimeCoachError extends Error {
  readonly kind: RealtimeErrorKind;
  /** Extra detail for the toast (never a transcript), e.g. the server's "Please sign in to continue." */
  readonly detail: string | undefined;
  /** The server's rate limit refused the session: seconds until another may be started. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: RealtimeErrorKind, message: string, detail?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "RealtimeCoachError";
    this.kind = kind;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Minting or the SDP exchange failed: the connection never came up, the spec's toast is "Could not start session". */
  get isStartFailure(): boolean {
    return this.kind === "session" || this.kind === "sdp";
  }
}
