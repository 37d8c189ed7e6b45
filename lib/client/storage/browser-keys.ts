// Browser storage keys of the spec (part 1 section 3, part 2 section 3), in one place.
export const STORAGE_KEYS = {
  userDisplayName: "userDisplayName",
  freeSessionUsed: "freeSessionUsed",
  privacyMode: "privacyMode",
  speechLanguage: "speechLanguage",
  lastFailedSessionId: "lastFailedSessionId",
  localSessions: "local_sessions",
  localRecordings: "localRecordings",
  failedRecordings: "failedRecordings",
  deletedSessionIds: "deleted_session_ids",
  /** Our own: sessions a sign-in moved from this device into an account, so a late write cannot bring them back here. */
  movedSessions: "moved_sessions",
  /** Our own: a signed-in user's growth follow-ups the server has not confirmed yet (no lost recordings). */
  pendingFollowUps: "pending_follow_ups",
  /** Our own: uploads of recordings sent in parts the server could not be told to close yet (their ids and tokens). */
  uploadsToClose: "uploads_to_close",
  /** Our own: the service worker's page caches may hold a signed-in account's pages (lib/client/install/page-caches.ts). */
  accountPagesCached: "account_pages_cached",
  /** Our own: the account a sign-out without Clerk signed out here, whose session Clerk's servers have not ended yet. */
  signOutOwed: "sign_out_owed",
} as const;

/** Session-level (sessionStorage) flag set before social sign-in so the welcome screen is skipped afterwards. */
export const SESSION_KEYS = {
  skipWelcomeAfterAuth: "skipWelcomeAfterAuth",
  /** Our own: the toast a page left to be shown after it reloads itself (a sign-out without Clerk's script). */
  toastAfterReload: "toastAfterReload",
} as const;

/** The subset of Web Storage the app uses, so tests and private-mode failures can stand in. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** localStorage when it exists and works; Safari private mode and disabled storage throw on access. */
export function browserStorage(): KeyValueStorage | null {
  try {
    if (typeof window === "undefined" || !window.localStorage) return null;
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether a stored list holds anything, read without parsing it: the app loads a list's code only when there is one. */
export function holdsStoredItems(storage: KeyValueStorage | null, key: string): boolean {
  try {
    const stored = storage?.getItem(key);
    return Boolean(stored && stored !== "[]");
  } catch {
    return false;
  }
}

/** A stored list, or [] when it is missing, unreadable or not a list: damaged storage must not crash the app. */
export function readStoredList(storage: KeyValueStorage | null, key: string): unknown[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Could not read ${key} from this browser's storage; treating it as empty.`, error);
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // Reported below with the non-list case.
  }
  console.warn(`${key} in this browser's storage is not a readable list; treating it as empty.`);
  return [];
}
