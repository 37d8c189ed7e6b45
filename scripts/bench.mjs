#!/usr/bin/env node
// npm run bench — how heavy and how fast the home page is, from the production build.
//
// Serves the build with `next start` in guest-only mode (no Clerk, no AI keys, a throwaway PGlite directory) on a free port,
// sums the gzip size of every <script src> the home page's HTML loads (Next 16 no longer prints "First Load JS"), runs
// Lighthouse (mobile preset, performance only) three times with Debian's Chromium, prints the medians and writes
// bench-results/latest.json. Builds first only when .next/BUILD_ID is missing.
//
// Installability: Lighthouse 12 dropped its PWA category and the installable-manifest audit, so the bench asks Chromium
// itself, as that audit did: Page.getInstallabilityErrors and Page.getAppManifest over the DevTools protocol, once the
// service worker controls the page.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test"; // Playwright drives the same Chromium for the installability check
import * as chromeLauncher from "chrome-launcher"; // Lighthouse's own launcher (a dependency of lighthouse)
import lighthouse from "lighthouse";

import { benchAccessibility } from "./bench-a11y.mjs";
import { benchFirstScreen } from "./bench-first-screen.mjs";
import { benchSignals } from "./bench-signals.mjs";
import { freePort, startNext } from "./lib/servers.mjs";

const ROOT = process.cwd();
const NEXT_BIN = path.join(ROOT, "node_modules", ".bin", "next");
const RUNS = 3;
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
];

const pgliteDir = mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
/** Guest-only: every key empty (so no .env file can fill it) and the embedded database in a temp directory. */
const serverEnv = {
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
  PGLITE_DIR: pgliteDir,
};

let server;

function log(message) {
  console.log(`[bench] ${message}`);
}

function ensureBuild() {
  // NEXT_DIST_DIR (next.config.ts) lets the bench measure a side build; next start below reads the same variable.
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (existsSync(path.join(ROOT, distDir, "BUILD_ID"))) return;
  log(`${distDir}/BUILD_ID missing: running next build`);
  const result = spawnSync(NEXT_BIN, ["build"], { stdio: "inherit", env: serverEnv });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
}

/** The migration script (plain .mjs; .mts where Node can run it), with the server's env. Failure is reported, not fatal. */
function migrate() {
  const script = ["db-migrate.mts", "db-migrate.mjs"].map((name) => path.join(ROOT, "scripts", name)).find((file) => existsSync(file));
  if (!script) {
    log("scripts/db-migrate.mts (or .mjs) not found: skipping migrations");
    return "skipped";
  }
  const result = spawnSync(process.execPath, [script], { stdio: ["ignore", "ignore", "pipe"], env: serverEnv, timeout: 120_000 });
  if (result.status === 0) return "ok";
  const reason = result.error?.message ?? result.stderr?.toString().trim().split("\n").slice(-3).join(" | ") ?? "";
  log(`migrations failed (exit ${result.status}); continuing without them. ${reason}`);
  return "failed";
}

/** Every <script src> of the page, fetched and gzipped here at zlib's default level (what `next start` compresses with). */
async function measureScripts(baseUrl) {
  const response = await fetch(`${baseUrl}/`);
  const html = await response.text();
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&"));
  const unique = [...new Set(sources)];
  const scripts = [];
  for (const src of unique) {
    const url = new URL(src, baseUrl);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    scripts.push({ src: url.pathname, bytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return {
    status: response.status,
    htmlGzipBytes: gzipSync(html).length,
    scripts,
    totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
}

const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
};

async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const { lhr } = result;
    const run = { score: lhr.categories.performance.score };
    for (const [name, audit] of Object.entries(METRICS)) run[name] = lhr.audits[audit]?.numericValue ?? null;
    if (lhr.runtimeError) run.runtimeError = lhr.runtimeError.message;
    // Which element the LCP is: a regression in LCP is only actionable once it is known what painted late.
    const lcpTable = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0];
    const lcpNode = lcpTable?.items?.[0]?.node;
    if (lcpNode) run.lcpElement = lcpNode.nodeLabel ?? lcpNode.snippet ?? null;
    return run;
  } finally {
    await chrome.kill();
  }
}

