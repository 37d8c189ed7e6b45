import { SESSION_TEXTS } from "@/components/session/texts";
import { SessionMovedError, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { movedToThisAccount, sendToAccountCopy } from "@/lib/client/sessions/moved-session";
import { browserStorage, STORAGE_KEYS } from "@/lib/client/storage/browser-keys";
import { deviceOwner } from "@/lib/client/storage/device-owner";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import type { MovedSession } from "@/lib/domain/history/moved-sessions";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";

/**
 * Keeps a session in this browser (a guest's session, or a signed-in user's local backup). A browser that refuses the
 * write (full disk, private mode) gets the Warning toast with advice for the cause, and false. A guest's session that a
 * sign-in in another tab moved into the account meanwhile is not written back here: see changeAfterMove.
 */
export function keepOnDevice(session: ClientSession): boolean {
  try {
    upsertLocalSessionRecord({ ...session, isLocal: true });
    return true;
  } catch (error) {
    if (error instanceof SessionMovedError) return changeAfterMove(session, error.moved);
    showToast(storageWarning(error));
    return false;
  }
}

/**
 * A change to a guest's session made after a sign-in moved it into the account. Signed in to that account here, the
 * change goes to the account's copy (true); should it not get there, it waits on this device as the account's backup for
 * the next migration, and the 'Save Error' toast says so, as after any refused save. A guest (or another account) cannot
 * write it (false): the account's copy stays as it is. The spec has no text for that case, so nothing is shown.
 */
export function changeAfterMove(session: Record<string, unknown>, moved: MovedSession): boolean {
  if (deviceOwner() !== moved.ownerId) return false;
  void sendToAccountCopy(session, moved).then(
    (where) => {
      if (where === "backup") showToast({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody, variant: "destructive" });
    },
    (error: unknown) => showToast(storageWarning(error)),
  );
  return true;
}

/**
 * The open session as this tab should write it: once a sign-in (in another tab) moved this guest session into the
 * account this tab is signed in to, the account's copy, whose changes go to the server like any of the account's.
 */
export function accountCopyOf<T extends { id: string; isLocal?: boolean }>(session: T): T {
  const moved = session.isLocal ? movedToThisAccount(session.id) : null;
  return moved ? { ...session, id: moved.accountId, isLocal: false } : session;
}

/** The profile's free-session line (spec part 1 section 3: the text "true"). */
export function markFreeSessionUsed(): void {
  try {
    browserStorage()?.setItem(STORAGE_KEYS.freeSessionUsed, "true");
  } catch {
    // Only affects the profile's free-session line.
  }
}
