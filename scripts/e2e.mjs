#!/usr/bin/env node
// The browser tests, split into E2E_SHARDS Playwright runs side by side (default 2; 1 runs them as one). Each shard is a
// whole run of its own — its own port base (E2E_PORT_BASE), app servers, fake providers, databases, logs and results — so
// they share nothing but the build. Much of a browser test is waiting (recordings play in real time, the app's own timers),
// but Chromium is most of the CPU: on a faster machine three shards beat two (522 s against 620–735 s); on the slower one
// of 2026-11-27, where one shard alone kept 1.4 of the 2 cores busy, three timed out tests that two ran green in 1046 s.
//
// With no arguments, whole spec files are placed on the shards by their measured durations (tests/e2e/support/durations.json,
// longest first onto the shard with the least so far), so the shards end together: Playwright's own --shard splits by
// test count and left one shard four minutes behind the other. With arguments (a file, --grep…), they go to every shard
// and Playwright's --shard splits what they select.
//
// On the embedded database, one migrated PGlite directory is prepared before the shards start, and every app server
// starts on a copy of it (E2E_PGLITE_TEMPLATE, playwright.config.ts).
//
// TEST_SCOPE=database (CI's second pass, against PostgreSQL) runs the "pixel" project only: the "iphone" project repeats the
// main journeys at another phone size, where only the layout differs, and the layout does not depend on the database. For
// the same reason that pass leaves out the screens' accessibility audits (checkScreen), which the first pass ran.
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";

const SHARDS = Math.max(1, Math.min(4, Number(process.env.E2E_SHARDS || 2) || 2));
const FIRST_PORT_BASE = Number(process.env.E2E_PORT_BASE || 3100);
const PLAYWRIGHT = path.join(process.cwd(), "node_modules", ".bin", "playwright");
const SPEC_DIR = path.join("tests", "e2e");
const UNMEASURED_SECONDS = 60;
const PROJECTS = process.env.TEST_SCOPE === "database" ? ["pixel"] : ["pixel", "iphone"];
const args = [...(PROJECTS.length === 1 ? [`--project=${PROJECTS[0]}`] : []), ...process.argv.slice(2)];
const hasSelection = process.argv.length > 2;

/** The seconds a file's tests took in the projects this run has (durations.json holds them per project). */
function measuredSeconds(measured) {
  if (!measured) return UNMEASURED_SECONDS;
  return PROJECTS.reduce((sum, project) => sum + (Number(measured[project]) || 0), 0);
}

/** The spec files in SHARDS groups of about equal measured duration (longest first, each onto the lightest group). */
function filesByDuration() {
  const durations = JSON.parse(readFileSync(path.join(SPEC_DIR, "support", "durations.json"), "utf8"));
  const files = readdirSync(SPEC_DIR)
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => ({ name, seconds: measuredSeconds(durations[name]) }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const groups = Array.from({ length: SHARDS }, () => ({ files: [], seconds: 0 }));
  for (const file of files) {
    const lightest = groups.reduce((min, group) => (group.seconds < min.seconds ? group : min));
    lightest.files.push(path.join(SPEC_DIR, file.name));
    lightest.seconds += file.seconds;
  }
  return groups;
}

/** Migrates one PGlite directory for every server of every shard to copy (playwright.config.ts, E2E_PGLITE_TEMPLATE). */
function preparePgliteTemplate() {
  if (process.env.TEST_DATABASE_URL || process.env.E2E_PGLITE_TEMPLATE) return {};
  const dir = path.resolve(".data", `e2e-template-${FIRST_PORT_BASE}`);
  rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, ["scripts/db-migrate.mjs"], {
    env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: dir },
    // A failed migration's own message goes to the log.
    stdio: ["ignore", "ignore", "inherit"],
  });
  // The migration's process has ended: its lock file would only be taken over as stale by each copy's server.
  rmSync(path.join(dir, "app.lock"), { force: true });
  return { E2E_PGLITE_TEMPLATE: dir };
}

const groups = SHARDS > 1 && !hasSelection ? filesByDuration() : null;
if (groups) for (const [i, group] of groups.entries()) console.log(`[e2e] shard ${i + 1}: ${group.files.length} files, about ${group.seconds} s measured`);
const started = Date.now();
const templateEnv = preparePgliteTemplate();

function runShard(index) {
  const shardArgs = groups ? groups[index - 1].files : SHARDS > 1 ? [`--shard=${index}/${SHARDS}`] : [];
  // 1000 ports apart: each run uses its base to base + 99 (tests/e2e/support/urls.ts).
  const env = { ...process.env, ...templateEnv, TZ: "UTC", E2E_PORT_BASE: String(FIRST_PORT_BASE + (index - 1) * 1000) };
  const child = spawn(PLAYWRIGHT, ["test", ...shardArgs, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  const label = SHARDS > 1 ? `shard ${index}/${SHARDS} ` : "";
  // Elapsed seconds on every line: where a shard's time goes (start-up, a slow test) shows in the CI log.
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${label}+${Math.round((Date.now() - started) / 1000)}s] ${line}`));
  }
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: SHARDS }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
console.log(`[e2e] ${SHARDS} shard(s) finished in ${Math.round((Date.now() - started) / 1000)} s; ${failed ? `${failed} failed` : "all passed"}`);
process.exit(failed ? 1 : 0);
