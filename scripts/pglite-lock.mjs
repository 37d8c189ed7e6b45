// One process at a time on an embedded PGlite data directory: PGlite is PostgreSQL in WebAssembly with no shared
// memory or postmaster between processes, so two processes writing the same files corrupt them. The owner's PID is
// written to `<dir>/app.lock` (created exclusively); a lock whose process is gone is stale and taken over.
// Plain JS: used by scripts/db-migrate.mjs (Node cannot run TypeScript) and by the server (lib/server/db.ts).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DatabaseInUseError extends Error {
  constructor(dir, pid) {
    super(
      `The embedded database in ${dir} is in use by another process (PID ${pid}). ` +
        "Stop that process first, or point PGLITE_DIR at another folder (or DATABASE_URL at a PostgreSQL server).",
    );
    this.name = "DatabaseInUseError";
    this.pid = pid;
  }
}

const held = new Map();

/** Takes the directory's lock for this process (again: a no-op) and returns its release; throws DatabaseInUseError. */
export function lockPgliteDir(dir) {
  const file = path.join(path.resolve(dir), "app.lock");
  if (held.has(file)) return held.get(file);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        held.delete(file);
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
      held.set(file, release);
      process.once("exit", release);
      return release;
    } catch (error) {
      if (error?.code !== "EEXIST") throw error;
      const owner = Number.parseInt(readText(file), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) throw new DatabaseInUseError(dir, owner);
      // Left behind by a process that died (or an unreadable file): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseInUseError(dir, "unknown");
}

function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === "EPERM";
  }
}
