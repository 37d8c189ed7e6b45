// Ids of sessions the user deleted (spec part 2 section 3 "Browser storage"): kept so that a stale server list or an
// unfinished migration cannot bring a deleted session back. Capped so localStorage never grows without bound.

export const DELETED_IDS_CAP = 100;

/** The list with id appended as the newest (moved to the end if already there), trimmed to the newest 100. */
export function addDeletedId(list: readonly string[], id: string): string[] {
  const next = list.filter((existing) => existing !== id);
  if (id !== "") next.push(id);
  return next.slice(-DELETED_IDS_CAP);
}

/** A stored value (parsed JSON, possibly corrupt) as a clean list: strings only, no duplicates, newest 100. */
export function parseDeletedIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((id): id is string => typeof id === "string" && id !== "").reduce<string[]>(addDeletedId, []);
}
