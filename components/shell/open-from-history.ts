import type { HistoryEntry } from "@/components/history/use-history";
import { showToast } from "@/lib/client/toast/toast-store";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import { withDeadline } from "@/lib/domain/with-deadline";

import { historyDetailLoaded, sessionResultsLoaded } from "./lazy-screens";
import { HOME_TEXTS } from "./texts";

/** A download (the session rules, the screen's code) that neither arrives nor fails holds the history no longer than this. */
export const SCREEN_CODE_WAIT_MS = 15_000;

/**
 * A session picked in the history: a completed one opens at its results, any other in its detail. The history is loaded
 * by now; the session rules (with their schemas) come with the tap, not the first screen, and a chunk that does not arrive,
 * or a stored session the rules cannot read, says so rather than doing nothing.
 *
 * The promise settles only once the screen's own code is there (or has failed, which its boundary reports): the history
 * takes no other open until then, since a card stays on screen and tappable while that code downloads, and a second tap
 * would fetch the session again and open it again.
 */
export async function openFromHistory(
  session: HistoryEntry,
  screens: { results: (session: ClientSession) => void; detail: (session: HistoryEntry) => void },
): Promise<void> {
  let screenLoaded: Promise<unknown>;
  try {
    const { completedSessionFromHistory, isCompletedSession } = await withDeadline(
      import("@/lib/domain/session-flow/from-history"),
      SCREEN_CODE_WAIT_MS,
      () => new Error("The session rules did not arrive."),
    );
    if (isCompletedSession(session)) {
      screens.results(completedSessionFromHistory(session));
      screenLoaded = sessionResultsLoaded();
    } else {
      screens.detail(session);
      screenLoaded = historyDetailLoaded();
    }
  } catch {
    showToast({ title: HOME_TEXTS.errorTitle, description: HOME_TEXTS.prepareError, variant: "destructive" });
    return;
  }
  await withDeadline(screenLoaded, SCREEN_CODE_WAIT_MS, () => undefined).catch(() => undefined);
}
