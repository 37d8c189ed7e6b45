import "server-only";

import { describeWait } from "@/lib/domain/errors/wait";
import { getDb, holdLockUntilCommit, type Prisma } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";

import { secondsUntil } from "./rate-limit";

// Per-user quotas on what the server keeps: the audio of failed transcriptions (bytes in FailureMarker.audio), the
// number of sessions made in a day, and the number of sessions an account holds. Past the audio quota nothing is lost: the failure is still recorded (a retryable
// session), only its audio stays in the browser, which keeps every recording until the server has its transcript.

type Tx = Prisma.TransactionClient;

const MB = 1024 * 1024;

/** Bytes of failed-recording audio the server holds for `userId`. */
export async function retainedAudioBytes(db: Tx, userId: string): Promise<number> {
  const rows = await db.$queryRaw<{ bytes: bigint | number | null }[]>`
    SELECT COALESCE(SUM(octet_length(f."audio")), 0)::bigint AS "bytes"
    FROM "FailureMarker" f JOIN "Session" s ON s."id" = f."sessionId"
    WHERE s."userId" = ${userId} AND f."audio" IS NOT NULL`;
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Runs `store` in a transaction that holds the user's retained-audio lock, telling it whether `bytes` more audio fit the
 * quota (RETAINED_AUDIO_MB_PER_USER). The lock (a transaction-scoped advisory lock) makes concurrent failures of the same
 * user take turns, so five parallel uploads cannot all pass the check before any of them is written.
 */
export async function withRetainedAudioQuota<T>(userId: string, bytes: number, store: (tx: Tx, keepAudio: boolean) => Promise<T>): Promise<T> {
  const limitBytes = getEnv().RETAINED_AUDIO_MB_PER_USER * MB;
  return getDb().$transaction(async (tx) => {
    await holdLockUntilCommit(tx, `retained-audio:${userId}`);
    const used = await retainedAudioBytes(tx, userId);
    return store(tx, used + bytes <= limitBytes);
  });
}

/**
 * A 429 when the user has already made SESSIONS_PER_USER_PER_DAY sessions today (UTC); Retry-After is the next midnight.
 * Today's sessions the user has deleted since still count (noteDeletedSessions): deleting must not reset the day's cap.
 */
export async function enforceDailySessionCap(userId: string, now = Date.now(), db: Tx = getDb()): Promise<void> {
  const dayStart = startOfUtcDay(now);
  const [kept, deleted] = await Promise.all([
    db.session.count({ where: { userId, createdAt: { gte: dayStart } } }),
    db.rateLimitCounter.findUnique({ where: { key_windowStart: { key: deletedTodayKey(userId), windowStart: dayStart } }, select: { count: true } }),
  ]);
  const made = kept + (deleted?.count ?? 0);
  if (made < getEnv().SESSIONS_PER_USER_PER_DAY) return;
  const retryAfterSeconds = secondsUntil(new Date(dayStart.getTime() + DAY_MS), now);
  throw new ApiError("rate_limited", `You have reached today's limit of new sessions. Please try again in ${describeWait(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });
}

/** A 422 when a new session would take the account past STORED_SESSIONS_PER_USER: storage per account has a bound. */
export async function enforceStoredSessionCap(db: Tx, userId: string): Promise<void> {
  const limit = getEnv().STORED_SESSIONS_PER_USER;
  if ((await db.session.count({ where: { userId } })) < limit) return;
  throw new ApiError("unprocessable", storedSessionsCapMessage(limit));
}

/**
 * The stored-sessions cap's words. The browser shows a server's error text cut at 100 characters (spec part 1 section 8),
 * so they stay under it for any limit up to seven digits.
 */
export function storedSessionsCapMessage(limit: number): string {
  return `This account holds the most sessions it can keep (${limit}). Delete older sessions to save new ones.`;
}

/** The account's lock for counting its stored sessions: every path that may add one (saves, analyses, kept failures) takes it. */
export const storedSessionsLock = (userId: string) => `stored-sessions:${userId}`;

/**
 * Creates a new session of `userId` with both caps checked again, under the account's lock (the one the saves take,
 * session-store.ts): analyses and saves made at once are counted one after the other, so the caps hold for them exactly.
 * (A failed transcription's kept session is held to the stored-sessions cap under the same lock: transcription.ts.) The routes
 * that call a provider check the caps once before (cheap, so a refusal costs no provider call) and again here, where the
 * lock is held only for the count and the insert, never across the minutes of a provider call.
 * The same recording's session (`clientId`), made by a concurrent call a moment ago, is no new session: the caps are not
 * asked, the insert meets it (P2002) and the caller writes into it (client-id.ts createOnce).
 */
export async function createWithinSessionCaps<T>(userId: string, clientId: string | undefined, create: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().$transaction(async (tx) => {
    await holdLockUntilCommit(tx, storedSessionsLock(userId));
    const same = clientId ? await tx.session.findUnique({ where: { userId_clientId: { userId, clientId } }, select: { id: true } }) : null;
    if (!same) {
      await enforceDailySessionCap(userId, Date.now(), tx);
      await enforceStoredSessionCap(tx, userId);
    }
    return create(tx);
  });
}

const DAY_MS = 86_400_000;
const startOfUtcDay = (now: number) => new Date(Math.floor(now / DAY_MS) * DAY_MS);
/** Ends in ":user:<id>" like the rate-limit keys, so it goes with the account (account-delete.ts) and ends with its day. */
const deletedTodayKey = (userId: string) => `sessions-deleted-today:user:${userId}`;

/**
 * Notes, for the day's cap, how many of the user's sessions matching `which` were made today. Call it in the transaction
 * that deletes them, before the delete.
 */
export async function noteDeletedSessions(db: Tx, userId: string, which: Prisma.SessionWhereInput = {}, now = Date.now()): Promise<void> {
  const dayStart = startOfUtcDay(now);
  const today = await db.session.count({ where: { ...which, userId, createdAt: { gte: dayStart } } });
  if (today === 0) return;
  await db.$executeRaw`
    INSERT INTO "RateLimitCounter" ("key", "windowStart", "count", "expiresAt")
    VALUES (${deletedTodayKey(userId)}, ${dayStart}, ${today}, ${new Date(dayStart.getTime() + DAY_MS)})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + ${today}`;
}
