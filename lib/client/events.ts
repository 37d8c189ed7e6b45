import { STORAGE_KEYS } from "./storage/browser-keys";

// The one browser-wide broadcast: the list of sessions changed (a save, a retry, a migration, another tab's write).
// The parts that show sessions (the history) listen; no step of the session flow passes through here.

const SESSIONS_CHANGED = "refresh-sessions";

export function announceSessionsChanged(): void {
  window.dispatchEvent(new Event(SESSIONS_CHANGED));
}

// Another tab's writes that change what the history lists: this device's sessions, and the ids of sessions deleted (an
// account's session deleted there touches no stored session here, and the account's list is never refetched on its own).
const LISTED_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.localSessions, STORAGE_KEYS.deletedSessionIds]);

/** Calls `listener` when this tab announces a change, or another tab writes this device's sessions or deletes one. */
export function onSessionsChanged(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || LISTED_KEYS.has(event.key)) listener();
  };
  window.addEventListener(SESSIONS_CHANGED, listener);
  window.addEventListener("storage", fromOtherTab);
  return () => {
    window.removeEventListener(SESSIONS_CHANGED, listener);
    window.removeEventListener("storage", fromOtherTab);
  };
}
