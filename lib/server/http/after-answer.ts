import "server-only";

import { after } from "next/server";

/**
 * Work still running when the answer goes out. Next's `after` makes a hosted function wait for it (within the route's
 * maxDuration) instead of freezing it with the answer; a long-lived server runs it anyway. Outside a request (a script,
 * a test calling a handler), where `after` throws, the work simply runs on. `work` must not reject: nobody awaits it.
 */
export function continueAfterAnswer(work: Promise<void>): void {
  try {
    after(work);
  } catch {
    // No request scope: the promise is running already.
  }
}
