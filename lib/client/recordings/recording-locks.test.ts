/** @jest-environment node */
import { holdRecordingLock, lockedRecordingIds, releaseRecordingLock, tryHoldRecordingLock } from "./recording-locks";

type LockCallback = (lock: { name: string } | null) => unknown;

// A LockManager as small as the browser's contract: a lock is held while the callback's promise is pending.
function fakeLocks(grantDelayMs = 0) {
  const held = new Set<string>();
  return {
    held,
    request: (name: string, ...args: [callback: LockCallback] | [options: { ifAvailable?: boolean }, callback: LockCallback]) =>
      new Promise<void>((resolve) => {
        const [options, callback] = args.length === 1 ? [{}, args[0]] : args;
        if (options.ifAvailable && held.has(name)) return void Promise.resolve(callback(null)).then(() => resolve());
        setTimeout(() => {
          held.add(name);
          void Promise.resolve(callback({ name })).then(() => {
            held.delete(name);
            resolve();
          });
        }, grantDelayMs);
      }),
    query: async () => ({ held: [...held].map((name) => ({ name, mode: "exclusive" as const })), pending: [] }),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));
afterEach(() => Reflect.deleteProperty(globalThis, "navigator"));

describe("recording locks", () => {
  it("holds a recording's lock until it is released", async () => {
    const locks = fakeLocks();
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });

    holdRecordingLock("a");
    await flush();
    expect(await lockedRecordingIds()).toEqual(new Set(["a"]));

    releaseRecordingLock("a");
    await flush();
    expect(await lockedRecordingIds()).toEqual(new Set());
  });

  it("lets go of a lock released before the browser granted it", async () => {
    const locks = fakeLocks(10);
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });

    holdRecordingLock("early");
    releaseRecordingLock("early");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(locks.held.size).toBe(0);
  });

  it("reports nothing held where the browser has no Web Locks", async () => {
    holdRecordingLock("x");
    expect(await lockedRecordingIds()).toEqual(new Set());
  });

  it("takes a lock no tab holds, and refuses one another tab holds, so only one of them sends a waiting recording", async () => {
    const locks = fakeLocks();
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
    locks.held.add("coach-audio:other-tab");

    expect(await tryHoldRecordingLock("other-tab")).toBe(false);
    expect(await tryHoldRecordingLock("free")).toBe(true);
    expect(await tryHoldRecordingLock("free")).toBe(true);
    expect(await lockedRecordingIds()).toEqual(new Set(["other-tab", "free"]));

    releaseRecordingLock("free");
    await flush();
    expect(await lockedRecordingIds()).toEqual(new Set(["other-tab"]));
  });
});
