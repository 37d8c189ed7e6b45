// The service worker (app/sw.ts) keeps the last copy of each page for offline use. A signed-in page shows the user's name,
// so signing out (or deleting one's data) drops those copies: the next person on this device never sees them offline.

/** The service worker's page caches (app/sw.ts): documents and their server-component payloads. */
export const PAGE_CACHE_NAMES = ["pages", "pages-rsc"] as const;

export async function clearPageCaches(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!cacheStorage) return;
  await Promise.all(PAGE_CACHE_NAMES.map((name) => cacheStorage.delete(name).catch(() => false)));
}
