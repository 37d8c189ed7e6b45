import "server-only";

import { z } from "zod";

import { Prisma } from "@/lib/server/db";

/** Error codes the API answers with; the status of each is fixed here and nowhere else. */
const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  /** A state-changing request sent by another origin's page (lib/server/http/cross-origin.ts). */
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** The request's body did not arrive within its bound (lib/server/http/read-body.ts). */
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  /** The client went away before the answer (nginx's 499): nobody reads it, and it is no failure of ours to log. */
  client_closed_request: 499,
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

/** The client went away before the answer (a provider call cancelled, its body cut short): a short answer nobody reads. */
export const requestCancelled = () => new ApiError("client_closed_request", "The request was cancelled.");

/** No verified caller, or one whose account was erased: both are a caller nobody knows. */
export const signInRequired = () => new ApiError("unauthorized", "Please sign in to continue.");

export function errorResponse(error: unknown): Response {
  const known = error instanceof ApiError ? error : error instanceof z.ZodError ? null : fromDatabaseError(error);
  if (known) {
    const response = Response.json({ error: known.message, code: known.code, ...known.details }, { status: known.status });
    // A 429 (rate limit) or 503 (busy) says when to come back; the body carries the same number for the UI's message.
    const retryAfter = known.details?.retryAfterSeconds;
    if (typeof retryAfter === "number" && retryAfter > 0) response.headers.set("Retry-After", String(Math.ceil(retryAfter)));
    return response;
  }
  if (error instanceof z.ZodError) {
    return Response.json({ error: describeZodError(error), code: "bad_request" }, { status: 400 });
  }
  console.error(`[api] unhandled error: ${describeForLog(error)}`);
  return Response.json({ error: "Something went wrong on our side. Please try again.", code: "internal" }, { status: 500 });
}

/**
 * The database errors every service may meet, answered the same way everywhere:
 *  - P2002, a unique constraint lost to a concurrent request → 409 (services where a race is expected resolve it themselves);
 *  - P2025, the record was deleted by a concurrent request between a lookup and a write → 404;
 *  - P2003, a row written for a session (a vote, a commitment, a failure marker) whose session a concurrent DELETE removed
 *    between the lookup and the write: the foreign key refuses it → the same 404 (every foreign key but the uploads' one,
 *    which uploads.ts answers itself, points at a session);
 *  - the database refused a row of an erased account (isErasedAccountRefusal) → the 401 of a caller nobody knows, unlogged:
 *    a request that was running when its account was erased, whose answer nobody may act on;
 *  - the database cannot be reached: refused, reset, no handshake within the pool's connect bound, no answer to a statement
 *    within its read bound (a connection gone half-open), the connection cut mid-statement → 503;
 *  - the database is busy: no pool connection within the transaction's maxWait or the pool's connect bound, a transaction
 *    past its timeout (P2028), a write conflict or deadlock (P2034), too many connections (P2037, 53300), a lock not had
 *    within lock_timeout (55P03, db.ts holdLockUntilCommit), a statement past statement_timeout (57014; bounds in
 *    db-pool.ts) → 503 with Retry-After: the same request a moment later succeeds.
 * Logged by name and code only: Prisma's messages can quote the values written, which hold transcripts.
 */
export function fromDatabaseError(error: unknown): ApiError | null {
  if (isDatabaseUnreachable(error)) {
    console.error(`[api] the database cannot be reached: ${describeForLog(error)}`);
    return new ApiError("unavailable", "The service is temporarily unavailable. Please try again in a moment.");
  }
  if (isDatabaseBusy(error)) {
    console.error(`[api] the database is busy: ${describeForLog(error)}`);
    return new ApiError("unavailable", DATABASE_BUSY_MESSAGE, { retryAfterSeconds: DATABASE_BUSY_RETRY_AFTER_SECONDS });
  }
  if (isUniqueViolation(error)) {
    console.error(`[api] a concurrent request changed the same record: ${describeForLog(error)}`);
    return new ApiError("conflict", "This was changed at the same time by another request. Please try again.");
  }
  if (isErasedAccountRefusal(error)) return signInRequired();
  if (error instanceof Prisma.PrismaClientKnownRequestError && (error.code === "P2025" || error.code === "P2003")) {
    return new ApiError("not_found", "Session not found");
  }
  return null;
}

export const DATABASE_BUSY_MESSAGE = "The server is busy right now. Please try again in a moment.";
const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;
const BUSY_PRISMA_CODES = new Set(["P2028", "P2034", "P2037"]);
const BUSY_POSTGRES_CODES = new Set(["55P03", "40001", "40P01", "53300", "57014"]);

/**
 * node-postgres' own failures carry no code, only these fixed messages (pg-pool 3, pg 8), and reach the caller as they are:
 * the driver adapter passes on what it cannot classify. Fixed texts, so they may be logged.
 */
