import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "./browser-keys";
import { ownedByCurrentUser } from "./device-owner";

export type LocalSessionRef = { id: string; timestamp: number | null };

const MAX_REFS = 50;

/**
 * Ids (and times) of the sessions kept in this browser, newest first. Only references travel in a request header:
 * transcripts never go into headers, which proxies and hosts commonly log.
 */
export function readLocalSessionRefs(storage: KeyValueStorage | null = browserStorage()): LocalSessionRef[] {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(STORAGE_KEYS.localSessions);
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return (
    parsed
      // Another account's kept sessions are not named in this person's requests.
      .filter((item): item is { id: string; timestamp?: unknown } => typeof item?.id === "string" && item.id.length <= 200 && ownedByCurrentUser(item))
      .map((item) => ({ id: item.id, timestamp: typeof item.timestamp === "number" ? item.timestamp : null }))
      .sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0))
      .slice(0, MAX_REFS)
  );
}
