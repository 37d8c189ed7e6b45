// What of a session kept on this device goes to the account when it moves there (a migration, or a change a tab made to
// a session after its move).

const MIGRATED_FIELDS = [
  "id",
  "transcript",
  "analysis",
  "swipeActions",
  "createdAt",
  "timestamp",
  "isCompleted",
  "isExample",
  "name",
  "summary",
  "recommendations",
  "encouragement",
  "reminderSet",
  "reminderDate",
  "followUpTranscripts",
  "conversationGuideHeadline",
  "mode",
  "speakerNames",
  // The follow-through a guest answered and the conversation's signals: the server keeps both with the session, and the
  // device's copy is removed once it is in the account, so leaving them out would lose them.
  "commitments",
  "signals",
] as const;

/** Only the fields the server's session schema knows; browser-only fields (audio keys, mime types) stay behind. */
export function migrationItem(session: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(MIGRATED_FIELDS.filter((key) => session[key] !== undefined && session[key] !== null).map((key) => [key, session[key]]));
}

// A copy a signed-in user's account kept on this device (a vote or save it refused) is older than the account's own copy
// as soon as that changed elsewhere: on another device, or in this browser after the copy was kept (a regenerated summary,
// a new title). The migration updates the account's copy in place, so such a copy is sent with how long ago it was last
// changed here (stamped by every write, local-recordings.ts), and the account keeps its own copy when that is newer. An
// age, not a date: the device's clock may be set wrong, and both ends measure the age with their own.

/** Epoch ms (this device's clock) of a kept copy's last write. */
export const CHANGED_AT_FIELD = "changedAt";
/** A longer wait says a clock went wrong: the copy counts as unstamped. */
export const KEPT_COPY_MAX_AGE_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** What the account needs to tell a kept copy from a newer one of its own: null when the copy's age is not known. */
export type KeptCopyMark = { changedMsAgo: number | null };

/**
 * A copy kept for the signed-in account, as the migration sends it: its fields (migrationItem) and its age at `now`. A copy
 * without a usable stamp (kept before copies were stamped, or a clock set back since) gets null: the account then keeps its
 * own copy whatever it holds, and stores this one only when it has none.
 */
export function keptCopyItem(copy: Record<string, unknown>, now: number): Record<string, unknown> & { keptCopy: KeptCopyMark } {
  const changedAt = copy[CHANGED_AT_FIELD];
  const age = typeof changedAt === "number" && Number.isFinite(changedAt) ? Math.round(now - changedAt) : Number.NaN;
  return { ...migrationItem(copy), keptCopy: { changedMsAgo: age >= 0 && age <= KEPT_COPY_MAX_AGE_MS ? age : null } };
}

/** How the migration sends a copy kept on this device: one kept for an account is marked (keptCopyItem), a guest's is not. */
export function storedCopyItem(copy: Record<string, unknown>, now: number): Record<string, unknown> {
  return typeof copy.ownerId === "string" && copy.ownerId !== "" ? keptCopyItem(copy, now) : migrationItem(copy);
}
