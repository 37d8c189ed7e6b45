import { addMovedSession, parseMovedSessions, type MovedSession } from "@/lib/domain/history/moved-sessions";
import { isDeviceSessionId } from "@/lib/domain/session-ids";

import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "./browser-keys";

/** Sessions a sign-in moved from this device into an account (newest 100), read where the device's copy was removed. */
export function readMovedSessions(storage: KeyValueStorage | null = browserStorage()): MovedSession[] {
  try {
    return parseMovedSessions(JSON.parse(storage?.getItem(STORAGE_KEYS.movedSessions) ?? "[]"));
  } catch {
    return [];
  }
}

/**
 * Where the session kept under this browser id went, or null when it never moved. Only this browser's ids move: an entry
 * under an account's id (the sign-in's migration recorded backups so until 2026-11-27) would refuse the session's backups.
 */
export function movedSessionOf(localId: string, storage: KeyValueStorage | null = browserStorage()): MovedSession | null {
  if (!isDeviceSessionId(localId)) return null;
  return readMovedSessions(storage).find((entry) => entry.localId === localId) ?? null;
}

/** False when the browser refused the write. */
export function rememberMovedSession(moved: MovedSession, storage: KeyValueStorage | null = browserStorage()): boolean {
  try {
    storage?.setItem(STORAGE_KEYS.movedSessions, JSON.stringify(addMovedSession(readMovedSessions(storage), moved)));
    return !!storage;
  } catch {
    return false;
  }
}
