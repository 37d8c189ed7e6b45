import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";

// The service worker (app/sw.ts) keeps the last copy of each page for offline use. A signed-in page shows the user's name,
// so signing out (or deleting one's data) drops those copies: the next person on this device never sees them offline.
// A session can also end without the app's sign-out (it expired, or the user signed out in another tab or on Clerk's own
// pages): a note kept while someone is signed in lets the first signed-out page drop the copies then.

/** The service worker's page caches (app/sw.ts): documents and their server-component payloads. */
export const PAGE_CACHE_NAMES = ["pages", "pages-rsc"] as const;

export async function clearPageCaches(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!cacheStorage) return;
  await Promise.all(PAGE_CACHE_NAMES.map((name) => cacheStorage.delete(name).catch(() => false)));
}

/**
 * Called with the page's identity once it is known: while signed in, notes that the page caches may hold an account's
 * pages; once signed out, drops them if they may, however the session ended.
 */
export async function keepPageCachesToTheirAccount(
  signedIn: boolean,
  storage: KeyValueStorage | null = browserStorage(),
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  try {
    if (signedIn) {
      storage?.setItem(STORAGE_KEYS.accountPagesCached, "true");
      return;
    }
    if (storage?.getItem(STORAGE_KEYS.accountPagesCached) !== "true") return;
    await clearPageCaches(cacheStorage);
    storage.removeItem(STORAGE_KEYS.accountPagesCached);
  } catch {
    // Storage refused (private mode, quota): the app's own sign-out still clears the caches.
  }
}
