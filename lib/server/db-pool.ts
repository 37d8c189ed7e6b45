import "server-only";

import type { PoolConfig } from "pg";

// node-postgres waits without end by default: for a pool connection, for a connect, for a statement's answer. A half-open
// connection or an exhausted pool would then hold a request (a rate-limit upsert, a result stored after a paid AI call)
// until the host kills it, and a background job for the life of the process. Every wait here has a bound; what the API
// answers when one is reached is in http/errors.ts (503, with Retry-After when the database is busy).

/** The longest a query waits for a pool connection, and a new connection for PostgreSQL's handshake. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** The default bound on one statement (DATABASE_STATEMENT_TIMEOUT_MS); none of the app's needs more than a fraction of it. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/**
 * How much longer than the server's statement bound the client waits for an answer: the server's own cancellation (57014,
 * a clean error on a healthy connection) arrives first; only a connection that no longer answers reaches this one.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 5_000;
/** Idle time before the first TCP keep-alive probe: the OS default (two hours) would not find a dead peer in time. */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;
/** Connections per process (node-postgres' default, named so tests can fill the pool). */
export const POOL_MAX = 10;

export type PostgresPool = { config: PoolConfig; schema: string | undefined };

/**
 * The pool configuration for `databaseUrl`. What the URL says explicitly wins: `connect_timeout` (libpq's, in seconds),
 * `statement_timeout` and `query_timeout` (node-postgres', in milliseconds), and a statement_timeout inside `options`
 * (`-c statement_timeout=5s`); `0` there means no bound, as in PostgreSQL. node-postgres would otherwise let the URL's
 * `options` replace the search_path this adds, and ignore its `connect_timeout`.
 *
 * `?schema=` is Prisma's URL convention, not pg's: the adapter qualifies the client's queries with it, and the session's
 * search_path covers raw SQL. Same rule as scripts/db-migrate.mjs, which puts the tables there.
 */
export function postgresPoolConfig(databaseUrl: string, statementTimeoutMs: number = DEFAULT_STATEMENT_TIMEOUT_MS): PostgresPool {
  const url = new URL(databaseUrl);
  const take = (name: string): string | undefined => {
    const value = url.searchParams.get(name) ?? undefined;
    url.searchParams.delete(name);
    return value;
  };
  const schema = take("schema");
  const urlOptions = take("options");
  const connectSeconds = wholeNumber(take("connect_timeout"));
  const urlStatementMs = wholeNumber(take("statement_timeout"));
  const urlQueryMs = wholeNumber(take("query_timeout"));

  const optionsStatementMs = urlOptions === undefined ? undefined : statementTimeoutInOptions(urlOptions);
  // The server's bound as the session will have it; null when the URL's options set one this cannot read.
  const statementMs = optionsStatementMs !== undefined ? optionsStatementMs : (urlStatementMs ?? statementTimeoutMs);
  const queryMs = urlQueryMs ?? (statementMs ? statementMs + QUERY_TIMEOUT_MARGIN_MS : undefined);
  const options = [urlOptions, schema && `-c search_path="${schema}"`].filter(Boolean).join(" ");

  const config: PoolConfig = {
    connectionString: url.toString(),
    max: POOL_MAX,
    connectionTimeoutMillis: connectSeconds === undefined ? CONNECT_TIMEOUT_MS : connectSeconds * 1000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    // A startup parameter is applied after `options`: sent only when the options do not set the bound themselves.
    ...(optionsStatementMs === undefined && statementMs && { statement_timeout: statementMs }),
    ...(queryMs && { query_timeout: queryMs }),
    ...(options && { options }),
  };
  return { config, schema };
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * statement_timeout as set in a libpq `options` string (`-c statement_timeout=30s`, `--statement-timeout=30000`), in
 * milliseconds; undefined when the options do not set it, null when they do in a form this does not read.
 */
export function statementTimeoutInOptions(options: string): number | null | undefined {
  const matches = [...options.matchAll(/(?:^|\s)(?:-c\s*|--)statement[_-]timeout=(\S*)/g)];
  const value = matches.at(-1)?.[1];
  if (value === undefined) return undefined;
  const parsed = /^(\d+(?:\.\d+)?)(us|ms|s|min|h|d)?$/.exec(value);
  return parsed ? Math.round(Number(parsed[1]) * UNIT_MS[parsed[2] ?? "ms"]!) : null;
}

function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  return Math.max(0, Number.parseInt(value, 10));
}
