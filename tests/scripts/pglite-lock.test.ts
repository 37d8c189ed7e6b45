/** @jest-environment node */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { DatabaseInUseError, lockPgliteDir } from "@/scripts/pglite-lock.mjs";

// The embedded database belongs to one process (hardening issue, section 7): a second `npm start` on the same data
// directory stops at once with a clear message, and the first keeps it.

const run = promisify(execFile);
const LOCK_MODULE = path.resolve("scripts/pglite-lock.mjs");

/** Another process holding the lock on `dir` until it is killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [
    "--input-type=module",
    "-e",
    `import { lockPgliteDir } from ${JSON.stringify(LOCK_MODULE)}; lockPgliteDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`,
  ]);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => (chunk.toString().includes("locked") ? resolve() : undefined));
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const stopped = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "pglite-lock-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("a directory held by a live process is refused with the reason and that process's PID", async () => {
  const child = await holder(dir);
  try {
    expect(() => lockPgliteDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockPgliteDir(dir)).toThrow(`in use by another process (PID ${child.pid})`);
  } finally {
    child.kill("SIGKILL");
    await stopped(child);
  }
});

test("a lock left by a process that died is taken over", async () => {
  const child = await holder(dir);
  child.kill("SIGKILL");
  await stopped(child);
  const release = lockPgliteDir(dir);
  expect((await readFile(path.join(dir, "app.lock"), "utf8")).trim()).toBe(String(process.pid));
  release();
});

test("locking again in the same process is a no-op, and release frees the directory", async () => {
  const release = lockPgliteDir(dir);
  expect(lockPgliteDir(dir)).toBe(release);
  release();
  await expect(readFile(path.join(dir, "app.lock"), "utf8")).rejects.toThrow();
});

test("an unreadable lock file is treated as stale", async () => {
  await writeFile(path.join(dir, "app.lock"), "not a pid");
  lockPgliteDir(dir)();
});

test("a second `npm start` stops in its migration step while the first server holds the database", async () => {
  const child = await holder(dir);
  try {
    const second = run(process.execPath, ["scripts/db-migrate.mjs"], { env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: dir } });
    await expect(second).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`is in use by another process (PID ${child.pid})`) });
  } finally {
    child.kill("SIGKILL");
    await stopped(child);
  }
}, 60_000);
