#!/usr/bin/env node
// The browser tests, split into E2E_SHARDS Playwright runs side by side (default 2; 1 runs them as one). Each shard is a
// whole run of its own — its own port base (E2E_PORT_BASE), app servers, fake providers, databases, logs and results — so
// they share nothing but the build. Most of a browser test is waiting (recordings play in real time, the app's own timers),
// so two at once finish in far less than twice the time on this 2-core machine. Arguments go to every shard.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

const SHARDS = Math.max(1, Math.min(4, Number(process.env.E2E_SHARDS || 2) || 2));
const FIRST_PORT_BASE = Number(process.env.E2E_PORT_BASE || 3100);
const PLAYWRIGHT = path.join(process.cwd(), "node_modules", ".bin", "playwright");
const args = process.argv.slice(2);

function runShard(index) {
  const shardArgs = SHARDS > 1 ? [`--shard=${index}/${SHARDS}`] : [];
  // 1000 ports apart: each run uses its base to base + 99 (tests/e2e/support/urls.ts).
  const env = { ...process.env, TZ: "UTC", E2E_PORT_BASE: String(FIRST_PORT_BASE + (index - 1) * 1000) };
  const child = spawn(PLAYWRIGHT, ["test", ...shardArgs, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  const prefix = SHARDS > 1 ? `[shard ${index}/${SHARDS}] ` : "";
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(prefix + line));
  }
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: SHARDS }, (_, i) => runShard(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
console.log(`[e2e] ${SHARDS} shard(s) finished in ${Math.round((Date.now() - started) / 1000)} s; ${failed ? `${failed} failed` : "all passed"}`);
process.exit(failed ? 1 : 0);
