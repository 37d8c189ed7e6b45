import "server-only";

import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { postgresPoolConfig } from "@/lib/server/db-pool";
import { getEnv } from "@/lib/server/env";
import { PrismaClient, type Prisma } from "@/lib/server/generated/prisma/client";
import { lockPgliteDir } from "@/scripts/pglite-lock.mjs";

export { FailureKind, Prisma, SessionMode, SwipeChoice } from "@/lib/server/generated/prisma/client";
export type { Commitment, FailureMarker, FollowUpTranscript, PrismaClient, Session, SwipeAction, Upload } from "@/lib/server/generated/prisma/client";

// PostgreSQL when DATABASE_URL is set, else the embedded PGlite. Apply migrations first: `npm run db:migrate`.
// The client lives on globalThis: dev reloads re-evaluate this module, and a second PGlite on the same data dir in one
// process would corrupt it (and a second pg pool would leak connections).
const cache = globalThis as typeof globalThis & { __coachDb?: PrismaClient };

/** The app's database client, opened on first use: importing this module opens nothing, so `next build` never connects. */
export function getDb(): PrismaClient {
  cache.__coachDb ??= openDb();
  return cache.__coachDb;
}

/** Tests only: makes getDb() return `client` (tests/helpers/test-db.ts does this); `undefined` restores lazy opening. */
export function setDbForTests(client: PrismaClient | undefined): void {
  cache.__coachDb = client;
}

function openDb(): PrismaClient {
  const env = getEnv();
  if (env.DATABASE_URL) return new PrismaClient({ adapter: postgresAdapter(env.DATABASE_URL) });
  lockEmbeddedDatabase();
  return new PrismaClient({ adapter: new PrismaPGlite(new PGlite(env.PGLITE_DIR)) });
}

/**
 * Holds the lock named `key` until `tx` ends (a transaction-scoped advisory lock): transactions that check a bound and then
 * write (a count before a create) take turns per key, so requests racing each other cannot all pass the check. The wait
 * is bounded (lock_timeout, for the rest of the transaction): a transaction waiting holds a pool connection, so past
 * LOCK_WAIT_MS it gives up with PostgreSQL's 55P03, which the API answers with a 503 and Retry-After (http/errors.ts),
 * before the transaction's own timeout (Prisma's default, 5 s) would end it less clearly.
 */
export async function holdLockUntilCommit(tx: Prisma.TransactionClient, key: string): Promise<void> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${LOCK_WAIT_MS}`);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/** The longest a transaction waits for a lock, in milliseconds. */
export const LOCK_WAIT_MS = 3_000;

/**
 * Takes the embedded database's one-process lock (scripts/pglite-lock.mjs); a no-op with DATABASE_URL or when this
 * process holds it already. Called at server start (instrumentation.ts) so a second server on the same files stops at
 * once with a clear message, and again before opening.
 */
export function lockEmbeddedDatabase(): void {
  const env = getEnv();
  if (!env.DATABASE_URL) lockPgliteDir(env.PGLITE_DIR);
}

/** The PostgreSQL adapter for `databaseUrl`, every wait of its pool bounded (db-pool.ts). */
export function postgresAdapter(databaseUrl: string): PrismaPg {
  const { config, schema } = postgresPoolConfig(databaseUrl, getEnv().DATABASE_STATEMENT_TIMEOUT_MS);
  return new PrismaPg(config, { schema });
}
