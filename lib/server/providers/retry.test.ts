/** @jest-environment node */
import { isRetryableProviderError, ProviderTimeoutError, withRetry } from "./retry";

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
