/** @jest-environment jsdom */
import { STORAGE_KEYS } from "@/lib/client/storage/browser-keys";

import { clearPageCaches, keepPageCachesToTheirAccount, PAGE_CACHE_NAMES } from "./page-caches";

describe("clearPageCaches", () => {
  it("deletes the service worker's page caches and nothing else", async () => {
    const deleted: string[] = [];
    const storage = { delete: jest.fn(async (name: string) => (deleted.push(name), true)) } as unknown as CacheStorage;
    await clearPageCaches(storage);
    expect(deleted).toEqual([...PAGE_CACHE_NAMES]);
  });

  it("does nothing where the browser has no Cache Storage, and survives a refusal", async () => {
    await expect(clearPageCaches(undefined)).resolves.toBeUndefined();
    const refusing = { delete: jest.fn(async () => Promise.reject(new Error("SecurityError"))) } as unknown as CacheStorage;
    await expect(clearPageCaches(refusing)).resolves.toBeUndefined();
  });
});

describe("keepPageCachesToTheirAccount (a session that ended without the app's sign-out)", () => {
  const cacheStorage = () => {
    const deleted: string[] = [];
    return { deleted, storage: { delete: jest.fn(async (name: string) => (deleted.push(name), true)) } as unknown as CacheStorage };
  };
  beforeEach(() => localStorage.clear());

  it("drops the page caches on the first signed-out page after a signed-in one, once", async () => {
    const caches = cacheStorage();
    await keepPageCachesToTheirAccount(true, localStorage, caches.storage);
    expect(caches.deleted).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.accountPagesCached)).toBe("true");

    await keepPageCachesToTheirAccount(false, localStorage, caches.storage);
    expect(caches.deleted).toEqual([...PAGE_CACHE_NAMES]);
    expect(localStorage.getItem(STORAGE_KEYS.accountPagesCached)).toBeNull();

    await keepPageCachesToTheirAccount(false, localStorage, caches.storage);
    expect(caches.deleted).toEqual([...PAGE_CACHE_NAMES]);
  });

  it("leaves a guest's page caches alone, and survives storage that refuses", async () => {
    const caches = cacheStorage();
    await keepPageCachesToTheirAccount(false, localStorage, caches.storage);
    expect(caches.deleted).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    await expect(keepPageCachesToTheirAccount(true, refusing, caches.storage)).resolves.toBeUndefined();
    await expect(keepPageCachesToTheirAccount(false, refusing, caches.storage)).resolves.toBeUndefined();
  });
});
