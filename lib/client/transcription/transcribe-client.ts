import { extractErrorMessage, looksLikeHtml } from "@/lib/domain/errors/classify";
import type { TranscribeRequestInput } from "@/lib/domain/transcription/transcribe-request";
import { TRANSCRIPTION_ERRORS, transcriptionResultSchema, type TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { apiRequest, ApiRequestError } from "../api/request";

/** A failed transcription call. `failedSessionId` is set when the server kept the recording for a retry. */
export class TranscriptionRequestError extends Error {
  readonly failedSessionId: string | undefined;
  readonly status: number | undefined;
  /** Set when the server's rate limit refused the call: seconds until it may be tried again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, { failedSessionId, status, retryAfterSeconds }: { failedSessionId?: string; status?: number; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "TranscriptionRequestError";
    this.failedSessionId = failedSessionId;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type Send = (method: string, path: string, options?: { body?: unknown }) => Promise<Response>;

/** POST /api/transcribe. */
export function requestTranscription(body: TranscribeRequestInput, send: Send = apiRequest): Promise<TranscriptionResultData> {
  return callTranscriptionEndpoint(() => send("POST", "/api/transcribe", { body }));
}

/** Reads a transcription answer (of /api/transcribe or the session retry), turning every failure into a TranscriptionRequestError. */
export async function callTranscriptionEndpoint(call: () => Promise<Response>): Promise<TranscriptionResultData> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    throw toRequestError(error);
  }

  const text = await response.text();
  if (looksLikeHtml(text)) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.html, { status: response.status });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.invalidFormat, { status: response.status });
  }
  const parsed = transcriptionResultSchema.safeParse(json);
  if (!parsed.success) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.invalidTranscription, { status: response.status });
  return parsed.data;
}

function toRequestError(error: unknown): TranscriptionRequestError {
  if (error instanceof ApiRequestError) {
    if (looksLikeHtml(error.body)) return new TranscriptionRequestError(TRANSCRIPTION_ERRORS.html, { status: error.status });
    let failedSessionId: string | undefined;
    try {
      const parsed: unknown = JSON.parse(error.body);
      if (parsed && typeof parsed === "object" && "failedSessionId" in parsed && typeof parsed.failedSessionId === "string")
        failedSessionId = parsed.failedSessionId;
    } catch {
      // Not JSON: no session id.
    }
    const message = extractErrorMessage(error.body) || error.message || TRANSCRIPTION_ERRORS.generic;
    return new TranscriptionRequestError(message, { failedSessionId, status: error.status, retryAfterSeconds: error.rateLimitWaitSeconds ?? undefined });
  }
  // The browser's fetch rejects with a TypeError when the network is gone ("Failed to fetch", "Load failed").
  if (error instanceof TypeError) return new TranscriptionRequestError(`Connection error: ${error.message}`);
  return new TranscriptionRequestError(error instanceof Error ? error.message : TRANSCRIPTION_ERRORS.generic);
}
