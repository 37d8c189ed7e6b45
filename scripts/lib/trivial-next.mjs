// The trivial Next project the benches compare the app with (issue 14): the first-screen bench serves its page, the load
// test its route. Built with the repository's node_modules, so the comparison is with the same Next, React and Node.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The route the load test measures: what the guest's empty history answers, with nothing in front of it. */
export const TRIVIAL_ROUTE = "/api/ping";

// A root layout and one client component, nothing else (no CSS, no fonts, no metadata beyond a title), and one route
// handler (no proxy, no auth, no database).
const TRIVIAL_FILES = {
  "app/layout.jsx": `export const metadata = { title: "Trivial" };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  "app/page.jsx": `import { Counter } from "./counter";
export default function Page() {
  return (<main><h1>A trivial page</h1><p>One client component, for comparison.</p><Counter /></main>);
}
`,
  "app/counter.jsx": `"use client";
import { useState } from "react";
export function Counter() {
  const [count, setCount] = useState(0);
  return (<button type="button" onClick={() => setCount(count + 1)}>Pressed {count} times</button>);
}
`,
  [`app${TRIVIAL_ROUTE}/route.js`]: `export const dynamic = "force-dynamic";
export function GET() {
  return Response.json({ sessions: [], nextCursor: null });
}
`,
  // Turbopack refuses files outside its root, and node_modules is a link out of this folder: the root is the filesystem's.
  // (A project folder inside the repository instead would pick up the app's proxy.ts and instrumentation.ts.)
  "next.config.mjs": 'export default { poweredByHeader: false, turbopack: { root: "/" } };\n',
};

/**
 * Writes and builds the trivial project in a new temporary folder (its node_modules a link to the repository's) and
 * returns the folder, which the caller removes. `env` is the build's environment.
 */
export function buildTrivialNext(root, nextBin, env, log) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-trivial-"));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const [file, text] of Object.entries(TRIVIAL_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  log(`building the trivial Next project in ${dir}`);
  const result = spawnSync(nextBin, ["build", dir], { stdio: ["ignore", "pipe", "pipe"], env: { ...env, NEXT_DIST_DIR: "" }, timeout: 600_000 });
  if (result.status !== 0) rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`trivial project build failed (exit ${result.status}): ${result.stderr?.toString().slice(-2000)}`);
  return dir;
}
