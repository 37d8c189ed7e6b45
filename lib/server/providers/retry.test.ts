/** @jest-environment node */
import { getEventListeners } from "node:events";

import { isRetryableProviderError, ProviderTimeoutError, RequestAbortedError, withRetry } from "./retry";

const policy = { attempts: 3, timeoutMs: 1000, baseDelayMs: 100, maxDelayMs: 1000 };
const noSleep = { sleep: async () => {}, random: () => 0.5 };
const statusError = (status: number) => Object.assign(new Error(`status ${status}`), { status });

describe("isRetryableProviderError", () => {
  it.each([
    [statusError(429), true],
    [statusError(503), true],
    [statusError(500), false],
    [statusError(400), false],
    [statusError(401), false],
    [new TypeError("fetch failed"), true],
    [Object.assign(new Error("x"), { name: "APIConnectionTimeoutError" }), true],
    [new ProviderTimeoutError("openai", 10), true],
    [new RequestAbortedError("openai"), false],
    [new Error("Invalid JSON in model output"), false],
  ])("%s → %s", (error, expected) => {
    expect(isRetryableProviderError(error)).toBe(expected);
  });
});

describe("withRetry", () => {
  it("retries 503 then succeeds", async () => {
    let calls = 0;
    const result = await withRetry(
      "p",
      policy,
      async () => {
        calls++;
        if (calls < 3) throw statusError(503);
        return "ok";
      },
      noSleep,
    );
    expect(result).toBe("ok");
    expect(calls).toBe(3);
  });

  it("does not retry a 400", async () => {
    let calls = 0;
    await expect(
      withRetry(
        "p",
        policy,
        async () => {
          calls++;
          throw statusError(400);
        },
        noSleep,
      ),
    ).rejects.toThrow("status 400");
    expect(calls).toBe(1);
  });

  it("gives up after the policy's attempts with the last error", async () => {
    let calls = 0;
    await expect(
      withRetry(
        "p",
        policy,
        async () => {
          calls++;
          throw statusError(429);
        },
        noSleep,
      ),
    ).rejects.toThrow("status 429");
    expect(calls).toBe(3);
  });

  it("times out a hanging attempt and retries it", async () => {
    let calls = 0;
    const result = await withRetry(
      "slow",
      { ...policy, timeoutMs: 20 },
      async () => {
        calls++;
        if (calls === 1) return new Promise<string>(() => {});
        return "second";
      },
      noSleep,
    );
    expect(result).toBe("second");
  });

  it("backs off exponentially with jitter", async () => {
    const delays: number[] = [];
    await expect(
      withRetry(
        "p",
        { ...policy, attempts: 4 },
        async () => {
          throw statusError(503);
        },
        { sleep: async (ms) => void delays.push(ms), random: () => 1 },
      ),
    ).rejects.toThrow();
    expect(delays).toEqual([100, 200, 400]);
  });
});

// The client went away (Next aborts request.signal): nobody will read the answer, so no more paid calls are made for it.
describe("withRetry with the caller's signal", () => {
  const hang = () => new Promise<never>(() => {});

  it("an abort during an attempt aborts that attempt's signal and throws RequestAbortedError; no attempt follows", async () => {
    const caller = new AbortController();
    const attemptSignals: AbortSignal[] = [];
    const error = await withRetry(
      "openai",
      policy,
      (signal) => {
        attemptSignals.push(signal);
        setTimeout(() => caller.abort(), 5);
        return hang();
      },
      { ...noSleep, signal: caller.signal },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).not.toBeInstanceOf(ProviderTimeoutError);
    expect(attemptSignals).toHaveLength(1);
    expect(attemptSignals[0]!.aborted).toBe(true);
  });

  it("an attempt that fails as the caller aborts (the SDK's own abort error, a 503) is not retried", async () => {
    const caller = new AbortController();
    let calls = 0;
    const run = withRetry(
      "openai",
      policy,
      async () => {
        calls++;
        caller.abort();
        throw statusError(503);
      },
      { ...noSleep, signal: caller.signal },
    );
    await expect(run).rejects.toBeInstanceOf(RequestAbortedError);
    expect(calls).toBe(1);
  });

  it("a caller already gone starts no attempt", async () => {
    const task = jest.fn(async () => "ok");
    await expect(withRetry("openai", policy, task, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RequestAbortedError);
    expect(task).not.toHaveBeenCalled();
  });

  describe("in the backoff", () => {
    beforeEach(() => jest.useFakeTimers({ now: 0 }));
    afterEach(() => jest.useRealTimers());

    it("an abort ends the sleep at once: no timer is left and no attempt follows", async () => {
      const caller = new AbortController();
      let calls = 0;
      const outcome = withRetry(
        "openai",
        { ...policy, baseDelayMs: 60_000, maxDelayMs: 60_000 },
        async () => {
          calls++;
          throw statusError(503);
        },
        { signal: caller.signal },
      ).catch((caught: unknown) => caught);
      await jest.advanceTimersByTimeAsync(1_000); // 1 s into a backoff of 30–60 s
      caller.abort();
      await jest.advanceTimersByTimeAsync(0);
      expect(await outcome).toBeInstanceOf(RequestAbortedError);
      expect(calls).toBe(1);
      expect(jest.getTimerCount()).toBe(0);
      expect(Date.now()).toBe(1_000);
    });
  });

  it("leaves no listener on the caller's signal, however many attempts and backoffs it took", async () => {
    const caller = new AbortController();
    let calls = 0;
    const result = await withRetry(
      "openai",
      { ...policy, baseDelayMs: 1, maxDelayMs: 1 },
      async () => {
        calls++;
        if (calls < 3) throw statusError(503);
        return "ok";
      },
      { signal: caller.signal },
    );
    expect(result).toBe("ok");
    expect(calls).toBe(3);
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
  });
});
