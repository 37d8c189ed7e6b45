import "server-only";

import type { RetryOptions } from "./retry";

// One time budget per AI route, covering every attempt, backoff and fallback of its provider chain. Each is below the
// route's declared `maxDuration` (app/api/**/route.ts) by a margin that leaves time to read the body before and to store
// the failure after (a failed recording's audio, a failed analysis's transcript), so a host that enforces maxDuration
// never kills the function before the user's work is saved. budget.test.ts holds each against its route's maxDuration.

export const ROUTE_BUDGETS_MS = {
  /** maxDuration 300 s; up to ~6 MB of audio to read before and to store after. */
  transcribe: 255_000,
  /**
   * maxDuration 300 s; one part of a recording sent in parts, counted from the request's start: its pieces read from
   * storage before, and the deletion of its audio waited for at most PART_AUDIO_WAIT_MS after (upload-part-audio.ts).
   */
  uploadPart: 255_000,
  /** maxDuration 300 s; also the retries of a kept analysis and of a kept recording. */
  analyze: 270_000,
  /** maxDuration 120 s. */
  summary: 100_000,
  /** maxDuration 300 s: the follow-up is stored first, then the analysis is regenerated. */
  append: 270_000,
  /** maxDuration 30 s: one small call that mints the live coach's client secret, nothing stored after it. */
  realtime: 15_000,
} as const;

export type BudgetedRoute = keyof typeof ROUTE_BUDGETS_MS;

/**
 * The deps a service takes for a call that must end within `route`'s budget, counted from now. Given the request's
 * `signal`, the providers stop when the client goes away: for routes whose late answer nobody could pick up.
 */
export function routeBudget(route: BudgetedRoute, { now = Date.now(), signal }: { now?: number; signal?: AbortSignal } = {}): { retryOptions: RetryOptions } {
  return { retryOptions: { deadline: now + ROUTE_BUDGETS_MS[route], ...(signal ? { signal } : {}) } };
}
