import "server-only";

import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";

// A bound on the work one server instance does at once. A transcription holds its audio (up to ~6 MB of base64, decoded
// once more) for as long as the provider takes; without a bound, 50 parallel uploads doubled the process's memory. Past
// the bound the request is refused with a 503 and Retry-After, and the browser keeps the recording and offers the retry
// (its connection path). Per instance on purpose: memory is per instance. The slot is taken once the body is read, not
// before: reading is bounded in time (lib/server/http/read-body.ts) and counted by the rate limit, whereas a slot held
// while a slow client sends would turn honest callers away for as long as that client likes.

/** How long a refused caller is asked to wait before trying again, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 15;

export const BUSY_MESSAGE = "Service Unavailable: the server is busy with other recordings. Please try again in a moment.";

export type InFlightLimiter = {
  /** Runs `task` in a free slot, or throws the 503 at once when all `limit` slots are taken. */
  run<T>(limit: number, task: () => Promise<T>): Promise<T>;
  readonly active: number;
};

export function createInFlightLimiter(): InFlightLimiter {
  let active = 0;
  return {
    async run(limit, task) {
      if (active >= limit) throw new ApiError("unavailable", BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
      active += 1;
      try {
        return await task();
      } finally {
        active -= 1;
      }
    },
    get active() {
      return active;
    },
  };
}

// One limiter per process, on globalThis so a dev reload does not open a second set of slots.
const cache = globalThis as typeof globalThis & { __coachTranscriptionSlots?: InFlightLimiter };

/** Runs a transcription in one of this instance's TRANSCRIPTIONS_IN_FLIGHT slots (default 4). */
export function withTranscriptionSlot<T>(task: () => Promise<T>): Promise<T> {
  cache.__coachTranscriptionSlots ??= createInFlightLimiter();
  return cache.__coachTranscriptionSlots.run(getEnv().TRANSCRIPTIONS_IN_FLIGHT, task);
}
