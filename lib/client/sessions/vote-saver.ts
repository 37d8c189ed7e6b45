import type { SwipeAction } from "@/lib/domain/analysis/types";
import { withDeadline } from "@/lib/domain/with-deadline";

import { sessionApi } from "./session-api";

/** How long a summary waits for the votes to be stored before it is asked for anyway (from the votes stored by then). */
export const VOTES_SETTLE_WAIT_MS = 30_000;

export type VoteSaver = {
  /** Sends the session's votes after any send under way; true once the server has them, false if it refused. */
  save: (sessionId: string, swipeActions: SwipeAction[]) => Promise<boolean>;
  /**
   * Waits for the session's last send, and sends those votes once more if it failed: an account's summary is made from the
   * votes the server has stored, so it is asked for after them. Never rejects; gives up waiting after VOTES_SETTLE_WAIT_MS.
   */
  settled: (sessionId: string) => Promise<void>;
};

type Send = { sessionId: string; swipeActions: SwipeAction[]; started: boolean; saved: Promise<boolean> };

/**
 * A signed-in session's votes, saved one call after another: each call carries every vote and replaces the stored ones,
 * so a slow earlier call must never land after a later one. Votes made while a call is under way wait as one call with the
 * newest list (each would carry all of them), so quick votes on a slow connection do not queue a call each.
 */
export function createVoteSaver(
  send: (sessionId: string, swipeActions: SwipeAction[]) => Promise<unknown> = (sessionId, swipeActions) => sessionApi.swipe(sessionId, swipeActions),
  settleWaitMs = VOTES_SETTLE_WAIT_MS,
): VoteSaver {
  let last: Send | null = null;

  const save = (sessionId: string, swipeActions: SwipeAction[]): Promise<boolean> => {
    if (last && !last.started && last.sessionId === sessionId) {
      last.swipeActions = swipeActions;
      return last.saved;
    }
    const previous = last?.saved ?? Promise.resolve(true);
    const next: Send = { sessionId, swipeActions, started: false, saved: Promise.resolve(false) };
    next.saved = previous.then(() => {
      next.started = true;
      return send(next.sessionId, next.swipeActions).then(
        () => true,
        () => false,
      );
    });
    last = next;
    return next.saved;
  };

  const waitForLast = async (sessionId: string): Promise<void> => {
    const pending = last;
    if (!pending || pending.sessionId !== sessionId) return;
    if (await pending.saved) return;
    // A vote made meanwhile is sent by its own call, which is waited for instead.
    if (last === pending) await save(sessionId, pending.swipeActions);
    else await waitForLast(sessionId);
  };

  const settled = (sessionId: string): Promise<void> =>
    withDeadline(waitForLast(sessionId), settleWaitMs, () => new Error("The votes were not stored in time")).catch(() => undefined);

  return { save, settled };
}
