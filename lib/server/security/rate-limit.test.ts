/** @jest-environment node */
import { describeWait } from "@/lib/domain/errors/wait";
import { ApiError } from "@/lib/server/http/errors";

import { createInFlightLimiter } from "./in-flight";
import { clientIp, consume, enforceRateLimit, rateLimitKey, ruleFor, secondsUntil, windowAt, type CounterStore } from "./rate-limit";

/** The database store's behaviour in memory: a counter per (key, window start). */
function memoryStore(): CounterStore & { rows: Map<string, number> } {
  const rows = new Map<string, number>();
  const store: CounterStore = async (key, windowStart) => {
    const id = `${key}@${windowStart.toISOString()}`;
    const count = (rows.get(id) ?? 0) + 1;
    rows.set(id, count);
    return count;
  };
  return Object.assign(store, { rows });
}

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);

describe("fixed windows", () => {
  it.each([
    [T0, T0, T0 + HOUR],
    [T0 + 1, T0, T0 + HOUR],
    [T0 + HOUR - 1, T0, T0 + HOUR],
    [T0 + HOUR, T0 + HOUR, T0 + 2 * HOUR],
  ])("%s falls in the hour from %s to %s", (now, start, end) => {
    expect(windowAt(now, HOUR)).toEqual({ start: new Date(start), end: new Date(end) });
  });

  it.each([
    [T0 + HOUR, T0, 3600],
    [T0 + HOUR, T0 + HOUR - 1500, 2],
    [T0 + HOUR, T0 + HOUR - 1, 1],
    [T0 + HOUR, T0 + HOUR + 5000, 1],
  ])("Retry-After to %s from %s is %s s (whole seconds, at least 1)", (end, now, seconds) => {
    expect(secondsUntil(new Date(end), now)).toBe(seconds);
  });

  it.each([
    [1, "1 second"],
    [45, "45 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [3600, "60 minutes"],
    [7200, "2 hours"],
    [86_399, "24 hours"],
  ])("a wait of %s s reads %s", (seconds, words) => {
    expect(describeWait(seconds)).toBe(words);
  });
});

describe("consume", () => {
  const rule = { limit: 3, windowMs: HOUR };

  it("allows up to the limit in a window, refuses after, and opens again in the next window", async () => {
    const store = memoryStore();
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await consume("analyze:user:u1", rule, { store, now: T0 + 10 * 60_000 }));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions[3]).toMatchObject({ count: 4, limit: 3, retryAfterSeconds: 50 * 60, resetAt: new Date(T0 + HOUR) });
    expect((await consume("analyze:user:u1", rule, { store, now: T0 + HOUR })).allowed).toBe(true);
  });

  it("counts keys apart", async () => {
    const store = memoryStore();
    for (let i = 0; i < 3; i++) await consume("analyze:user:u1", rule, { store, now: T0 });
    expect((await consume("analyze:user:u1", rule, { store, now: T0 })).allowed).toBe(false);
    expect((await consume("analyze:user:u2", rule, { store, now: T0 })).allowed).toBe(true);
    expect((await consume("summary:user:u1", rule, { store, now: T0 })).allowed).toBe(true);
  });
});

