// Lighthouse's accessibility score of the first-run and account screens (issue 12): /, /sign-in and /sign-up, each at least
// 0.95. Part of `npm run bench`; alone: node scripts/bench-a11y.mjs after a build (NEXT_DIST_DIR picks a side build).
//
// The sign-in routes exist only with Clerk configured, so the build is served with the offline test instance of
// tests/helpers/clerk-test-auth.ts. Its Frontend API cannot be reached: the browser carries the dev-browser cookie (no
// handshake redirect) and resolves outside hosts to "not found" at once, so clerk-js fails fast and the forms stay in their
// loading state, which is what is audited (the same markup, disabled until Clerk loads). `/` is a first visit: the welcome
// card with the disclaimer, over the home screen.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import { build as esbuild } from "esbuild";
import lighthouse from "lighthouse";

import { freePort, startNext } from "./lib/servers.mjs";

export const A11Y_PATHS = ["/", "/sign-in", "/sign-up"];
export const A11Y_GOAL = 0.95;
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
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** clerkTestEnv() and devBrowserCookies() from the browser tests' TypeScript helper (bundled: Node runs no .ts). */
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

async function accessibilityScore(url, headers) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["accessibility"], extraHeaders: headers });
    const { lhr } = result;
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    return { score: lhr.categories.accessibility?.score ?? null, failing };
  } finally {
    await chrome.kill();
  }
}

/** Serves the build with Clerk's test keys, audits the three pages and prints their scores against the 0.95 goal. */
export async function benchAccessibility({ root, env, nextBin, log }) {
  const { clerkTestEnv, devBrowserCookies } = await loadClerkTestAuth(root);
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), "bench-a11y-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const headers = {
    Cookie: devBrowserCookies(`${baseUrl}/`)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; "),
  };
  const server = await startNext({ nextBin, env: { ...env, ...clerkTestEnv(), PGLITE_DIR: pgliteDir }, port, readyInit: { headers } });
  try {
    const pages = {};
    for (const page of A11Y_PATHS) {
      pages[page] = await accessibilityScore(`${baseUrl}${page}`, headers);
      const { score, failing } = pages[page];
      const verdict = score !== null && score >= A11Y_GOAL ? "ok" : `below ${A11Y_GOAL}`;
      log(
        `accessibility ${page.padEnd(8)} ${score === null ? "n/a" : score.toFixed(2)} (${verdict})${failing.length ? ` failing: ${failing.join(", ")}` : ""}`,
      );
    }
    return { goal: A11Y_GOAL, pages, pass: Object.values(pages).every(({ score }) => score !== null && score >= A11Y_GOAL) };
  } finally {
    await server.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}

// Alone: node scripts/bench-a11y.mjs (guest-only environment variables cleared as in bench.mjs, then Clerk's test keys).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.cwd();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    CLERK_TELEMETRY_DISABLED: "1",
    OPENAI_API_KEY: "",
    GEMINI_API_KEY: "",
    DATABASE_URL: "",
  };
  const result = await benchAccessibility({
    root,
    env,
    nextBin: path.join(root, "node_modules", ".bin", "next"),
    log: (line) => console.log(`[bench] ${line}`),
  });
  process.exitCode = result.pass ? 0 : 1;
}
