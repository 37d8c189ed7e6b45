/** @jest-environment node */
import net from "node:net";
import { Client } from "pg";

import { GET as listSessions } from "@/app/api/sessions/route";
import { getDb, postgresAdapter, setDbForTests } from "@/lib/server/db";
import { POOL_MAX } from "@/lib/server/db-pool";
import { PrismaClient } from "@/lib/server/generated/prisma/client";
import { DATABASE_BUSY_MESSAGE, errorResponse } from "@/lib/server/http/errors";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { createPostgresTestDb, type TestDb } from "@/tests/helpers/test-db";

// Every wait on PostgreSQL ends (lib/server/db-pool.ts), and the API answers each end with its 503, never a 500 and never
// a request left hanging: a server that takes the connection but never answers, a statement past its bound, a
// connection that no longer answers, a full pool.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();
/** The statement bound of this file's database, lowered from 30 s so a test can pass it. */
const STATEMENT_BOUND_MS = 500;

setEnvForFile({ ...clerkTestEnv(), DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_BOUND_MS) });
let log: jest.SpyInstance;
beforeEach(() => {
  log = jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => log.mockRestore());

const listAs = async (userId: string) => listSessions(apiRequest("/api/sessions", { headers: bearer(await mintSessionToken(userId)) }), routeContext());

/** `work`'s outcome and how long it took. */
async function timed<T>(work: () => Promise<T>): Promise<{ outcome: T | unknown; ms: number }> {
  const started = performance.now();
  const outcome = await work().catch((error: unknown) => error);
  return { outcome, ms: performance.now() - started };
}

it("a server that accepts the connection but never answers: the request ends with the 503 after the URL's connect_timeout", async () => {
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as net.AddressInfo;
  const db = new PrismaClient({ adapter: postgresAdapter(`postgresql://postgres@127.0.0.1:${port}/none?connect_timeout=1`) });
  setDbForTests(db);
  try {
    const { outcome: response, ms } = await timed(() => listAs("user_silent"));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(503);
    expect(await (response as Response).json()).toMatchObject({ code: "unavailable" });
    expect(ms).toBeLessThan(5_000);
  } finally {
    setDbForTests(undefined);
    await db.$disconnect();
    silent.close();
  }
});

if (TEST_DATABASE_URL) {
  describe("on PostgreSQL", () => {
    let testDb: TestDb;
    beforeAll(async () => {
      // connect_timeout=1: the full pool's wait below is one second.
      testDb = await createPostgresTestDb(`${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes("?") ? "&" : "?"}connect_timeout=1`);
      setDbForTests(testDb.db);
    });
    afterAll(async () => {
      setDbForTests(undefined);
      await testDb?.dispose();
    });

    it("a statement past the bound ends with PostgreSQL's 57014, answered as a busy database (503, Retry-After)", async () => {
      const { outcome, ms } = await timed(() => getDb().$queryRaw`SELECT pg_sleep(10)`);
      expect(ms).toBeLessThan(5_000);
      const response = errorResponse(outcome);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ error: DATABASE_BUSY_MESSAGE, code: "unavailable", retryAfterSeconds: 5 });
    });

    it("a route whose query waits on a lock held elsewhere answers the 503 at the bound instead of waiting", async () => {
      const holder = new Client({ connectionString: TEST_DATABASE_URL });
      await holder.connect();
      try {
        const schema = (await getDb().$queryRaw<{ schema: string }[]>`SELECT current_schema() AS schema`)[0]!.schema;
        await holder.query("BEGIN");
        await holder.query(`LOCK TABLE "${schema}"."Session" IN ACCESS EXCLUSIVE MODE`);
        const { outcome: response, ms } = await timed(() => listAs("user_locked_out"));
        expect(ms).toBeLessThan(5_000);
        expect((response as Response).status).toBe(503);
        expect((response as Response).headers.get("retry-after")).toBe("5");
        expect(await (response as Response).json()).toMatchObject({ error: DATABASE_BUSY_MESSAGE, code: "unavailable" });
      } finally {
        await holder.query("ROLLBACK");
        await holder.end();
      }
      // The pool is whole again: the same request now succeeds.
      expect((await listAs("user_locked_out")).status).toBe(200);
    });

    it("a full pool: a query that gets no connection within the bound is answered as a busy database", async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      let allStarted!: () => void;
      const holding = new Promise<void>((resolve) => (allStarted = resolve));
      const holders = Array.from({ length: POOL_MAX }, () =>
        getDb().$transaction(
          async (tx) => {
            await tx.$queryRaw`SELECT 1`;
            if (++started === POOL_MAX) allStarted();
            await gate;
          },
          { maxWait: 5_000, timeout: 10_000 },
        ),
      );
      try {
        await holding;
        const { outcome, ms } = await timed(() => getDb().session.count());
        expect(ms).toBeLessThan(4_000);
        const response = errorResponse(outcome);
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ error: DATABASE_BUSY_MESSAGE, code: "unavailable" });
      } finally {
        release();
        await Promise.all(holders);
      }
    });

    it("a statement the connection never answers within query_timeout ends as a database that cannot be reached", async () => {
      // The client's own bound, here set below the server's (a URL's explicit setting wins): what a half-open connection meets.
      const db = new PrismaClient({ adapter: postgresAdapter(`${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes("?") ? "&" : "?"}query_timeout=300`) });
      try {
        const { outcome, ms } = await timed(() => db.$queryRaw`SELECT pg_sleep(10)`);
        expect(ms).toBeLessThan(5_000);
        const response = errorResponse(outcome);
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ code: "unavailable" });
      } finally {
        await db.$disconnect();
      }
    });

    it("a statement bound in the URL's options wins over the configured one", async () => {
      const options = encodeURIComponent("-c statement_timeout=3000");
      const db = new PrismaClient({ adapter: postgresAdapter(`${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes("?") ? "&" : "?"}options=${options}`) });
      try {
        // Longer than this file's 500 ms bound, inside the URL's 3 s.
        await expect(db.$executeRaw`SELECT pg_sleep(1)`).resolves.toBe(1);
        expect(await db.$queryRaw<{ value: string }[]>`SELECT current_setting('statement_timeout') AS value`).toEqual([{ value: "3s" }]);
      } finally {
        await db.$disconnect();
      }
    });
  });
}
