import "server-only";

import { describeWait } from "@/lib/domain/errors/wait";
import { addressBlock } from "@/lib/domain/network/address-block";
import { getDb, Prisma } from "@/lib/server/db";
import { getEnv, type Env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";

// Fixed-window rate limits for everything that costs money. The counters live in the database (RateLimitCounter), not in
// memory: the app runs as many serverless instances, and a limit kept per instance would multiply with them. Each hit is
// one atomic upsert, so concurrent requests on any number of instances count exactly.

/** What is counted apart: each AI capability has its own allowance, and a retry counts against its first call's. */
export type RateLimitBucket = "transcribe" | "analyze" | "summary" | "append" | "realtime" | "upload-part";

/** Who is counted: a signed-in user by id, a guest by IP address. */
export type RateLimitSubject = { userId: string } | { ip: string };

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimitDecision = { allowed: boolean; count: number; limit: number; resetAt: Date; retryAfterSeconds: number };

/** Increments the counter of `key` in the window starting at `windowStart` and answers the new count. */
export type CounterStore = (key: string, windowStart: Date, expiresAt: Date) => Promise<number>;

/** A guest is counted by the block its address belongs to: an IPv6 client has a whole /64 to pick addresses from. */
export function rateLimitKey(bucket: RateLimitBucket, subject: RateLimitSubject): string {
  return "userId" in subject ? `${bucket}:user:${subject.userId}` : `${bucket}:ip:${addressBlock(subject.ip)}`;
}

/**
 * The SQL condition on "RateLimitCounter"."key" of every counter that names `userId`: `<bucket>:user:<userId>`, possibly
 * followed by `:…` (quota.ts's day counter of deleted sessions is one). Matched exactly, not with LIKE: Clerk ids hold
 * "_", LIKE's one-character wildcard, so `user_1` would also match `userX1` there. The export lists these counters and
 * the account's erasure deletes them: both by this one condition.
 */
export function counterKeysOfUser(userId: string): Prisma.Sql {
  const suffix = `:user:${userId}`;
  return Prisma.sql`(right("key", ${suffix.length}::int) = ${suffix} OR strpos("key", ${`${suffix}:`}) > 0)`;
}

/** The fixed window `now` falls in: windows start at multiples of the window length since the epoch. */
export function windowAt(now: number, windowMs: number): { start: Date; end: Date } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/** Whole seconds until `end`, at least 1: the value of a Retry-After header. */
export function secondsUntil(end: Date, now: number): number {
  return Math.max(1, Math.ceil((end.getTime() - now) / 1000));
}

/**
 * The rule for a subject from configuration: signed-in users and guest IPs have their own limits, the same window; the
 * live coach's sessions (signed in only), which each run for up to an hour, their own lower one.
 */
export function ruleFor(subject: RateLimitSubject, bucket?: RateLimitBucket, env: Env = getEnv()): RateLimitRule {
  const perUser = bucket === "realtime" ? env.RATE_LIMIT_COACH_PER_USER : env.RATE_LIMIT_AI_PER_USER;
  return { limit: "userId" in subject ? perUser : env.RATE_LIMIT_AI_PER_IP, windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000 };
}

/** Counts one hit against `key` and decides. The hit is counted even when refused, so hammering does not reopen the window. */
export async function consume(key: string, rule: RateLimitRule, { store = databaseCounter, now = Date.now() }: { store?: CounterStore; now?: number } = {}) {
  const window = windowAt(now, rule.windowMs);
  const count = await store(key, window.start, window.end);
  const decision: RateLimitDecision = {
    allowed: count <= rule.limit,
    count,
    limit: rule.limit,
    resetAt: window.end,
    retryAfterSeconds: secondsUntil(window.end, now),
  };
  return decision;
}

/** Counts one AI call of `subject` in `bucket`; a 429 with Retry-After (the seconds to the window's end) once over the limit. */
export async function enforceRateLimit(
  bucket: RateLimitBucket,
  subject: RateLimitSubject,
  options: { store?: CounterStore; now?: number } = {},
): Promise<void> {
  const decision = await consume(rateLimitKey(bucket, subject), ruleFor(subject, bucket), options);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError("rate_limited", `Too many requests. Please try again in ${describeWait(retryAfterSeconds)}.`, { retryAfterSeconds });
}

/**
 * A guest's address, as the proxies in front of the app saw it. Each proxy appends the address it was reached from to
 * x-forwarded-for, after whatever the client itself wrote there, so only entries counted from the right can be trusted:
 * with TRUSTED_PROXY_HOPS proxies (1 by default: the host's, e.g. Vercel's, which replaces the header with the client's
 * address, or an nginx or load balancer that appends it), the client is that many entries from the end. The first entry
 * is whatever the client chose, and taking it let one client spend any number of guest allowances. Else x-real-ip.
 * (`next start` facing the internet directly keeps a client's own x-forwarded-for: serve it behind a proxy.)
 */
/** What a guest is counted and recognised by: the caller's address, an IPv6 address by its /64 block (address-block.ts). */
export function guestAddress(request: Request): string {
  return addressBlock(clientIp(request));
}

export function clientIp(request: Request, hops: number = getEnv().TRUSTED_PROXY_HOPS): string {
  const chain = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const forwarded = chain.length > 0 ? chain[Math.max(0, chain.length - hops)] : undefined;
  const address = forwarded || request.headers.get("x-real-ip")?.trim() || "unknown";
  return address.slice(0, 64);
}

/** How often a hit also sweeps every expired counter (about once per this many new windows). */
const SWEEP_EVERY = 50;

/**
 * The database store: one INSERT … ON CONFLICT DO UPDATE … RETURNING per hit, atomic on PostgreSQL and PGlite alike.
 * When a key opens a new window its older rows are dropped, and now and then every expired row, so the table stays small.
 */
export const databaseCounter: CounterStore = async (key, windowStart, expiresAt) => {
  const db = getDb();
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitCounter" ("key", "windowStart", "count", "expiresAt")
    VALUES (${key}, ${windowStart}, 1, ${expiresAt})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + 1
    RETURNING "count"`;
  const count = Number(rows[0]?.count ?? 0);
  if (count === 1) {
    await db.rateLimitCounter.deleteMany({ where: { key, windowStart: { lt: windowStart } } });
    if (Math.random() < 1 / SWEEP_EVERY) await db.rateLimitCounter.deleteMany({ where: { expiresAt: { lt: windowStart } } });
  }
  return count;
};
