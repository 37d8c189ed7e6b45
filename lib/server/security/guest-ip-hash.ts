import "server-only";

import { createHmac, hkdfSync, randomBytes } from "node:crypto";

import { getEnv, type Env } from "@/lib/server/env";

// A guest's address is kept only with its unfinished uploads (Upload.guestIpHash, at most UPLOAD_RETENTION_HOURS), as an
// HMAC-SHA-256 under a key that is not in the database: a plain SHA-256 of an IPv4 address is undone by hashing all 2^32
// of them, minutes of work for anyone holding a copy of the table.
//
// The hash is for one thing: finding the same address's other open uploads (MAX_OPEN_UPLOADS, uploads.ts) while they last,
// from whichever process serves the next request. So the key is the same in every process and across restarts: it is
// derived (HKDF, under a label of its own, so it reveals nothing of its source) from a secret the operator has already
// configured, CLERK_SECRET_KEY or else CRON_SECRET. Changing that secret only lets an address start MAX_OPEN_UPLOADS more
// uploads once, while the earlier ones expire.
//
// With neither set (the embedded default, guest-only): a random key made once per process and held in memory only. A key
// stored in the database would sit beside the hashes it protects, one copy of the database away from undoing them. The
// embedded database is served by one process (scripts/pglite-lock.mjs), which sees every upload; a restart forgets the key,
// with the same small cost as a changed secret. Several instances on one DATABASE_URL without either secret would each
// count an address apart: the README asks such a deployment to set CRON_SECRET.

const LABEL = "retro-coach guest-ip-hash v1";

let perProcessKey: Buffer | undefined;
let derived: { secret: string; key: Buffer } | undefined;

function hashKey(env: Env): Buffer {
  const secret = env.CLERK_SECRET_KEY ?? env.CRON_SECRET;
  if (!secret) return (perProcessKey ??= randomBytes(32));
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", LABEL, 32)) };
  return derived.key;
}

/** The keyed hash (hex) under which a guest's address is kept and looked up. */
export function guestIpHash(ip: string, env: Env = getEnv()): string {
  return createHmac("sha256", hashKey(env)).update(ip).digest("hex");
}
