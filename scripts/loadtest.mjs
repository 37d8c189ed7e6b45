#!/usr/bin/env node
// npm run loadtest — how the server holds up as a history grows (issue 14 §3), on the production build.
//
//   TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run loadtest
//
// Builds only when .next (or NEXT_DIST_DIR) has no build. Migrates a schema of its own on TEST_DATABASE_URL's server
// (dropped at the end), seeds one user with 1,000 sessions of realistic size (transcript, analysis with segments, signals
// with labels, some follow-ups and commitments), starts the zero-latency fake AI providers (tests/fake-providers) and
// `next start` on loopback with the test Clerk instance, then measures with autocannon:
//   - GET /api/sessions (the first page) at 50 connections for 30 s: requests/s, p50, p99, errors;
//   - beside it, the same URL without a session (the floor: the proxy and the route, no token, no database) and a trivial
//     Next project's route handler (the ceiling: the framework alone on this machine, scripts/lib/trivial-next.mjs);
//   - POST /api/transcribe and POST /api/analyze one at a time: with a provider that answers at once, the latency is the
//     server's own overhead (plus the loopback hop to the fake), p50 and p99.
// Goals on the 2-core machine: list p99 ≤ 50 ms with 0 errors; transcribe and analyze overhead ≤ 50 ms at p50.
// Prints a table and writes bench-results/loadtest.json. LOADTEST_DURATION_S shortens the list run (default 30).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon"; // a maintained HTTP load generator: latency histograms (HdrHistogram) and error counts
import { build as esbuild } from "esbuild";
import pg from "pg";

import { freePort, startNext, waitUntilAnswers } from "./lib/servers.mjs";
import { buildTrivialNext, TRIVIAL_ROUTE } from "./lib/trivial-next.mjs";

const ROOT = process.cwd();
const NEXT_BIN = path.join(ROOT, "node_modules", ".bin", "next");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const SESSIONS = 1_000;
const LIST_CONNECTIONS = 50;
const LIST_SECONDS = Number(process.env.LOADTEST_DURATION_S ?? 30);
const AI_REQUESTS = { transcribe: 100, analyze: 200 };
const GOALS = { listP99Ms: 50, aiP50Ms: 50 };
const LIST_USER = "user_loadtest_history";
const AI_USER = "user_loadtest_ai";

const children = [];
let schemaToDrop = null;
let trivialDir = null;
let adminUrl = null;

function log(message) {
  console.log(`[loadtest] ${message}`);
}

