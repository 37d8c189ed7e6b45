import type { SwipeAction } from "@/lib/domain/analysis/types";

import { sessionApi } from "./session-api";

export type VoteSaver = {
  /** Sends the session's votes after any send still under way; true once the server has them, false if it refused. */
  save: (sessionId: string, swipeActions: SwipeAction[]) => Promise<boolean>;
  /**
   * Waits for the session's last send, and sends those votes once more if it failed: an account's summary is made from the
   * votes the server has stored, so it is asked for after them. Never rejects.
   */
  settled: (sessionId: string) => Promise<void>;
};

/**
 * A signed-in session's votes, saved one call after another: each call carries every vote and replaces the stored ones,
 * so a slow earlier call must never land after a later one.
 */
export function createVoteSaver(
  send: (sessionId: string, swipeActions: SwipeAction[]) => Promise<unknown> = (sessionId, swipeActions) => sessionApi.swipe(sessionId, swipeActions),
): VoteSaver {
  let last: { sessionId: string; swipeActions: SwipeAction[]; saved: Promise<boolean> } | null = null;

  const save = (sessionId: string, swipeActions: SwipeAction[]): Promise<boolean> => {
    const previous = last?.saved ?? Promise.resolve(true);
    const saved = previous.then(() =>
      send(sessionId, swipeActions).then(
        () => true,
        () => false,
      ),
    );
    last = { sessionId, swipeActions, saved };
    return saved;
  };

  const settled = async (sessionId: string): Promise<void> => {
    const pending = last;
    if (!pending || pending.sessionId !== sessionId) return;
    if (await pending.saved) return;
    // A vote made meanwhile is sent by its own call, which is waited for instead.
    if (last === pending) await save(sessionId, pending.swipeActions);
    else await settled(sessionId);
  };

  return { save, settled };
}
