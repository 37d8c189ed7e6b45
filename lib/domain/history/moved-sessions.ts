// Sessions a sign-in moved from this device into an account (spec part 2 section 4, "Migration"). The device's copy is
// removed then, but a tab still showing it (a guest's results open in another tab) may write it again later: the record
// of the move lets the store refuse to bring it back as a guest's copy, and tells where the session went. Capped like the
// deleted ids, so localStorage never grows without bound.

export const MOVED_SESSIONS_CAP = 100;

/** The browser's id, the account's id for the session, and the account (its user id). */
export type MovedSession = { localId: string; accountId: string; ownerId: string };

/** The list with `moved` appended as the newest (replacing an older entry of the same browser id), trimmed to the newest 100. */
export function addMovedSession(list: readonly MovedSession[], moved: MovedSession): MovedSession[] {
  const next = list.filter((entry) => entry.localId !== moved.localId);
  if (isMovedSession(moved)) next.push({ localId: moved.localId, accountId: moved.accountId, ownerId: moved.ownerId });
  return next.slice(-MOVED_SESSIONS_CAP);
}

/** A stored value (parsed JSON, possibly damaged) as a clean list: well-formed entries only, one per browser id, newest 100. */
export function parseMovedSessions(raw: unknown): MovedSession[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isMovedSession).reduce<MovedSession[]>(addMovedSession, []);
}

function isMovedSession(value: unknown): value is MovedSession {
  if (typeof value !== "object" || value === null) return false;
  const { localId, accountId, ownerId } = value as Record<string, unknown>;
  return [localId, accountId, ownerId].every((field) => typeof field === "string" && field !== "");
}
