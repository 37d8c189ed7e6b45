import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "./browser-keys";

export { readDisplayName } from "./settings";

/** The profile name lives on this device only (spec: "The update is local only"). Throws when storage refuses. */
export function writeDisplayName(name: string, storage: KeyValueStorage | null = browserStorage()): void {
  if (!storage) throw new Error("Browser storage is not available");
  storage.setItem(STORAGE_KEYS.userDisplayName, name);
}

/** Sign-out drops the name kept on this device: it was the signed-out user's (spec: sign-out clears the cached profile). */
export function clearDisplayName(storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.userDisplayName);
  } catch {
    // Storage refusing access holds nothing to clear.
  }
}

export function readFreeSessionUsed(storage: KeyValueStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(STORAGE_KEYS.freeSessionUsed) === "true";
  } catch {
    return false;
  }
}
