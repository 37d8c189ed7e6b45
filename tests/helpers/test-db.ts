import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";

import { postgresAdapter, setDbForTests } from "@/lib/server/db";
import { PrismaClient } from "@/lib/server/generated/prisma/client";

// A freshly migrated database per test file (`@jest-environment node`): PGlite in memory by default, or a new PostgreSQL
// schema on TEST_DATABASE_URL's server. The SQL of prisma/migrations is run directly, without the schema engine: faster,
// and the engine's own path is covered by lib/server/db.test.ts through scripts/db-migrate.mjs.
//
//   let testDb: TestDb;
//   beforeAll(async () => { testDb = await createTestDb(); });   // getDb() now returns testDb.db
//   afterAll(() => testDb.dispose());

export type TestDb = { db: PrismaClient; dispose: () => Promise<void> };

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/** The migrations' SQL, oldest first: directory names start with their timestamp. */
export function migrationScripts(): string[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8"));
}

/** A migrated database that getDb() returns until dispose(), which also deletes it. */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const testDb = url ? await createPostgresTestDb(url) : await createPgliteTestDb();
  setDbForTests(testDb.db);
  return {
    db: testDb.db,
    dispose: async () => {
      setDbForTests(undefined);
      await testDb.dispose();
    },
  };
}

/** An in-memory PGlite with every migration applied. Does not touch getDb(). */
export async function createPgliteTestDb(): Promise<TestDb> {
  const pglite = new PGlite({ loadDataDir: await migratedPgliteDataDir() });
  const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    db,
    dispose: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * A fresh PGlite spends ~4 s in initdb; loading a migrated data dir takes under 1 s. The dump is cached in the OS temp dir
 * under a hash of PGlite's version and the migrations' SQL, so any change to either builds a new one.
 */
async function migratedPgliteDataDir(): Promise<Blob> {
  const scripts = migrationScripts();
  const { version } = JSON.parse(readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8"));
  const key = createHash("sha256")
    .update(`${version}\0${scripts.join("\0")}`)
    .digest("hex")
    .slice(0, 16);
  const file = path.join(tmpdir(), `coach-test-pglite-${key}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)], { type: "application/x-gzip" });

  const pglite = new PGlite();
  for (const script of scripts) await pglite.exec(script);
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  // Parallel Jest workers may build it at once: write aside, then rename (atomic), so no reader sees half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** A new, uniquely named schema on the server of `serverUrl`, migrated; dispose() drops it. Does not touch getDb(). */
export async function createPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const url = new URL(serverUrl);
  url.searchParams.delete("schema");
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  await withConnection(url, async (client) => {
    await client.query(`CREATE SCHEMA "${schema}"`);
    // Migration SQL names nothing by schema: it lands in the search_path.
    await client.query(`SET search_path TO "${schema}"`);
    for (const script of migrationScripts()) await client.query(script);
  });
  const db = new PrismaClient({ adapter: postgresAdapter(`${url}${url.search ? "&" : "?"}schema=${schema}`) });
  return {
    db,
    dispose: async () => {
      await db.$disconnect();
      await withConnection(url, (client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
    },
  };
}

async function withConnection<T>(url: URL, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
