/** @jest-environment node */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

import { getDb, Prisma, setDbForTests } from "@/lib/server/db";
import { createPgliteTestDb, createPostgresTestDb, createTestDb, type TestDb } from "@/tests/helpers/test-db";

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();
const targets: [string, () => Promise<TestDb>][] = [
  ["PGlite", createPgliteTestDb],
  ...(TEST_DATABASE_URL ? [["PostgreSQL", () => createPostgresTestDb(TEST_DATABASE_URL)] as [string, () => Promise<TestDb>]] : []),
];

describe.each(targets)("database on %s", (_name, create) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await create();
    setDbForTests(testDb.db);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await testDb?.dispose();
  });

  it("has the migrated tables", async () => {
    const tables = await getDb().$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`;
    expect(tables.map((row) => row.table_name)).toEqual([
      "Commitment",
      "ErasedAccount",
      "FailureMarker",
      "FollowUpTranscript",
      "RateLimitCounter",
      "Session",
      "SwipeAction",
      "Upload",
      "UploadPartToClear",
      "UploadPiece",
    ]);
  });

  it("round-trips a session with swipe actions, follow-ups and a failure marker", async () => {
    const audio = new Uint8Array([0, 1, 2, 254, 255]);
    const created = await getDb().session.create({
      data: {
        userId: "user_roundtrip",
        clientId: "local-1732250000000",
        mode: "solo",
        transcript: "A: hello\nB: hi",
        analysis: { cards: [{ title: "Listen" }], metrics: { balance: 0.5 } },
        swipeActions: {
          create: [
            { cardIndex: 0, action: "helpful" },
            { cardIndex: 1, action: "unhelpful" },
          ],
        },
        followUps: { create: { transcript: "We tried it.", speakers: ["A", "B"] } },
        failures: { create: { kind: "analysis", error: "Provider overloaded", audio, audioMimeType: "audio/webm", language: "en" } },
      },
    });

    const loaded = await getDb().session.findUniqueOrThrow({
      where: { id: created.id },
      include: { swipeActions: { orderBy: { cardIndex: "asc" } }, followUps: true, failures: true },
    });
    expect(loaded).toMatchObject({
      userId: "user_roundtrip",
      clientId: "local-1732250000000",
      mode: "solo",
      transcript: "A: hello\nB: hi",
      analysis: { cards: [{ title: "Listen" }], metrics: { balance: 0.5 } },
      isCompleted: false,
      reminderCtaClicks: 0,
    });
    expect(loaded.swipeActions.map(({ cardIndex, action }) => [cardIndex, action])).toEqual([
      [0, "helpful"],
      [1, "unhelpful"],
    ]);
    expect(loaded.followUps).toEqual([expect.objectContaining({ transcript: "We tried it.", speakers: ["A", "B"] })]);
    expect(loaded.failures).toHaveLength(1);
    expect(loaded.failures[0]).toMatchObject({ kind: "analysis", error: "Provider overloaded", attemptCount: 1, language: "en" });
    expect([...loaded.failures[0]!.audio!]).toEqual([...audio]);
  });

  it("keeps one swipe per (sessionId, cardIndex): a second insert fails, an upsert replaces", async () => {
    const session = await getDb().session.create({ data: { userId: "user_swipes", swipeActions: { create: { cardIndex: 3, action: "helpful" } } } });

    const duplicate = getDb().swipeAction.create({ data: { sessionId: session.id, cardIndex: 3, action: "unhelpful" } });
    await expect(duplicate).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    await expect(duplicate).rejects.toMatchObject({ code: "P2002" });

    await getDb().swipeAction.upsert({
      where: { sessionId_cardIndex: { sessionId: session.id, cardIndex: 3 } },
      create: { sessionId: session.id, cardIndex: 3, action: "unhelpful" },
      update: { action: "unhelpful" },
    });
    const swipes = await getDb().swipeAction.findMany({ where: { sessionId: session.id } });
    expect(swipes.map(({ cardIndex, action }) => [cardIndex, action])).toEqual([[3, "unhelpful"]]);
  });

  it("deletes a session's swipes, follow-ups and failure markers with it", async () => {
    const session = await getDb().session.create({
      data: {
        userId: "user_cascade",
        swipeActions: { create: { cardIndex: 0, action: "helpful" } },
        followUps: { create: { transcript: "later" } },
        failures: { create: { kind: "transcription", error: "timeout" } },
      },
    });

    await getDb().session.delete({ where: { id: session.id } });

    const where = { sessionId: session.id };
    expect(await getDb().swipeAction.count({ where })).toBe(0);
    expect(await getDb().followUpTranscript.count({ where })).toBe(0);
    expect(await getDb().failureMarker.count({ where })).toBe(0);
  });
});

describe("createTestDb", () => {
  it("injects its database into getDb() until dispose()", async () => {
    const testDb = await createTestDb();
    try {
      expect(getDb()).toBe(testDb.db);
      expect(await getDb().session.count()).toBe(0);
    } finally {
      await testDb.dispose();
    }
  });
});

// The real migration path: the WASM schema engine in scripts/db-migrate.mjs, run as `npm run db:migrate` would run it.
describe("scripts/db-migrate.mjs", () => {
  const BROKEN = "20990101000000_broken";
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "db-migrate-test-"));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  function migrate(migrationsDir: string, dataDir: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS; // Jest's --experimental-vm-modules only adds a warning to stderr
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ["scripts/db-migrate.mjs", "--migrations", migrationsDir], { env }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  async function migrationRows(dataDir: string) {
    const pglite = new PGlite(dataDir);
    try {
      const { rows } = await pglite.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
        "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at",
      );
      const brokenTable = await pglite.query<{ exists: string | null }>(`SELECT to_regclass('"Broken"') AS exists`);
      return { rows, brokenTableExists: brokenTable.rows[0]?.exists != null };
    } finally {
      await pglite.close();
    }
  }

  it("applies the migrations; a failing one exits non-zero, is not recorded as applied, and is retried once fixed", async () => {
    const migrationsDir = path.join(workDir, "migrations");
    const dataDir = path.join(workDir, "pglite");
    await cp(path.join(process.cwd(), "prisma", "migrations"), migrationsDir, { recursive: true });
    await mkdir(path.join(migrationsDir, BROKEN));
    // The first statement succeeds, the second fails: the migration must leave nothing behind.
    await writeFile(path.join(migrationsDir, BROKEN, "migration.sql"), 'CREATE TABLE "Broken" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n');

    const failed = await migrate(migrationsDir, dataDir);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain(`migration ${BROKEN} failed`);
    expect(failed.stderr).toContain("no_such_table");

    const afterFailure = await migrationRows(dataDir);
    const applied = afterFailure.rows.filter((row) => row.finished_at && !row.rolled_back_at).map((row) => row.migration_name);
    // Every real migration (those before the broken one) is applied; the broken one is not.
    const real = (await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(applied).toEqual(real.map((entry) => entry.name).sort());
    expect(applied[0]).toMatch(/_init$/);
    expect(afterFailure.rows.find((row) => row.migration_name === BROKEN)).toMatchObject({ finished_at: null, rolled_back_at: expect.any(Date) });
    expect(afterFailure.brokenTableExists).toBe(false);

    await writeFile(path.join(migrationsDir, BROKEN, "migration.sql"), 'CREATE TABLE "Broken" ("id" INTEGER);\n');
    const fixed = await migrate(migrationsDir, dataDir);
    expect(fixed).toMatchObject({ code: 0, stdout: expect.stringContaining(`Applied ${BROKEN}`) });
    expect((await migrationRows(dataDir)).brokenTableExists).toBe(true);
  }, 180_000);
});
