import { createHash, createHmac, hkdfSync } from "node:crypto";

import type { Env } from "@/lib/server/env";

import { guestIpHash } from "./guest-ip-hash";

// The hash a guest's address is kept under with its unfinished uploads (uploads.ts bounds them per address with it).

const env = (secrets: Partial<Pick<Env, "CLERK_SECRET_KEY" | "CRON_SECRET">>) => ({ CLERK_SECRET_KEY: undefined, CRON_SECRET: undefined, ...secrets }) as Env;
const ADDRESS = "203.0.113.10";

/** The module as a fresh process (another instance, or the server after a restart) loads it. */
function inAnotherProcess(): typeof guestIpHash {
  let loaded: typeof import("./guest-ip-hash") | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof import("./guest-ip-hash")>("./guest-ip-hash");
  });
  return loaded!.guestIpHash;
}

describe("guestIpHash", () => {
  it("is an HMAC-SHA-256 under a key derived from the configured secret, not the plain SHA-256 anyone can undo", () => {
    const key = Buffer.from(hkdfSync("sha256", "sk_test_secret", "", "retro-coach guest-ip-hash v1", 32));
    const hash = guestIpHash(ADDRESS, env({ CLERK_SECRET_KEY: "sk_test_secret" }));
    expect(hash).toBe(createHmac("sha256", key).update(ADDRESS).digest("hex"));
    expect(hash).not.toBe(createHash("sha256").update(ADDRESS).digest("hex"));
    // Nor an HMAC keyed with the secret itself: the derived key is of its own.
    expect(hash).not.toBe(createHmac("sha256", "sk_test_secret").update(ADDRESS).digest("hex"));
  });

  it("matches the same address in every process and after a restart, as long as the secret is the same", () => {
    for (const secrets of [{ CLERK_SECRET_KEY: "sk_test_secret" }, { CRON_SECRET: "cron-secret" }]) {
      const here = guestIpHash(ADDRESS, env(secrets));
      expect(inAnotherProcess()(ADDRESS, env(secrets))).toBe(here);
      expect(guestIpHash("203.0.113.11", env(secrets))).not.toBe(here);
    }
  });

  it("takes the Clerk secret first, then CRON_SECRET; another secret gives other hashes", () => {
    const clerk = guestIpHash(ADDRESS, env({ CLERK_SECRET_KEY: "sk_test_secret" }));
    expect(guestIpHash(ADDRESS, env({ CLERK_SECRET_KEY: "sk_test_secret", CRON_SECRET: "cron-secret" }))).toBe(clerk);
    expect(guestIpHash(ADDRESS, env({ CRON_SECRET: "cron-secret" }))).not.toBe(clerk);
    expect(guestIpHash(ADDRESS, env({ CLERK_SECRET_KEY: "sk_test_other" }))).not.toBe(clerk);
  });

  it("with no secret configured, keys with a random key of this process: stable here, unknown to the database", () => {
    const here = guestIpHash(ADDRESS, env({}));
    expect(here).toMatch(/^[0-9a-f]{64}$/);
    expect(guestIpHash(ADDRESS, env({}))).toBe(here);
    expect(here).not.toBe(createHash("sha256").update(ADDRESS).digest("hex"));
    expect(inAnotherProcess()(ADDRESS, env({}))).not.toBe(here);
  });
});
