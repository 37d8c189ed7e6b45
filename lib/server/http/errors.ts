import "server-only";

import { z } from "zod";

/** Error codes the API answers with; the status of each is fixed here and nowhere else. */
const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  not_configured: 503,
  unavailable: 503,
  upstream_failed: 502,
  internal: 500,
} as const;

export type ApiErrorCode = keyof typeof STATUS_BY_CODE;

/** A failure whose message is safe to show to the user. Anything else becomes a generic 500. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ApiErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** Readable one-line description of a schema failure, e.g. "audio: Required; language: Too long". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return Response.json({ error: error.message, code: error.code, ...error.details }, { status: error.status });
  }
  if (error instanceof z.ZodError) {
    return Response.json({ error: describeZodError(error), code: "bad_request" }, { status: 400 });
  }
  // Log the cause without request data: bodies may hold transcripts or audio.
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[api] unhandled error: ${cause.slice(0, 500)}`);
  return Response.json({ error: "Something went wrong on our side. Please try again.", code: "internal" }, { status: 500 });
}
