import { addDeletedId, parseDeletedIds } from "@/lib/domain/history/deleted-ids";

import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "./browser-keys";

/** Ids of sessions deleted on this device (newest 100), so a stale copy never reappears in the history. */
export function readDeletedIds(storage: KeyValueStorage | null = browserStorage()): string[] {
  try {
    return parseDeletedIds(JSON.parse(storage?.getItem(STORAGE_KEYS.deletedSessionIds) ?? "[]"));
  } catch {
    return [];
  }
}

export function rememberDeletedId(id: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.deletedSessionIds, JSON.stringify(addDeletedId(readDeletedIds(storage), id)));
  } catch {
    // Only a stale local copy could come back; the server copy is gone either way.
  }
}
