// The first screen against a trivial Next page (issue 14 §1), part of `npm run bench`; alone: node scripts/bench-first-screen.mjs
// after a build (NEXT_DIST_DIR picks a side build, BENCH_PORT_BASE fixes the three ports instead of free ones).
//
// Builds a trivial Next page (one client component) with the same node_modules (a throwaway project in the temp folder whose
// node_modules is a link to the repository's; removed afterwards: BENCH_KEEP_TRIVIAL=1 keeps it), serves it beside the
// app's build twice (guest-only: no Clerk, no AI keys; and Clerk configured with the offline test instance of
// tests/helpers/clerk-test-auth.ts) and runs Lighthouse (mobile preset, performance) three rounds, each round measuring the
// three pages in a rotated order. Interleaving is what makes the comparison fair on a shared machine: absolute figures drift
// with the load of the moment, and every page gets the same share of quiet and busy moments.
//
// Clerk here: its Frontend API (clerk-js, the UI bundle, the handshake) cannot be reached. The browser carries the dev-browser
// cookie so clerkMiddleware serves the page instead of redirecting to the handshake, and Chromium resolves every outside host
// to "not found" at once (--host-resolver-rules), so clerk-js fails in milliseconds instead of waiting on DNS: the run never
// hangs, and a run still gets a time-out. The visitor is signed out, as on a first visit: the page then carries none of
// Clerk's client code (lib/client/auth/clerk-on-demand.ts), and the Clerk column measures what configuring accounts costs
// such a visitor. A signed-in user's page adds Clerk's provider and hooks and clerk-js (async, from Clerk's CDN), which the
// bench does not measure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { build as esbuild } from "esbuild";
import lighthouse from "lighthouse";

import { freePort, startNext } from "./lib/servers.mjs";
import { buildTrivialNext } from "./lib/trivial-next.mjs";

const RUNS = 3;
const RUN_TIMEOUT_MS = 120_000;
const GOALS = { jsRatio: 1.3, scoreGap: 0.02, lcpRatio: 1.25 };
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Offline and deterministic: any host but loopback fails at once (Clerk's Frontend API included) instead of waiting on DNS.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value) => (value === null ? "n/a" : `${Math.round(value)} ms`);
const score = (value) => (value === null ? "n/a" : value.toFixed(2));

export function median(values) {
  const sorted = values.filter((value) => typeof value === "number").sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** clerkTestEnv() and devBrowserCookies() from the TypeScript helper the browser tests use (bundled with esbuild: Node 20 runs no .ts). */
async function loadClerkTestAuth(root) {
  const { outputFiles } = await esbuild({
    entryPoints: [path.join(root, "tests", "helpers", "clerk-test-auth.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString("base64")}`);
}

/** A page navigation as a browser sends it must get the page itself (Clerk mode: no handshake redirect), or the bench stops. */
async function assertServesPage(url, headers) {
  const response = await fetch(url, { headers: { "sec-fetch-dest": "document", accept: "text/html", ...headers }, redirect: "manual" });
  if (response.status !== 200) {
    const where = response.headers.get("location");
    throw new Error(`${url} answered ${response.status}${where ? ` → ${where}` : ""}: a browser would not see the page (Clerk handshake?)`);
  }
}

const gzipCache = new Map();
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, gzipSync(body).length);
  }
  return gzipCache.get(url);
}

/**
 * One Lighthouse run. The JavaScript is what the page itself loaded during the run (its network records: <script> tags,
 * Next's chunk loading and every dynamic import the start-up fires), each same-origin file gzipped here at zlib's default
 * level, as `next start` compresses it; requests that failed (clerk-js from the unreachable Frontend API) are counted apart.
 */
async function lighthouseRun(url, extraHeaders) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse on ${url} took over ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
    });
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], maxWaitForLoad: 45_000, extraHeaders };
    const { lhr } = await Promise.race([lighthouse(url, flags), timeout]);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const origin = new URL(url).origin;
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === "Script" && (item.sessionTargetType ?? "page") === "page");
    const local = [...new Set(scripts.filter((item) => item.url.startsWith(origin) && item.statusCode === 200).map((item) => item.url))];
    const failed = scripts.filter((item) => !item.url.startsWith(origin) || item.statusCode !== 200).map((item) => item.url);
    let js = 0;
    for (const scriptUrl of local) js += await gzipBytes(scriptUrl);
    return {
      score: lhr.categories.performance.score,
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
      fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? null,
      // What painted last: a regression in LCP is only actionable once it is known which element it was.
      lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? null,
      jsGzipBytes: js,
      scripts: local.map((scriptUrl) => new URL(scriptUrl).pathname),
      failedScripts: [...new Set(failed)],
    };
  } finally {
    clearTimeout(timer);
    await chrome.kill();
  }
}

