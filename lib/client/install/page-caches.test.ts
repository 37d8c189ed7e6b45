import { clearPageCaches, PAGE_CACHE_NAMES } from "./page-caches";

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