/** TypeScript modules the tests use (Node 20 runs no .ts): bundled with esbuild, which resolves the tsconfig's @/ paths. */
async function importTypeScript(contents) {
  const { outputFiles } = await esbuild({
    stdin: { contents, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString("base64")}`);
}

function ensureBuild(env) {
  if (existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
    log(`using the build in ${DIST_DIR}/`);
    return;
  }
  log(`${DIST_DIR}/BUILD_ID missing: running next build`);
  const result = spawnSync(NEXT_BIN, ["build"], { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
}

/** A schema of this run's own on the test server; the app and the migration find it through `?schema=`. */
async function createSchema(baseUrl) {
  const schema = `loadtest_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  await client.end();
  schemaToDrop = schema;
  const url = new URL(baseUrl);
  url.searchParams.set("schema", schema);
  return { schema, databaseUrl: url.toString() };
}

/** The last output of each child, for the error when it does not come up. */
const tails = new Map();

function start(name, command, args, env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-4_000);
    tails.set(name, tail);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("exit", (code) => {
    if (code !== null && code !== 0) log(`${name} exited with ${code}: ${tail}`);
  });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs = 120_000) {
  try {
    await waitUntilAnswers(url, { accept: (status) => status < 500, timeoutMs });
  } catch (error) {
    throw new Error(`${error.message}; output so far:\n${[...tails].map(([name, tail]) => `${name}: ${tail}`).join("\n")}`);
  }
}

// ---- Seeding: sizes of a real 20-minute conversation ----

const LINES = [
  "Can we plan this weekend together? We never get time for us.",
  "I would like that. Saturday morning, no phones.",
  "Sometimes I feel you do not really hear me when I talk about work.",
  "I hear you. What would help you feel heard?",
  "Ask me about my day, and just listen before you suggest anything.",
  "Deal. And I would like us to look at the budget on Sunday evening.",
];

function conversation(index) {
  // About 300 turns, ~20 KB of transcript: a 20-minute talk.
  const segments = Array.from({ length: 300 }, (_, turn) => ({
    speaker: turn % 2 === 0 ? "SPEAKER_00" : "SPEAKER_01",
    text: `${LINES[(turn + index) % LINES.length]}`,
    start: turn * 4,
    end: turn * 4 + 3.5,
  }));
  const transcript = segments.map((segment) => `${segment.speaker}: ${segment.text}`).join("\n");
  return { segments, transcript };
}

function analysisFor(index, segments) {
  const card = (dimension) => ({
    dimension,
    insight: `In conversation ${index} you both returned to ${dimension.toLowerCase()} several times, and each time the other one answered.`,
    tips: ["Ask one more open question.", "Pause before you answer.", "Name what you appreciated."],
    color: "deep-teal",
    icon: "sparkles",
  });
  return {
    cards: ["Curiosity", "Timing", "Appreciation", "Repair", "Planning"].map(card),
    coachResponse: `You talked about **planning the weekend** and **money**. ${"You listened well and came back to each other's points. ".repeat(20)}`,
    briefSummary: index % 3 === 0 ? "Weekend plans and the budget" : "Feeling heard after work",
    speakerNames: { SPEAKER_00: "Ana", SPEAKER_01: "Ben" },
    speakerStats: { SPEAKER_00: { totalTime: 600, wordCount: 1500, segments: 150 }, SPEAKER_01: { totalTime: 600, wordCount: 1500, segments: 150 } },
    transcriptionSegments: segments,
    mutualGrowthCard: {
      dimension: "Mutual Aspirations & Growth",
      insight: "Make time.",
      tips: ["What would help?"],
      icon: "sparkles",
      color: "soft-tangerine",
    },
  };
}

async function seed(databaseUrl, schema, signalsOf) {
  const client = new pg.Client({ connectionString: adminUrl, options: `-c search_path="${schema}"` });
  await client.connect();
  const now = Date.now();
  const BATCH = 50;
  let bytes = 0;
  for (let first = 0; first < SESSIONS; first += BATCH) {
    const values = [];
    const rows = [];
    for (let index = first; index < Math.min(SESSIONS, first + BATCH); index++) {
      const { segments, transcript } = conversation(index);
      const analysis = JSON.stringify(analysisFor(index, segments));
      const signals = JSON.stringify(signalsOf(segments.slice(0, 40)));
      // One conversation every ~6 hours, going back; a few share an instant (the cursor's tie-break).
      const at = new Date(now - Math.floor(index / 2) * 6 * 3600_000);
      bytes += transcript.length + analysis.length + signals.length;
      const base = values.length;
      values.push(`session-${String(index).padStart(4, "0")}`, LIST_USER, transcript, analysis, signals, at, '{"SPEAKER_00":"Ana","SPEAKER_01":"Ben"}');
      rows.push(
        `($${base + 1}, $${base + 2}, 'couple', $${base + 3}, $${base + 4}::jsonb, $${base + 5}::jsonb, $${base + 7}::jsonb, true, $${base + 6}, $${base + 6}, $${base + 6})`,
      );
    }
    await client.query(
      `INSERT INTO "Session" ("id", "userId", "mode", "transcript", "analysis", "signals", "speakerNames", "isCompleted", "createdAt", "updatedAt", "lastActivityAt") VALUES ${rows.join(", ")}`,
      values,
    );
  }
  // Every fifth session has a follow-up; every third made two commitments, one of them kept.
  await client.query(
    `INSERT INTO "FollowUpTranscript" ("id", "sessionId", "transcript", "createdAt")
     SELECT 'fu-' || s."id", s."id", repeat('SPEAKER_00: We kept our Saturday. ', 60), s."createdAt" FROM "Session" s
     WHERE s."userId" = $1 AND right(s."id", 1) IN ('0', '5')`,
    [LIST_USER],
  );
  await client.query(
    `INSERT INTO "Commitment" ("id", "userId", "sessionId", "text", "outcome", "createdAt")
     SELECT 'c' || n || '-' || s."id", s."userId", s."id", 'Saturday morning without phones', CASE WHEN n = 1 THEN 'kept'::"CommitmentOutcome" END, s."createdAt"
     FROM "Session" s CROSS JOIN generate_series(1, 2) AS n WHERE s."userId" = $1 AND (right(s."id", 2)::int % 3) = 0`,
    [LIST_USER],
  );
  await client.query("ANALYZE");
  await client.end();
  return bytes;
}

// ---- Measuring ----

async function run(options) {
  const result = await autocannon({ ...options, setupClient: undefined });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    // What the errors were: no answer within autocannon's 10 s, or an answer that was not 2xx.
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is required (a PostgreSQL server the load test may create a schema on)");
  adminUrl = baseUrl;

  const { clerkTestEnv, mintSessionToken } = await importTypeScript(`export * from "./tests/helpers/clerk-test-auth.ts";`);
  const signalsModule = await importTypeScript(`
    export { buildSignalsRecord, signalTurns } from "./lib/domain/signals/record.ts";
    export { validateLabels } from "./lib/domain/signals/labels.ts";`);
  const signalsOf = (segments) => {
    const turns = signalsModule.signalTurns(segments);
    const labels = turns.slice(0, 12).map((turn, index) => ({
      turn: index,
      label: ["bid", "appreciation", "repair_attempt", "criticism"][index % 4],
      quote: turn.text.split(" ").slice(0, 4).join(" "),
      responds_to: null,
    }));
    return signalsModule.buildSignalsRecord({ turns, ...signalsModule.validateLabels({ labels }, turns), mode: "couple" });
  };

  const { schema, databaseUrl } = await createSchema(baseUrl);
  const [appPort, fakePort] = [await freePort(), await freePort()];
  const fakeUrl = `http://127.0.0.1:${fakePort}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    CLERK_TELEMETRY_DISABLED: "1",
    ...clerkTestEnv(),
    OPENAI_API_KEY: "sk-test-fake-providers",
    OPENAI_BASE_URL: `${fakeUrl}/v1`,
    GEMINI_API_KEY: "gemini-test-fake-providers",
    GEMINI_BASE_URL: fakeUrl,
    DATABASE_URL: databaseUrl,
    // The limits protect providers' bills, not this measurement.
    RATE_LIMIT_AI_PER_USER: "1000000",
    RATE_LIMIT_AI_PER_IP: "1000000",
    SESSIONS_PER_USER_PER_DAY: "1000000",
  };

  ensureBuild(env);
  // Built before anything is measured, so the build's load never overlaps a run.
  trivialDir = buildTrivialNext(ROOT, NEXT_BIN, env, log);
  log(`migrating schema ${schema}`);
  const migrated = spawnSync(process.execPath, [path.join(ROOT, "scripts", "db-migrate.mjs")], { stdio: ["ignore", "ignore", "pipe"], env });
  if (migrated.status !== 0) throw new Error(`migration failed: ${migrated.stderr?.toString().slice(-2_000)}`);
  log(`seeding ${SESSIONS} sessions for one user`);
  const seededBytes = await seed(databaseUrl, schema, signalsOf);
  log(`seeded ${(seededBytes / 1024 / 1024).toFixed(1)} MB of transcripts, analyses and signals`);

  start("fake providers", process.execPath, [path.join(ROOT, "tests", "fake-providers", "server.mjs"), "--port", String(fakePort)], env);
  // "localhost", not 127.0.0.1: Next sends its proxy rewrites to localhost, which must be where it listens (loopback only
  // either way; Node 20 may resolve it to ::1, and the load generator resolves it the same way).
  const starting = await Promise.allSettled([
    startNext({
      nextBin: NEXT_BIN,
      env,
      port: appPort,
      hostname: "localhost",
      readyPath: "/api/public/sessions",
      accept: (status) => status < 500,
      timeoutMs: 120_000,
    }),
    waitFor(`${fakeUrl}/__control/health`),
  ]);
  if (starting[0].status === "fulfilled") children.push(starting[0].value.child);
  const failed = starting.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  const appUrl = starting[0].value.url;

  const listHeaders = { authorization: `Bearer ${await mintSessionToken(LIST_USER, { expiresInSeconds: 3_600 })}` };
  const aiHeaders = { authorization: `Bearer ${await mintSessionToken(AI_USER, { expiresInSeconds: 3_600 })}`, "content-type": "application/json" };

  const firstPage = await fetch(`${appUrl}/api/sessions`, { headers: listHeaders });
  const firstBody = await firstPage.text();
  if (firstPage.status !== 200) throw new Error(`GET /api/sessions answered ${firstPage.status}: ${firstBody.slice(0, 300)}`);
  const { sessions, total } = JSON.parse(firstBody);
  log(`first page: ${sessions.length} of ${total} sessions, ${(Buffer.byteLength(firstBody) / 1024).toFixed(1)} KB`);

  // Warm-up: the first requests compile routes and fill the pools.
  await run({ url: `${appUrl}/api/sessions`, headers: listHeaders, connections: 10, amount: 200 });
  // One at a time first: the latency of a page without queueing, which tells the server's cost from the machine's load.
  const listAlone = await run({ url: `${appUrl}/api/sessions`, headers: listHeaders, connections: 1, amount: 200 });
  const loadBefore = os.loadavg()[0];
  log(`GET /api/sessions: ${LIST_CONNECTIONS} connections for ${LIST_SECONDS} s (load average ${loadBefore.toFixed(1)})`);
  const list = await run({ url: `${appUrl}/api/sessions`, headers: listHeaders, connections: LIST_CONNECTIONS, duration: LIST_SECONDS });
  // The floor under the list on this machine: the same URL without a session is the guest's empty list (Next, the proxy,
  // the route; no token to verify, no database). By Little's law, 50 connections with p99 ≤ 50 ms need ≥ 1,000 answers/s.
  log(`GET /api/sessions without a session (the floor): ${LIST_CONNECTIONS} connections for ${LIST_SECONDS} s`);
  const floor = await run({ url: `${appUrl}/api/sessions`, connections: LIST_CONNECTIONS, duration: LIST_SECONDS });
  // The ceiling of the framework on this machine: a trivial Next project's route handler that answers the same empty
  // list, with no proxy, no auth and no database, built from the same node_modules (scripts/lib/trivial-next.mjs).
  const trivial = await startNext({
    nextBin: NEXT_BIN,
    args: [trivialDir],
    env: { ...env, NEXT_DIST_DIR: "" },
    port: await freePort(),
    hostname: "localhost",
    readyPath: TRIVIAL_ROUTE,
  });
  children.push(trivial.child);
  await run({ url: `${trivial.url}${TRIVIAL_ROUTE}`, connections: 10, amount: 200 });
  log(`a trivial Next route (the ceiling): ${LIST_CONNECTIONS} connections for ${LIST_SECONDS} s`);
  const ceiling = await run({ url: `${trivial.url}${TRIVIAL_ROUTE}`, connections: LIST_CONNECTIONS, duration: LIST_SECONDS });
  await trivial.stop();

  const audio = readFileSync(path.join(ROOT, "tests", "fixtures", "two-voices.wav")).toString("base64");
  const transcribeBody = JSON.stringify({ audio, mimeType: "audio/wav", language: "en" });
  const segments = [
    { speaker: "SPEAKER_00", text: LINES[0], start: 0, end: 3.2 },
    { speaker: "SPEAKER_01", text: LINES[1], start: 3.5, end: 5.9 },
    { speaker: "SPEAKER_00", text: LINES[2], start: 6.2, end: 8.6 },
    { speaker: "SPEAKER_01", text: LINES[3], start: 8.9, end: 11.2 },
  ];
  const analyzeBody = JSON.stringify({
    transcript: segments.map((segment) => `Ana: ${segment.text}`).join("\n"),
    speakerNames: { SPEAKER_00: "Ana", SPEAKER_01: "Ben" },
    segments,
  });
  // The analysis the fake "model" answers with, queued once per request (its default answer is not an analysis).
  const analysisAnswer = analysisFor(0, segments);
  delete analysisAnswer.transcriptionSegments;
  await fetch(`${fakeUrl}/__control/queue`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ route: "gemini.generate", responses: Array.from({ length: AI_REQUESTS.analyze + 20 }, () => ({ body: analysisAnswer })) }),
  });

  const ai = {};
  for (const [name, body] of [
    ["transcribe", transcribeBody],
    ["analyze", analyzeBody],
  ]) {
    const url = `${appUrl}/api/${name}`;
    const check = await fetch(url, { method: "POST", headers: aiHeaders, body });
    if (check.status !== 200) throw new Error(`POST /api/${name} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
    await run({ url, method: "POST", headers: aiHeaders, body, connections: 1, amount: 10 });
    log(`POST /api/${name}: ${AI_REQUESTS[name]} requests, one at a time`);
    ai[name] = await run({ url, method: "POST", headers: aiHeaders, body, connections: 1, amount: AI_REQUESTS[name] });
  }

  const report = {
    measuredAt: new Date().toISOString(),
    cpus: os.cpus().length,
    // Other work on the machine: the figures mean little when this is far above the CPU count.
    loadAverage: Number(loadBefore.toFixed(1)),
    sessions: SESSIONS,
    firstPageBytes: Buffer.byteLength(firstBody),
    listAlone,
    list: { connections: LIST_CONNECTIONS, seconds: LIST_SECONDS, ...list },
    floor: { connections: LIST_CONNECTIONS, seconds: LIST_SECONDS, ...floor },
    ceiling: { connections: LIST_CONNECTIONS, seconds: LIST_SECONDS, ...ceiling },
    transcribe: ai.transcribe,
    analyze: ai.analyze,
    goals: {
      listP99: list.p99 <= GOALS.listP99Ms && list.errors === 0,
      transcribeP50: ai.transcribe.p50 <= GOALS.aiP50Ms,
      analyzeP50: ai.analyze.p50 <= GOALS.aiP50Ms,
    },
  };
  mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(path.join(ROOT, "bench-results", "loadtest.json"), `${JSON.stringify(report, null, 2)}\n`);

  const mark = (ok) => (ok ? "met" : "NOT met");
  console.log("");
  console.log(`| ${SESSIONS} sessions, ${report.cpus} CPUs, load average ${report.loadAverage} | requests/s | p50 | p99 | errors | goal |`);
  console.log("|---|---|---|---|---|---|");
  console.log(
    `| GET /api/sessions (first page), 1 connection | ${listAlone.requestsPerSecond} | ${listAlone.p50} ms | ${listAlone.p99} ms | ${listAlone.errors} | |`,
  );
  console.log(
    `| GET /api/sessions (first page, ${(report.firstPageBytes / 1024).toFixed(1)} KB), ${LIST_CONNECTIONS} connections, ${LIST_SECONDS} s | ${list.requestsPerSecond} | ${list.p50} ms | ${list.p99} ms | ${list.errors} (${list.timeouts} timeouts, ${list.non2xx} non-2xx) | p99 ≤ ${GOALS.listP99Ms} ms, 0 errors: ${mark(report.goals.listP99)} |`,
  );
  console.log(
    `| floor: the guest's empty list (no token, no database), ${LIST_CONNECTIONS} connections, ${LIST_SECONDS} s | ${floor.requestsPerSecond} | ${floor.p50} ms | ${floor.p99} ms | ${floor.errors} | |`,
  );
  console.log(
    `| ceiling: a trivial Next route handler (same node_modules; no proxy, auth or database), ${LIST_CONNECTIONS} connections, ${LIST_SECONDS} s | ${ceiling.requestsPerSecond} | ${ceiling.p50} ms | ${ceiling.p99} ms | ${ceiling.errors} | |`,
  );
  for (const name of ["transcribe", "analyze"]) {
    const row = ai[name];
    console.log(
      `| POST /api/${name}, zero-latency provider, 1 connection | ${row.requestsPerSecond} | ${row.p50} ms | ${row.p99} ms | ${row.errors} | p50 ≤ ${GOALS.aiP50Ms} ms: ${mark(report.goals[`${name}P50`])} |`,
    );
  }
  console.log("");
}

async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  if (trivialDir) rmSync(trivialDir, { recursive: true, force: true });
  if (schemaToDrop && adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schemaToDrop}" CASCADE`);
    } catch (error) {
      log(`could not drop schema ${schemaToDrop}: ${error.message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(`[loadtest] ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
