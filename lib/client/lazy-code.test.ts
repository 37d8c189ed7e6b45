import { isLoadFailure } from "@/components/ui/load-failure-boundary";

import { loadCodeWithin } from "./lazy-code";

describe("loadCodeWithin", () => {
  it("passes code that arrives in time", async () => {
    await expect(loadCodeWithin(Promise.resolve({ Screen: "loaded" }), 50)).resolves.toEqual({ Screen: "loaded" });
  });

  it("turns a download that stalls into the failed-download error the load-failure boundaries catch", async () => {
    const stalled = new Promise<never>(() => undefined);
    const error = await loadCodeWithin(stalled, 20).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "ChunkLoadError" });
    expect(isLoadFailure(error)).toBe(true);
  });

  it("passes a failed download on as it failed", async () => {
    const failed = Object.assign(new Error("Failed to load chunk /_next/static/chunks/a.js"), { name: "ChunkLoadError" });
    await expect(loadCodeWithin(Promise.reject(failed), 1000)).rejects.toBe(failed);
  });
});
