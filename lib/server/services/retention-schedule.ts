import "server-only";

import { withDeadline } from "@/lib/domain/with-deadline";
import { describeForLog } from "@/lib/server/http/errors";

import { runRetention } from "./retention";

// The clean-up the privacy page promises must not depend on a scheduler being configured (POST /api/cron/retention needs
// CRON_SECRET): every server process also runs it itself, on a timer while it lives (instrumentation-node.ts) and when an
// upload of a long recording starts (which serves hosted functions, whose timers do not outlive a request).

/** How often a living server process cleans up: far inside the 24 hours of an abandoned upload and the 30 days of failed audio. */
export const RETENTION_INTERVAL_MS = 15 * 60 * 1000;
/** The least time between two runs in one process, however many uploads start. */
export const RETENTION_MIN_GAP_MS = 5 * 60 * 1000;
/**
 * A run not ended after this long is no longer waited for, so the next one starts when due: a run that never settled would
 * otherwise hold `running` and end the clean-up for the life of the process. Its database statements and object-store
 * calls are each bounded, so only a defect gets here; a late run overlapping the next is harmless (runRetention is safe
 * to run at once on any number of instances).
 */
export const RETENTION_RUN_BOUND_MS = 10 * 60 * 1000;

let lastStartedAt = Number.NEGATIVE_INFINITY;
let running: Promise<void> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

/** Runs the clean-up unless this process started it less than RETENTION_MIN_GAP_MS ago; never throws (failures are logged). */
export function runRetentionWhenDue(nowMs: number = Date.now()): Promise<void> {
  if (running) return running;
  if (nowMs - lastStartedAt < RETENTION_MIN_GAP_MS) return Promise.resolve();
  lastStartedAt = nowMs;
  const run = runRetention(new Date(nowMs)).then(
    () => undefined,
    (error: unknown) => console.warn(`[retention] the clean-up failed; it runs again later: ${describeForLog(error)}`),
  );
  running = withDeadline(run, RETENTION_RUN_BOUND_MS, () => null)
    .catch(() => console.warn(`[retention] the clean-up has not ended in ${RETENTION_RUN_BOUND_MS / 60_000} minutes; the next one starts when due`))
    .finally(() => {
      running = null;
    });
  return running;
}

/** Starts this process's timer (once); it never keeps the process alive. */
export function scheduleRetention(): void {
  if (timer) return;
  timer = setInterval(() => void runRetentionWhenDue(), RETENTION_INTERVAL_MS);
  timer.unref();
  // The first run soon after start, not at once: the server answers its first requests undisturbed.
  setTimeout(() => void runRetentionWhenDue(), 60_000).unref();
}
