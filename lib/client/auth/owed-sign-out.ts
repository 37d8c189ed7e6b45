import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";

// A sign-out without Clerk (offline, its script blocked, its servers not answering) cannot end the session on Clerk's
// servers. Emptying the one `__session` cookie was not enough either: Clerk also keeps suffixed copies (`__session_<id>`,
// `__client_uat_<id>`) and `__client_uat` on the parent domain, which signed the user in again at the next page the
// server rendered; and clerk-js, the next time it loads (the sign-in screen), finds the session alive on Clerk's servers.
// So every copy of the session's cookies goes, and the sign-out is owed: the next page where Clerk loads ends the session
// on Clerk's servers before anyone can act in it (identity-provider.tsx).

const SESSION_COOKIE = /^__(session|client_uat)(_.+)?$/;

/** The domains a cookie of this page may be set on: the host and each parent (a public suffix refuses it, harmlessly). */
function cookieDomains(hostname: string): string[] {
  const labels = hostname.split(".");
  if (labels.length < 2 || /^[\d.]+$/.test(hostname) || hostname.includes(":")) return [];
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

/** Expires Clerk's session cookies, suffixed or not, on the host and its parent domains; the client then reads "0". */
export function endClerkSessionCookies(doc: Document = document, hostname = window.location.hostname): void {
  const names = new Set(["__session", "__client_uat"]);
  for (const entry of doc.cookie.split(";")) {
    const name = entry.split("=")[0]!.trim();
    if (SESSION_COOKIE.test(name)) names.add(name);
  }
  for (const name of names) {
    doc.cookie = `${name}=; Max-Age=0; path=/`;
    for (const domain of cookieDomains(hostname)) doc.cookie = `${name}=; Max-Age=0; path=/; domain=${domain}`;
  }
  doc.cookie = "__client_uat=0; path=/";
}

/** Keeps the account whose sign-out Clerk's servers still owe, for the next page where Clerk loads. */
export function markSignOutOwed(userId: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.signOutOwed, userId);
  } catch {
    // A browser that refuses the write: the cookies are gone all the same.
  }
}

/** The account whose sign-out is owed, or null. */
export function owedSignOut(storage: KeyValueStorage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(STORAGE_KEYS.signOutOwed) || null;
  } catch {
    return null;
  }
}

export function clearOwedSignOut(storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.signOutOwed);
  } catch {
    // Read again at the next page where Clerk loads; settling it twice does no harm.
  }
}
