// How the client tells failures apart (spec part 1, section 8).

import { OFFLINE_RECORDING_FAILURE } from "@/lib/domain/transcription/transcription-errors";

const SERVER_ERROR_DISPLAY_LIMIT = 100;

const TRANSCRIPTION_CONNECTION_MARKERS = ["Connection error", "fetch failed", "ENOTFOUND", "Service Unavailable", "The model is overloaded"];
const ANALYSIS_CONNECTION_MARKERS = ["Connection error", "fetch failed", "Service Unavailable", "The model is overloaded", "503", "Gemini"];

export type TranscriptionFailureKind = "connection" | "failed-session" | "other";

/** Connection errors first (they open the connection modal), then failures the server kept for retry, then the rest. */
export function classifyTranscriptionFailure(failure: { message: string; failedSessionId?: string | null }): TranscriptionFailureKind {
  if (TRANSCRIPTION_CONNECTION_MARKERS.some((marker) => failure.message.includes(marker))) return "connection";
  if (failure.failedSessionId) return "failed-session";
  return "other";
}

/**
 * A kept recording whose failure was the connection (offline, a lost network, a service down, or interrupted before it
 * could be sent): the one kind the connection's return may send by itself. One the user set aside, or whose failure a
 * retry cannot mend (too long, a limit, audio gone), waits for the user's own retry.
 */
export function failedForConnection(error: string): boolean {
  return error === OFFLINE_RECORDING_FAILURE || classifyTranscriptionFailure({ message: error }) === "connection";
}

/** Analysis: a connection error needs the error flag or a marker in the message, and a failed session id. */
export function isAnalysisConnectionError(failure: { message: string; isConnectionError?: boolean; failedSessionId?: string | null }): boolean {
  const looksLikeConnection = Boolean(failure.isConnectionError) || ANALYSIS_CONNECTION_MARKERS.some((marker) => failure.message.includes(marker));
  return looksLikeConnection && Boolean(failure.failedSessionId);
}

/**
 * The server refused the request itself (a 4xx other than a time-out or the rate limit: too long, an account's bound, a
 * conversation that can no longer be analysed as stored, gone): trying again cannot mend it, so a failed retry says the
 * server's words (spec part 1 section 8: "Retry Failed" with the connection text "or a fallback message").
 */
export function isRefusedForGood(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Server error text shown to the user is cut at 100 characters. */
export function truncateServerError(text: string, limit = SERVER_ERROR_DISPLAY_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** The readable message inside an error body: `{"error":"…"}` → "…"; other text as it is. */
export function extractErrorMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "error" in parsed && typeof parsed.error === "string") return parsed.error;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return body;
}

/** An HTML page where JSON was expected (a proxy's or host's error page). */
export function looksLikeHtml(body: string): boolean {
  return /^\s*<(!doctype|html|head|body)/i.test(body);
}