function summarize(runs) {
  const scores = runs.map((run) => run.score);
  const byJs = [...runs].sort((a, b) => a.jsGzipBytes - b.jsGzipBytes);
  const middle = byJs[Math.floor(byJs.length / 2)];
  return {
    jsGzipBytes: middle.jsGzipBytes,
    scriptCount: middle.scripts.length,
    scripts: middle.scripts,
    failedScripts: middle.failedScripts,
    score: median(scores),
    scoreMin: Math.min(...scores),
    scoreMax: Math.max(...scores),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
}

/** The three goals of issue 14 for one mode of the home page against the trivial page. */
export function judge(home, trivial) {
  const jsRatio = home.jsGzipBytes / trivial.jsGzipBytes;
  const lcpRatio = home.lcpMs / trivial.lcpMs;
  const scoreGap = trivial.score - home.score;
  return {
    jsRatio,
    lcpRatio,
    scoreGap,
    js: jsRatio <= GOALS.jsRatio,
    // Scores are two-decimal values: a gap of 0.02 must pass even when the floats subtract to 0.020000000000000018.
    score: Math.round(scoreGap * 100) <= Math.round(GOALS.scoreGap * 100),
    lcp: lcpRatio <= GOALS.lcpRatio,
  };
}

/** One Markdown table: the three pages' figures, then the goals per mode (the README carries it as printed). */
export function formatTable(results) {
  const row = (cells) => `| ${cells.join(" | ")} |`;
  const verdict = (pass) => (pass ? "PASS" : "FAIL");
  const lines = [
    row(["page", "JavaScript loaded, gzip", "performance, median (min–max)", "LCP, median", "TBT, median"]),
    row(["---", "---", "---", "---", "---"]),
  ];
  for (const [label, page] of [
    ["trivial Next page", results.trivial],
    ["home `/`, guest-only", results.guest],
    ["home `/`, Clerk configured", results.clerk],
  ]) {
    lines.push(
      row([
        label,
        `${kib(page.jsGzipBytes)} in ${page.scriptCount} scripts`,
        `${score(page.score)} (${score(page.scoreMin)}–${score(page.scoreMax)})`,
        ms(page.lcpMs),
        ms(page.tbtMs),
      ]),
    );
  }
  for (const [label, verdicts] of [
    ["goals, guest-only", results.verdicts.guest],
    ["goals, Clerk configured", results.verdicts.clerk],
  ]) {
    lines.push(
      row([
        label,
        `${verdicts.jsRatio.toFixed(2)}× (≤ ${GOALS.jsRatio}×) ${verdict(verdicts.js)}`,
        `${verdicts.scoreGap <= 0 ? "+" : "−"}${Math.abs(verdicts.scoreGap).toFixed(2)} (within ${GOALS.scoreGap}) ${verdict(verdicts.score)}`,
        `${verdicts.lcpRatio.toFixed(2)}× (≤ ${GOALS.lcpRatio}×) ${verdict(verdicts.lcp)}`,
        "",
      ]),
    );
  }
  return lines.join("\n");
}

/**
 * Runs the comparison and prints the table. `env` is the guest-only server environment (every key empty), `nextBin` the
 * project's next. Returns the figures for bench-results/latest.json.
 */
export async function benchFirstScreen({ root = process.cwd(), env, nextBin = path.join(root, "node_modules", ".bin", "next"), log = console.log }) {
  const { clerkTestEnv, devBrowserCookies } = await loadClerkTestAuth(root);
  const portBase = Number(process.env.BENCH_PORT_BASE) || 0;
  const ports = portBase ? [portBase + 10, portBase + 11, portBase + 12] : [await freePort(), await freePort(), await freePort()];
  const tempDirs = [mkdtempSync(path.join(os.tmpdir(), "bench-fs-guest-")), mkdtempSync(path.join(os.tmpdir(), "bench-fs-clerk-"))];
  const servers = [];
  let trivialDir;
  try {
    trivialDir = buildTrivialNext(root, nextBin, env, log);
    const guestUrl = `http://127.0.0.1:${ports[0]}/`;
    const clerkUrl = `http://127.0.0.1:${ports[1]}/`;
    const trivialUrl = `http://127.0.0.1:${ports[2]}/`;
    // A signed-out browser that has met the development instance: the dev-browser cookie, so no handshake redirect.
    const clerkCookie = devBrowserCookies(clerkUrl)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .concat(`__client_uat=0`)
      .join("; ");
    const clerkHeaders = { Cookie: clerkCookie };

    log(`serving home (guest-only) on ${guestUrl}, home (Clerk) on ${clerkUrl}, the trivial page on ${trivialUrl}`);
    servers.push(await startNext({ nextBin, env: { ...env, PGLITE_DIR: tempDirs[0] }, port: ports[0] }));
    servers.push(
      await startNext({ nextBin, env: { ...env, ...clerkTestEnv(), PGLITE_DIR: tempDirs[1] }, port: ports[1], readyInit: { headers: clerkHeaders } }),
    );
    servers.push(await startNext({ nextBin, args: [trivialDir], env: { ...env, NEXT_DIST_DIR: "" }, port: ports[2] }));
    await assertServesPage(guestUrl, {});
    await assertServesPage(clerkUrl, clerkHeaders);
    await assertServesPage(trivialUrl, {});

    const pages = [
      { key: "trivial", url: trivialUrl, headers: undefined },
      { key: "guest", url: guestUrl, headers: undefined },
      { key: "clerk", url: clerkUrl, headers: clerkHeaders },
    ];
    const runs = { trivial: [], guest: [], clerk: [] };
    for (let round = 0; round < RUNS; round += 1) {
      // Rotated each round, so no page always runs first (cold caches) or last.
      const order = pages.map((_, index) => pages[(index + round) % pages.length]);
      for (const page of order) {
        const run = await lighthouseRun(page.url, page.headers);
        log(
          `round ${round + 1}/${RUNS} ${page.key}: performance ${score(run.score)}, LCP ${ms(run.lcpMs)} (${String(run.lcpElement).slice(0, 40)}), TBT ${ms(run.tbtMs)}, JS ${kib(run.jsGzipBytes)}`,
        );
        runs[page.key].push(run);
      }
    }
    const results = { trivial: summarize(runs.trivial), guest: summarize(runs.guest), clerk: summarize(runs.clerk) };
    results.verdicts = { guest: judge(results.guest, results.trivial), clerk: judge(results.clerk, results.trivial) };
    const table = formatTable(results);
    console.log(`\n${table}\n`);
    const failed = results.clerk.failedScripts;
    if (failed.length > 0) log(`Clerk mode: unreachable here, not counted: ${failed.join(", ")}`);
    return { date: new Date().toISOString(), runsPerPage: RUNS, goals: GOALS, runs, ...results, table };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    if (trivialDir && !process.env.BENCH_KEEP_TRIVIAL) rmSync(trivialDir, { recursive: true, force: true });
  }
}

// Alone: the guest-only environment of scripts/bench.mjs (no keys from any .env file), production mode.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    CLERK_TELEMETRY_DISABLED: "1",
    NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "",
    CLERK_SECRET_KEY: "",
    CLERK_JWT_KEY: "",
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    GEMINI_API_KEY: "",
    GEMINI_BASE_URL: "",
    DATABASE_URL: "",
  };
  const log = (message) => console.log(`[bench] ${message}`);
  try {
    const report = await benchFirstScreen({ env, log });
    const out = path.join(process.cwd(), "bench-results");
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, "first-screen.json"), `${JSON.stringify(report, null, 2)}\n`);
    log("wrote bench-results/first-screen.json");
    process.exit(0);
  } catch (error) {
    console.error(`[bench] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
