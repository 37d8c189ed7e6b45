import { upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { browserStorage, STORAGE_KEYS } from "@/lib/client/storage/browser-keys";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";

/**
 * Keeps a session in this browser (a guest's session, or a signed-in user's local backup). A browser that refuses the
 * write (full disk, private mode) gets the Warning toast with advice for the cause, and false.
 */
export function keepOnDevice(session: ClientSession): boolean {
  try {
    upsertLocalSessionRecord({ ...session, isLocal: true });
    return true;
  } catch (error) {
    showToast(storageWarning(error));
    return false;
  }
}

/** The profile's free-session line (spec part 1 section 3: the text "true"). */
export function markFreeSessionUsed(): void {
  try {
    browserStorage()?.setItem(STORAGE_KEYS.freeSessionUsed, "true");
  } catch {
    // Only affects the profile's free-session line.
  }
}