const POOL_CHECKOUT_TIMEOUT = "timeout exceeded when trying to connect";
const UNREACHABLE_MESSAGES = new Set(["Connection terminated due to connection timeout", "Query read timeout", "Connection terminated unexpectedly"]);
const PG_FIXED_MESSAGES = new Set([POOL_CHECKOUT_TIMEOUT, ...UNREACHABLE_MESSAGES]);

/** An error's message, whichever realm made it (not instanceof: Jest's modules and Node's own have different Errors). */
function messageOf(error: unknown): string | undefined {
  const isError = error instanceof Error || Object.prototype.toString.call(error) === "[object Error]";
  return isError ? (error as Error).message : undefined;
}

/** The database refused or ended the work for load, not for the request: see fromDatabaseError. */
export function isDatabaseBusy(error: unknown): boolean {
  if (messageOf(error) === POOL_CHECKOUT_TIMEOUT) return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (BUSY_PRISMA_CODES.has(error.code)) return true;
  const code = postgresCodeOf(error);
  return code !== undefined && BUSY_POSTGRES_CODES.has(code);
}

/** PostgreSQL's own SQLSTATE, which a raw statement's failure (P2010) or an error Prisma has no code for carries. */
function postgresCodeOf(error: Prisma.PrismaClientKnownRequestError): string | undefined {
  const code = (error.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined)?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}

/**
 * The database refused a row of an erased account: SQLSTATE EA001, raised by the trigger of migration
 * 20261126034133_erased_accounts. The driver adapter's error code is read, not the message: the same on pg and PGlite.
 */
export function isErasedAccountRefusal(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && postgresCodeOf(error) === ERASED_ACCOUNT_SQLSTATE;
}

const ERASED_ACCOUNT_SQLSTATE = "EA001";

/** A unique constraint refused a write (P2002): another request created the same row first. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1017", "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "57P03"]);
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "DatabaseUnavailable", "ConnectionClosed", "SocketTimeout"]);

/** The database is down or unreachable (as opposed to a query that failed): connection errors, possibly wrapped. */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const { code, errorCode, cause, kind } = error as { code?: unknown; errorCode?: unknown; cause?: unknown; kind?: unknown };
  if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
  if (typeof errorCode === "string" && UNREACHABLE_CODES.has(errorCode)) return true;
  if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
  if (UNREACHABLE_MESSAGES.has(messageOf(error) ?? "")) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/**
 * The cause of a failure for the log, without request data: bodies may hold transcripts or audio. Database errors (the
 * Prisma client's and its driver adapter's) are named by class and code only, since their messages can quote a query's
 * values. Any other error is named with where it was thrown, its message only in one of V8's fixed forms, which name
 * code, never data: messages can quote data (JSON.parse's SyntaxError quotes the text it could not read; Node's argument
 * errors quote the value).
 */
export function describeForLog(error: unknown): string {
  // Not instanceof: an error from another realm (a vm context, Node's own under a test runner) is an Error too.
  const isError = error instanceof Error || Object.prototype.toString.call(error) === "[object Error]";
  if (!isError) return `a thrown ${error === null ? "null" : typeof error}`;
  return describeErrorForLog(error as Error);
}

function describeErrorForLog(error: Error): string {
  const { code, errorCode } = error as { code?: unknown; errorCode?: unknown };
  const tag = [code, errorCode].find((value) => typeof value === "string");
  const named = tag ? `${error.name} ${tag}` : error.name;
  if (PG_FIXED_MESSAGES.has(error.message)) return `${named}: ${error.message}`;
  if (error.name.startsWith("PrismaClient") || error.name === "DriverAdapterError" || isDatabaseUnreachable(error)) return named;
  const message = CODE_ONLY_MESSAGES.some((form) => form.test(error.message)) ? `: ${error.message}` : "";
  const frames = stackFrames(error).slice(0, 3);
  return `${named}${message}${frames.length > 0 ? ` (${frames.join(" ← ")})` : ""}`;
}

/** V8's messages that name a property or an identifier of the code (a TypeError or ReferenceError of ours), nothing else. */
const CODE_ONLY_MESSAGES = [
  /^Cannot read properties of (undefined|null) \(reading '[\w$]{1,64}'\)$/,
  /^Cannot set properties of (undefined|null) \(setting '[\w$]{1,64}'\)$/,
  /^[\w$.]{1,100} is not (a function|iterable|a constructor|defined)$/,
];

/** The stack's frames only: the lines after its header, which repeats the message (and the message can hold lines of data). */
function stackFrames(error: Error): string[] {
  const stack = error.stack ?? "";
  const header = `${error.name}: ${error.message}`;
  const frames = stack.startsWith(header) ? stack.slice(header.length) : "";
  return frames
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^at \S.*(:\d+:\d+\)?|\(<anonymous>\)|\(native\))$/.test(line));
}
