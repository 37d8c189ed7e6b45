import "server-only";

import { withDeadline } from "@/lib/domain/with-deadline";

import { ApiError } from "./errors";

// Every request body is read within a bound: a client that opens a request and sends its body slowly, or stops halfway,
// must not hold the server's memory, a lock or a slot for ever. The bound has to let a real upload through on a poor
// mobile link, so it is not one fixed number but two rules:
//  - a deadline that grows with the body's size: a grace for the connection plus the expected bytes at a minimum
//    throughput of 32 KB/s (256 kbit/s, below a weak 3G uplink). The expected size is the declared Content-Length when
//    there is one (capped at the route's limit), else the limit. An 8 MB body gets 15 s + 256 s; a 2 KB body 15 s.
//  - an idle bound: no bytes for 20 s is a stalled body, whatever its size (a phone that lost its network).
// Past either, the answer is a 408 with a clear message; the browser keeps its recording or session and can send it again.

/** The slowest upload waited for, in bytes per second. */
export const MIN_BODY_BYTES_PER_SECOND = 32 * 1024;
/** Time on top of the throughput's, for the connection to settle and the first bytes to come. */
export const BODY_GRACE_MS = 15_000;
/** The longest pause between two pieces of a body. */
export const BODY_IDLE_MS = 20_000;

export const BODY_TOO_SLOW_MESSAGE = "The request took too long to arrive. Please check your connection and try again.";

export type BodyReadBounds = { deadlineMs: number; idleMs: number };

/** The bounds for a body of at most `limitBytes` (its declared Content-Length, when smaller, sets the deadline). */
export function bodyReadBounds(request: Request, limitBytes: number): BodyReadBounds {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  const expected = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, limitBytes) : limitBytes;
  return { deadlineMs: BODY_GRACE_MS + Math.ceil((expected / MIN_BODY_BYTES_PER_SECOND) * 1000), idleMs: BODY_IDLE_MS };
}

/**
 * The body's chunks as they arrive, throwing the 408 (and cancelling the body) when the deadline or the idle bound passes.
 * Stopping the loop early (a body over its limit) cancels the rest of the body.
 */
export async function* bodyChunks(request: Request, bounds: BodyReadBounds): AsyncGenerator<Uint8Array> {
  if (!request.body) return;
  const reader = request.body.getReader();
  const deadline = Date.now() + bounds.deadlineMs;
  let done = false;
  try {
    for (;;) {
      const wait = Math.min(bounds.idleMs, deadline - Date.now());
      if (wait <= 0) throw bodyTooSlow();
      const next = await withDeadline(reader.read(), wait, bodyTooSlow);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // A body not read to its end (too slow, too large, or refused by the caller) is cancelled: the client stops sending.
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

export const bodyTooSlow = () => new ApiError("request_timeout", BODY_TOO_SLOW_MESSAGE);