/** Chromium's installability verdict for the page (no errors = installable), the manifest's parse errors, and the worker. */
async function installability(url) {
  // A persistent profile: Chromium never installs from an incognito context, which is what browser.newContext() gives.
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")),
    serviceWorkers: "allow",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const { url: manifestUrl, errors: manifestErrors } = await cdp.send("Page.getAppManifest");
    return {
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
      manifestUrl: manifestUrl || null,
      manifestErrors: manifestErrors.map((error) => error.message),
      serviceWorkerControls: controlled,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function median(values) {
  const sorted = values.filter((value) => typeof value === "number").sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (value === null ? "n/a" : `${Math.round(value)} ms`);

async function main() {
  ensureBuild();
  const migrations = migrate();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`next start on ${baseUrl} (guest-only, PGLITE_DIR=${pgliteDir})`);
  server = await startNext({ nextBin: NEXT_BIN, env: serverEnv, port });

  const js = await measureScripts(baseUrl);
  if (js.status !== 200) log(`warning: / answered ${js.status}`);

  const runs = [];
  for (let index = 1; index <= RUNS; index += 1) {
    const run = await lighthouseRun(`${baseUrl}/`);
    log(`lighthouse run ${index}/${RUNS}: performance ${run.score === null ? "n/a" : Math.round(run.score * 100)}`);
    runs.push(run);
  }
  const install = await installability(`${baseUrl}/`);
  log(`installability: ${install.installable ? "installable" : `not installable (${install.installabilityErrors.join(", ")})`}`);
  const medians = Object.fromEntries(["score", ...Object.keys(METRICS)].map((name) => [name, median(runs.map((run) => run[name]))]));

  const rows = [
    ["Home page status", String(js.status)],
    ["Scripts loaded", String(js.scripts.length)],
    ["JS (gzip)", kb(js.totalGzipBytes)],
    ["JS (raw)", kb(js.totalBytes)],
    ["HTML (gzip)", kb(js.htmlGzipBytes)],
    [`Lighthouse performance (median of ${RUNS})`, medians.score === null ? "n/a" : String(Math.round(medians.score * 100))],
    ["First Contentful Paint", ms(medians.fcpMs)],
    ["Largest Contentful Paint", ms(medians.lcpMs)],
    ["Total Blocking Time", ms(medians.tbtMs)],
    ["Cumulative Layout Shift", medians.cls === null ? "n/a" : medians.cls.toFixed(3)],
    ["Speed Index", ms(medians.speedIndexMs)],
    ["LCP element (first run)", String(runs[0]?.lcpElement ?? "n/a").slice(0, 60)],
    ["Installable (Chromium's check)", install.installable ? "yes" : `no: ${install.installabilityErrors.join(", ")}`],
    ["Manifest errors", install.manifestErrors.length === 0 ? "none" : install.manifestErrors.join("; ").slice(0, 60)],
    ["Service worker controls /", install.serviceWorkerControls ? "yes" : "no"],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log("");
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
  console.log("");

  const report = {
    date: new Date().toISOString(),
    url: "/",
    mode: "guest-only",
    migrations,
    node: process.version,
    javascript: js,
    lighthouse: { preset: "mobile", runs, median: medians },
    installability: install,
  };
  // The first screen against a trivial Next page built here, guest-only and with Clerk configured (issue 14); fails the bench.
  log("first screen against a trivial Next page:");
  report.firstScreen = await benchFirstScreen({ root: ROOT, env: serverEnv, nextBin: NEXT_BIN, log });
  // Lighthouse accessibility of /, /sign-in and /sign-up with Clerk configured (issue 12), goal 0.95 each.
  report.accessibility = await benchAccessibility({ root: ROOT, env: serverEnv, nextBin: NEXT_BIN, log }).catch((error) => {
    log(`accessibility bench failed: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  // The conversation signals (issue 17): computing them for 3,000 turns, and what the labelling call adds to /api/analyze.
  log("conversation signals:");
  report.signals = await benchSignals((line) => console.log(line)).catch((error) => {
    log(`signals bench failed: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(path.join(ROOT, "bench-results", "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  log("wrote bench-results/latest.json");
}

// Interrupted: stop next-server too rather than leave it holding the port.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server?.child.kill("SIGKILL");
    rmSync(pgliteDir, { recursive: true, force: true });
    process.exit(130);
  });
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await server?.stop();
  rmSync(pgliteDir, { recursive: true, force: true });
}
process.exit(exitCode);
