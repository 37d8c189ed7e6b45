// Whose this browser's kept sessions, recordings and waiting follow-ups are. A copy kept while someone is signed in carries
// their user id and is theirs alone: after they sign out, a guest or the next person to sign in on this browser neither
// sees it, retries it, sends it nor gets it migrated into their own account. Their sign-out hands the completed copies to
// their account and removes the ones it confirms (components/history/sign-out-hand-over.ts); the rest is not deleted (the
// server has not confirmed it: no lost recordings) and is there again when its owner signs back in. A guest's copy
// carries no owner and, as the spec asks, is synced to whoever signs in next.

let currentOwner: string | null = null;

/** Set with the request identity (lib/client/api/request.ts): the signed-in user's id, or null for a guest. */
export function setDeviceOwner(ownerId: string | null): void {
  currentOwner = ownerId;
}

/** The signed-in user's id, or null for a guest. */
export function deviceOwner(): string | null {
  return currentOwner;
}

/** A kept item is the current person's when it has no owner (a guest's) or names them. */
export function ownedByCurrentUser(item: object, owner: string | null = currentOwner): boolean {
  const { ownerId } = item as { ownerId?: unknown };
  return typeof ownerId !== "string" || ownerId === "" || ownerId === owner;
}
