import type { PrismaClient } from "@/lib/server/generated/prisma/client";

// "Nothing written for a 4xx": a fingerprint of every table that holds user data, compared before and after a request.
// RateLimitCounter is left out on purpose: counting a refused request is what a rate limit does.

export const USER_DATA_TABLES = [
  "Session",
  "SwipeAction",
  "FollowUpTranscript",
  "FailureMarker",
  "Commitment",
  "Upload",
  "UploadPiece",
  "UploadPartToClear",
] as const;

export type Fingerprint = Record<string, string>;

/** Row count and an md5 of the sorted rows of each table, in one query (same SQL on PGlite and PostgreSQL). */
export async function fingerprint(db: PrismaClient): Promise<Fingerprint> {
  const columns = USER_DATA_TABLES.map(
    (table) =>
      `(SELECT count(*)::text || ':' || md5(coalesce(string_agg(row_text, '|' ORDER BY row_text), '')) ` +
      `FROM (SELECT t::text AS row_text FROM "${table}" t) rows) AS "${table}"`,
  );
  const [row] = await db.$queryRawUnsafe<Fingerprint[]>(`SELECT ${columns.join(", ")}`);
  return row!;
}

/** Empties every table, the rate-limit counters and erased accounts included, so each route starts from the same data. */
export async function emptyDatabase(db: PrismaClient): Promise<void> {
  // ErasedAccount too: a route's run that erased an account must not leave the next route's seed refused.
  await db.$executeRawUnsafe(`TRUNCATE ${[...USER_DATA_TABLES, "RateLimitCounter", "ErasedAccount"].map((table) => `"${table}"`).join(", ")} CASCADE`);
}
