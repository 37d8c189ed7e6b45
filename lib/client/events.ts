import { STORAGE_KEYS } from "./storage/browser-keys";

// The one browser-wide broadcast: the list of sessions changed (a save, a retry, a migration, another tab's write).
// The parts that show sessions (the history) listen; no step of the session flow passes through here.

const SESSIONS_CHANGED = "refresh-sessions";

export function announceSessionsChanged(): void {
  window.dispatchEvent(new Event(SESSIONS_CHANGED));
}

/** Calls `listener` when this tab announces a change, or another tab writes this device's sessions. */
export function onSessionsChanged(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.localSessions) listener();
  };
  window.addEventListener(SESSIONS_CHANGED, listener);
  window.addEventListener("storage", fromOtherTab);
  return () => {
    window.removeEventListener(SESSIONS_CHANGED, listener);
    window.removeEventListener("storage", fromOtherTab);
  };
}
