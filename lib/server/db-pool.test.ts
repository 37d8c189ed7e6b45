/** @jest-environment node */
import { CONNECT_TIMEOUT_MS, KEEPALIVE_INITIAL_DELAY_MS, POOL_MAX, postgresPoolConfig, QUERY_TIMEOUT_MARGIN_MS, statementTimeoutInOptions } from "./db-pool";

const BASE = "postgresql://app:pw@db.example:5432/coach";

describe("postgresPoolConfig", () => {
  it("bounds every wait of a bare URL: pool and connect 5 s, statements 30 s on the server and 35 s on the client, keep-alive on", () => {
    expect(postgresPoolConfig(BASE, 30_000)).toEqual({
      schema: undefined,
      config: {
        connectionString: BASE,
        max: POOL_MAX,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
        statement_timeout: 30_000,
        query_timeout: 30_000 + QUERY_TIMEOUT_MARGIN_MS,
      },
    });
  });

  it("takes Prisma's ?schema= out of the URL into the adapter's schema and the session's search_path", () => {
    const { config, schema } = postgresPoolConfig(`${BASE}?schema=tenant_1&sslmode=require`, 30_000);
    expect(schema).toBe("tenant_1");
    expect(config.connectionString).toBe(`${BASE}?sslmode=require`);
    expect(config.options).toBe('-c search_path="tenant_1"');
  });

  it.each([
    // [what the URL says, statement_timeout sent as a startup parameter, query_timeout, connectionTimeoutMillis]
    ["nothing: the configured bound", "", 2_000, 2_000 + QUERY_TIMEOUT_MARGIN_MS, CONNECT_TIMEOUT_MS],
    ["connect_timeout (libpq's seconds)", "connect_timeout=12", 2_000, 2_000 + QUERY_TIMEOUT_MARGIN_MS, 12_000],
    ["connect_timeout=0 (no bound, as in libpq)", "connect_timeout=0", 2_000, 2_000 + QUERY_TIMEOUT_MARGIN_MS, 0],
    ["statement_timeout (node-postgres' milliseconds)", "statement_timeout=90000", 90_000, 90_000 + QUERY_TIMEOUT_MARGIN_MS, CONNECT_TIMEOUT_MS],
    ["statement_timeout=0 (no bound)", "statement_timeout=0", undefined, undefined, CONNECT_TIMEOUT_MS],
    ["query_timeout", "query_timeout=1000", 2_000, 1_000, CONNECT_TIMEOUT_MS],
    // Set in options, the startup parameter must stay unsent: PostgreSQL applies it after the options and it would win.
    ["statement_timeout in options, with a unit", "options=-c%20statement_timeout%3D1min", undefined, 60_000 + QUERY_TIMEOUT_MARGIN_MS, CONNECT_TIMEOUT_MS],
    ["statement_timeout in options, in a form not read here", "options=-c%20statement_timeout%3D'1min'", undefined, undefined, CONNECT_TIMEOUT_MS],
  ])("lets the URL's explicit setting win: %s", (_, query, statement, read, connect) => {
    const { config } = postgresPoolConfig(`${BASE}${query ? `?${query}` : ""}`, 2_000);
    expect(config.statement_timeout).toBe(statement);
    expect(config.query_timeout).toBe(read);
    expect(config.connectionTimeoutMillis).toBe(connect);
    // What was read from the URL leaves it: node-postgres would otherwise let the URL's copy override the config.
    expect(config.connectionString).toBe(BASE);
  });

  it("keeps the URL's options and adds the schema's search_path after them", () => {
    const { config } = postgresPoolConfig(`${BASE}?options=-c%20statement_timeout%3D5s%20-c%20work_mem%3D8MB&schema=s1`, 30_000);
    expect(config.options).toBe('-c statement_timeout=5s -c work_mem=8MB -c search_path="s1"');
    expect(config.statement_timeout).toBeUndefined();
    expect(config.query_timeout).toBe(5_000 + QUERY_TIMEOUT_MARGIN_MS);
  });

  it("with a configured bound of 0 sets no statement bound, on the server or the client (a pooler that refuses it)", () => {
    const { config } = postgresPoolConfig(BASE, 0);
    expect(config).not.toHaveProperty("statement_timeout");
    expect(config).not.toHaveProperty("query_timeout");
    expect(config.connectionTimeoutMillis).toBe(CONNECT_TIMEOUT_MS);
  });
});

describe("statementTimeoutInOptions", () => {
  it.each([
    ["-c search_path=a", undefined],
    ["-c statement_timeout=1500", 1_500],
    ["-cstatement_timeout=2s", 2_000],
    ["--statement-timeout=3min", 180_000],
    ["--statement_timeout=1h -c lock_timeout=1s", 3_600_000],
    ["-c statement_timeout=1s -c statement_timeout=4s", 4_000],
    ["-c statement_timeout=0", 0],
    ["-c statement_timeout=2500us", 3],
    ["-c statement_timeout=soon", null],
  ])("%s → %s", (options, expected) => {
    expect(statementTimeoutInOptions(options)).toBe(expected);
  });
});