describe("enforceRateLimit", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("throws a 429 ApiError carrying the seconds to the window's end once over the configured limit", async () => {
    process.env.RATE_LIMIT_AI_PER_IP = "2";
    process.env.RATE_LIMIT_WINDOW_SECONDS = "600";
    const store = memoryStore();
    const now = T0 + 120_000;
    await enforceRateLimit("transcribe", { ip: "203.0.113.7" }, { store, now });
    await enforceRateLimit("transcribe", { ip: "203.0.113.7" }, { store, now });
    const refused = await enforceRateLimit("transcribe", { ip: "203.0.113.7" }, { store, now }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).details).toEqual({ retryAfterSeconds: 480 });
    expect((refused as ApiError).message).toBe("Too many requests. Please try again in 8 minutes.");
    expect([...store.rows.keys()]).toEqual([`transcribe:ip:203.0.113.7@${new Date(T0).toISOString()}`]);
  });

  it("has defaults of 100 per user and per IP an hour", () => {
    for (const key of ["RATE_LIMIT_AI_PER_USER", "RATE_LIMIT_AI_PER_IP", "RATE_LIMIT_WINDOW_SECONDS"]) delete process.env[key];
    expect(ruleFor({ userId: "u" })).toEqual({ limit: 100, windowMs: HOUR });
    expect(ruleFor({ ip: "1.2.3.4" })).toEqual({ limit: 100, windowMs: HOUR });
    process.env.RATE_LIMIT_AI_PER_USER = "7";
    expect(ruleFor({ userId: "u" }).limit).toBe(7);
    expect(ruleFor({ ip: "1.2.3.4" }).limit).toBe(100);
  });

  it("gives the live coach's sessions their own limit, 12 a user an hour unless set", () => {
    for (const key of ["RATE_LIMIT_AI_PER_USER", "RATE_LIMIT_COACH_PER_USER", "RATE_LIMIT_WINDOW_SECONDS"]) delete process.env[key];
    expect(ruleFor({ userId: "u" }, "realtime")).toEqual({ limit: 12, windowMs: HOUR });
    expect(ruleFor({ userId: "u" }, "transcribe").limit).toBe(100);
    process.env.RATE_LIMIT_COACH_PER_USER = "2";
    expect(ruleFor({ userId: "u" }, "realtime").limit).toBe(2);
  });
});

describe("keys and addresses", () => {
  it("names the bucket and the subject", () => {
    expect(rateLimitKey("analyze", { userId: "user_1" })).toBe("analyze:user:user_1");
    expect(rateLimitKey("summary", { ip: "198.51.100.4" })).toBe("summary:ip:198.51.100.4");
    expect(rateLimitKey("summary", { ip: "2001:db8:5:6:7:8:9:a" })).toBe("summary:ip:2001:db8:5:6::/64");
  });

  it.each([
    [{ "x-forwarded-for": "203.0.113.7" }, 1, "203.0.113.7"],
    // What the client wrote comes first; the proxy in front appends the address it was reached from.
    [{ "x-forwarded-for": "10.9.9.1, 203.0.113.7" }, 1, "203.0.113.7"],
    [{ "x-forwarded-for": "10.9.9.1, 203.0.113.7, 10.0.0.1" }, 2, "203.0.113.7"],
    [{ "x-forwarded-for": "203.0.113.7" }, 3, "203.0.113.7"],
    [{ "x-forwarded-for": " 2001:db8::1 ,, " }, 1, "2001:db8::1"],
    [{ "x-real-ip": "198.51.100.4" }, 1, "198.51.100.4"],
    [{ "x-forwarded-for": "203.0.113.7", "x-real-ip": "198.51.100.4" }, 1, "203.0.113.7"],
    [{}, 1, "unknown"],
    [{ "x-forwarded-for": "x".repeat(500) }, 1, "x".repeat(64)],
  ])("case %#: the address TRUSTED_PROXY_HOPS entries from the end of x-forwarded-for, else x-real-ip, cut to 64 characters", (headers, hops, ip) => {
    expect(clientIp(new Request("http://test/api/analyze", { headers }), hops)).toBe(ip);
  });
});

describe("in-flight bound", () => {
  it("runs up to the limit at once, refuses the next with a 503 and Retry-After, and frees slots when tasks end", async () => {
    const limiter = createInFlightLimiter();
    const releases: (() => void)[] = [];
    const hold = () => new Promise<void>((resolve) => releases.push(resolve));
    const first = limiter.run(2, hold);
    const second = limiter.run(2, hold);
    expect(limiter.active).toBe(2);
    const refused = await limiter.run(2, async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).details).toEqual({ retryAfterSeconds: 15 });
    releases.forEach((release) => release());
    await Promise.all([first, second]);
    expect(limiter.active).toBe(0);
    await expect(limiter.run(2, async () => "ran")).resolves.toBe("ran");
  });

  it("frees the slot when the task fails", async () => {
    const limiter = createInFlightLimiter();
    await expect(limiter.run(1, async () => Promise.reject(new Error("provider down")))).rejects.toThrow("provider down");
    expect(limiter.active).toBe(0);
  });
});
