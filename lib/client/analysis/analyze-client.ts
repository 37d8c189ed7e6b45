import { ANALYSIS_UNAVAILABLE_MESSAGE, analysisServerError } from "@/lib/domain/analysis/analysis-errors";
import type { AnalyzeRequest } from "@/lib/domain/analysis/analyze-request";
import { AnalysisIntakeError, checkTranscriptForAnalysis, readAnalysisResponse } from "@/lib/domain/analysis/intake";
import type { Analysis } from "@/lib/domain/analysis/types";
import { extractErrorMessage, looksLikeHtml } from "@/lib/domain/errors/classify";

import { apiRequest, ApiRequestError } from "../api/request";

/** A failed analysis; `failedSessionId` when the server kept the transcript for a retry. */
export class AnalysisRequestError extends Error {
  readonly failedSessionId: string | undefined;
  readonly isConnectionError: boolean;
  /** Set when the server's rate limit refused the call: seconds until it may be tried again. */
  readonly retryAfterSeconds: number | undefined;
  /** The server's status when it answered with one. */
  readonly status: number | undefined;

  constructor(
    message: string,
    {
      failedSessionId,
      isConnectionError = false,
      retryAfterSeconds,
      status,
    }: { failedSessionId?: string; isConnectionError?: boolean; retryAfterSeconds?: number; status?: number } = {},
  ) {
    super(message);
    this.name = "AnalysisRequestError";
    this.failedSessionId = failedSessionId;
    this.isConnectionError = isConnectionError;
    this.retryAfterSeconds = retryAfterSeconds;
    this.status = status;
  }
}

type Send = (method: string, path: string, options?: { body?: unknown }) => Promise<Response>;

/** POST /api/analyze, with the spec's intake checks on the transcript sent and on the answer. */
export async function requestAnalysis(
  body: Partial<AnalyzeRequest> & { transcript: string },
  send: Send = apiRequest,
): Promise<{ analysis: Analysis; sessionId: string | null; warnings: string[]; signals: unknown }> {
  // Spec part 1 section 5: a blank transcript is rejected before the call, whichever way (first try or retry) it came.
  const blank = checkTranscriptForAnalysis(body.transcript);
  if (blank) throw new AnalysisIntakeError(blank);
  let response: Response;
  try {
    response = await send("POST", "/api/analyze", { body });
  } catch (error) {
    throw toAnalysisError(error);
  }
  const text = await response.text();
  if (looksLikeHtml(text)) throw new AnalysisRequestError(ANALYSIS_UNAVAILABLE_MESSAGE, { isConnectionError: true });
  let json: unknown = null;
  try {
    json = text.trim() === "" ? null : JSON.parse(text);
  } catch {
    throw new AnalysisRequestError(analysisServerError(response.status, response.statusText));
  }
  const { analysis, sessionId, warnings } = readAnalysisResponse(json);
  // The spec's warning for an answer without its list of cards (the empty deck then says "Analysis Error"). Fixed texts
  // only: nothing of the transcript or the analysis goes to the console.
  for (const warning of warnings) console.warn(`[analyze] ${warning}`);
  // The conversation signals (issue 17) ride along as they came: the view reads them defensively.
  const signals = json && typeof json === "object" && "signals" in json ? (json as { signals: unknown }).signals : null;
  return { analysis: analysis as Analysis, sessionId: sessionId ?? null, warnings, signals };
}

function toAnalysisError(error: unknown): AnalysisRequestError {
  if (error instanceof ApiRequestError) {
    if (looksLikeHtml(error.body)) return new AnalysisRequestError(ANALYSIS_UNAVAILABLE_MESSAGE, { isConnectionError: true });
    let failedSessionId: string | undefined;
    let isConnectionError = false;
    try {
      const parsed = JSON.parse(error.body) as { failedSessionId?: unknown; isConnectionError?: unknown };
      if (typeof parsed.failedSessionId === "string") failedSessionId = parsed.failedSessionId;
      isConnectionError = parsed.isConnectionError === true;
    } catch {
      // Not JSON.
    }
    const retryAfterSeconds = error.rateLimitWaitSeconds ?? undefined;
    return new AnalysisRequestError(extractErrorMessage(error.body) || error.message, {
      failedSessionId,
      isConnectionError,
      retryAfterSeconds,
      status: error.status,
    });
  }
  if (error instanceof TypeError) return new AnalysisRequestError(`Connection error: ${error.message}`, { isConnectionError: true });
  return new AnalysisRequestError(error instanceof Error ? error.message : ANALYSIS_UNAVAILABLE_MESSAGE);
}
