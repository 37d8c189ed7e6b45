/** @jest-environment node */
import { ApiError } from "@/lib/server/http/errors";

import { BUSY_MESSAGE, createKeyedInFlightLimiter, createTurnQueue, WRITE_BUSY_MESSAGE } from "./in-flight";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createTurnQueue (one user's writes take turns)", () => {
  it("runs one task at a time per key, in order, and keys apart at once", async () => {
    const queue = createTurnQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await sleep(20);
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue.run("a", task("a1")), queue.run("a", task("a2")), queue.run("b", task("b1"))]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("end a1")).toBeLessThan(log.indexOf("start a2"));
    expect(log.indexOf("start b1")).toBeLessThan(log.indexOf("end a1"));
    expect(queue.size("a")).toBe(0);
  });

  it("refuses at once, with the 503 and Retry-After, past the queue's length", async () => {
    const queue = createTurnQueue({ maxQueued: 2, maxWaitMs: 1_000 });
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => queue.run("a", () => sleep(20))));
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "rejected"]);
    const refusal = (settled[3] as PromiseRejectedResult).reason as ApiError;
    expect({ status: refusal.status, message: refusal.message, retryAfter: refusal.details?.retryAfterSeconds }).toEqual({
      status: 503,
      message: WRITE_BUSY_MESSAGE,
      retryAfter: 5,
    });
  });

  it("a task that waited too long is refused and passes its turn on; a failing task does too", async () => {
    const queue = createTurnQueue({ maxQueued: 5, maxWaitMs: 50 });
    const slow = queue.run("a", () => sleep(120));
    const tooLate = queue.run("a", async () => "never");
    const failing = queue.run("a", () => sleep(1).then(() => Promise.reject(new Error("boom"))));
    await expect(tooLate).rejects.toMatchObject({ status: 503 });
    await expect(failing).rejects.toMatchObject({ status: 503 });
    await slow;
    await expect(queue.run("a", async () => "next")).resolves.toBe("next");
    const afterFailure = createTurnQueue();
    await expect(afterFailure.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(afterFailure.run("a", async () => "next")).resolves.toBe("next");
    expect(afterFailure.size("a")).toBe(0);
  });

  it("lets other work in between one key's turns, even when its tasks never leave the microtask queue", async () => {
    // The embedded database answers within one event-loop turn, so a burst of one user's writes was an unbroken chain of
    // promises: another request's I/O and timers (its session verification) waited for the whole burst.
    const queue = createTurnQueue();
    const log: string[] = [];
    const burst = Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        queue.run("a", async () => {
          log.push(`write ${index}`);
        }),
      ),
    );
    setImmediate(() => log.push("other request"));
    await burst;
    expect(log.indexOf("other request")).toBeGreaterThan(-1);
    expect(log.indexOf("other request")).toBeLessThan(log.indexOf("write 4"));
  });
});

describe("createKeyedInFlightLimiter (one caller's share of the places)", () => {
  it("refuses a caller past its limit with the 503 at once, lets other callers in, and frees the place when a task ends", async () => {
    const limiter = createKeyedInFlightLimiter();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = limiter.run("a", 2, () => held);
    const second = limiter.run("a", 2, () => held);
    await expect(limiter.run("a", 2, async () => "third")).rejects.toMatchObject({ status: 503, message: BUSY_MESSAGE });
    await expect(limiter.run("b", 2, async () => "other caller")).resolves.toBe("other caller");
    expect(limiter.active("a")).toBe(2);
    release();
    await Promise.all([first, second]);
    expect(limiter.active("a")).toBe(0);
    await expect(limiter.run("a", 2, async () => "again")).resolves.toBe("again");
  });

  it("a task that fails frees its place too", async () => {
    const limiter = createKeyedInFlightLimiter();
    await expect(limiter.run("a", 1, () => Promise.reject(new ApiError("bad_request", "no")))).rejects.toThrow("no");
    expect(limiter.active("a")).toBe(0);
  });
});
