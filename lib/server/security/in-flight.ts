import "server-only";

import { withDeadline } from "@/lib/domain/with-deadline";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { guestAddress } from "@/lib/server/security/rate-limit";

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

/** An InFlightLimiter per key (a caller), each with the same limit; a key's count goes when its last task ends. */
export type KeyedInFlightLimiter = {
  run<T>(key: string, limit: number, task: () => Promise<T>): Promise<T>;
  active(key: string): number;
};

export function createKeyedInFlightLimiter(): KeyedInFlightLimiter {
  const active = new Map<string, number>();
  return {
    async run(key, limit, task) {
      const count = active.get(key) ?? 0;
      if (count >= limit) throw new ApiError("unavailable", BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
      active.set(key, count + 1);
      try {
        return await task();
      } finally {
        const left = (active.get(key) ?? 1) - 1;
        if (left > 0) active.set(key, left);
        else active.delete(key);
      }
    },
    active: (key) => active.get(key) ?? 0,
  };
}

// One limiter per process, on globalThis so a dev reload does not open a second set of slots.
const cache = globalThis as typeof globalThis & {
  __coachTranscriptionSlots?: InFlightLimiter;
  __coachRecordingReads?: InFlightLimiter;
  __coachRecordingReadsByCaller?: KeyedInFlightLimiter;
};

/** Runs a transcription in one of this instance's TRANSCRIPTIONS_IN_FLIGHT slots (default 4). */
export function withTranscriptionSlot<T>(task: () => Promise<T>): Promise<T> {
  cache.__coachTranscriptionSlots ??= createInFlightLimiter();
  return cache.__coachTranscriptionSlots.run(getEnv().TRANSCRIPTIONS_IN_FLIGHT, task);
}

/**
 * Recordings whose bodies this instance reads at once, per transcription slot. Reading a body takes no slot (above), so the
 * memory of bodies in flight has a bound of its own: this many per slot, each at most the body limit. A slow sender holds
 * one of these for at most its read deadline, and only the 503 "busy" answers past them.
 */
export const RECORDING_READS_PER_SLOT = 4;

/**
 * How many of those places one caller (an account, or a guest's address block) may hold at once: a sender holding each
 * of its places for the whole read deadline cannot take everyone's. The browser sends two pieces of a recording at once
 * (long-recording-upload.ts), so this is two recordings' worth.
 */
export const RECORDING_READS_PER_CALLER = 4;

/**
 * Reads a recording's body in one of this instance's RECORDING_READS_PER_SLOT × TRANSCRIPTIONS_IN_FLIGHT places, at most
 * RECORDING_READS_PER_CALLER of them the `caller`'s (recordingReader).
 */
export function withRecordingRead<T>(caller: string, task: () => Promise<T>): Promise<T> {
  cache.__coachRecordingReads ??= createInFlightLimiter();
  cache.__coachRecordingReadsByCaller ??= createKeyedInFlightLimiter();
  const places = cache.__coachRecordingReads;
  return cache.__coachRecordingReadsByCaller.run(caller, RECORDING_READS_PER_CALLER, () =>
    places.run(getEnv().TRANSCRIPTIONS_IN_FLIGHT * RECORDING_READS_PER_SLOT, task),
  );
}

/** Whom a recording's read is counted against: the signed-in user, else the guest's address block (as the rate limit). */
export function recordingReader(request: Request, userId: string | null): string {
  return userId ? `user:${userId}` : `guest:${guestAddress(request)}`;
}

// One user's writes take turns in this instance. Each write is a transaction that holds one of the database pool's few
// connections for as long as it runs, including while it waits on the user's lock (holdLockUntilCommit): 30 saves of one
// user sent at once took the whole pool, waited on each other, and everyone else's requests, other users' too, timed out
// waiting for a connection. Queued here instead, a user holds at most one connection per instance; the queue is bounded in
// length (the bodies waiting are in memory) and in time, and past either the answer is the 503 with Retry-After.

/** How many of one user's writes wait for their turn in this instance before more are refused at once. */
export const WRITE_TURNS_QUEUED_PER_USER = 16;
/** How long a write waits for its turn before it is refused. */
export const WRITE_TURN_MAX_WAIT_MS = 10_000;
export const WRITE_BUSY_RETRY_AFTER_SECONDS = 5;
export const WRITE_BUSY_MESSAGE = "The server is busy saving your other changes. Please try again in a moment.";

export type TurnQueue = {
  /** Runs `task` once the tasks queued before it under `key` are done; the 503 when the queue is full or the wait too long. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running or waiting under `key`. */
  size(key: string): number;
};

// Turns pass from one write to the next through promises alone, and the embedded database answers within the same event-loop
// turn: without a pause, a burst of one user's writes ran as one unbroken chain and other requests' timers and I/O (their
// session verification among them) waited for all of it. Each turn starts on a fresh macrotask, so they go in between.
const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTurnQueue({ maxQueued = WRITE_TURNS_QUEUED_PER_USER, maxWaitMs = WRITE_TURN_MAX_WAIT_MS } = {}): TurnQueue {
  const queues = new Map<string, { tail: Promise<void>; size: number }>();
  const busy = () => new ApiError("unavailable", WRITE_BUSY_MESSAGE, { retryAfterSeconds: WRITE_BUSY_RETRY_AFTER_SECONDS });
  return {
    async run(key, task) {
      const queue = queues.get(key) ?? { tail: Promise.resolve(), size: 0 };
      // One running and `maxQueued` waiting.
      if (queue.size > maxQueued) throw busy();
      queues.set(key, queue);
      const previous = queue.tail;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      queue.tail = previous.then(() => finished);
      queue.size += 1;
      try {
        await withDeadline(previous, maxWaitMs, busy);
        await nextMacrotask();
        return await task();
      } finally {
        // A write that gave up passes its turn on too: the next one waits for `previous`, then for this (already done).
        done();
        queue.size -= 1;
        if (queue.size === 0) queues.delete(key);
      }
    },
    size(key) {
      return queues.get(key)?.size ?? 0;
    },
  };
}

const writeTurns = globalThis as typeof globalThis & { __coachWriteTurns?: TurnQueue };

/** Runs one of `userId`'s database writes when the user's earlier writes in this instance are done (see above). */
export function withUserWriteTurn<T>(userId: string, task: () => Promise<T>): Promise<T> {
  writeTurns.__coachWriteTurns ??= createTurnQueue();
  return writeTurns.__coachWriteTurns.run(userId, task);
}
