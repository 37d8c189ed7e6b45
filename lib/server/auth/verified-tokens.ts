import "server-only";

import { createHash } from "node:crypto";

// A session token is verified once per server process, not on every request that carries it: the proxy and the route both
// need the caller, and a page of the app sends several calls with one token. Verifying (a digest, an RSA key import and
// an RSA signature check in Clerk's WebCrypto path) was the largest single cost of a signed-in API call under load.
//
// What is kept is the outcome for the exact headers Clerk read (the digest of Authorization, Cookie and the headers its
// request classification looks at), and only a signed-in outcome, only until the token's own expiry. So a different,
// changed, forged or expired token is always verified afresh, and an entry never outlives what Clerk would accept. Clerk
// also signs a caller in from a handshake (in the URL or a cookie), whose token the headers do not hold: identity.ts keeps
// an outcome only for a token the request presents itself, and consults nothing when the URL has Clerk's parameters.

/** Headers whose exact values decide Clerk's answer for a request. */
const DECIDING_HEADERS = ["authorization", "cookie", "origin", "referer", "sec-fetch-dest", "host", "x-forwarded-host", "x-forwarded-proto"] as const;

export type VerifiedTokenCache<Value> = {
  /** The kept outcome for these headers, while its token is still valid at `nowMs`. */
  get(key: string, nowMs?: number): Value | undefined;
  /** Keeps a signed-in outcome until `expiresAtMs`; the oldest entry goes when the cache is full. */
  set(key: string, value: Value, expiresAtMs: number, nowMs?: number): void;
  readonly size: number;
};

/**
 * The cache key of a request under one verification setup (`setup`: the instance and key the token is checked against): a
 * digest, so a full cache holds bounded, fixed-size keys and no token text.
 */
export function verificationKey(setup: string, headers: Headers): string {
  const hash = createHash("sha256").update(`${setup}\u0000`);
  for (const name of DECIDING_HEADERS) hash.update(`${name}\u0000${headers.get(name) ?? ""}\u0000`);
  return hash.digest("base64url");
}

/** Whether `token` is the request's own: its Authorization bearer token, or the value of one of its cookies. */
export function tokenIsPresentedIn(headers: Headers, token: string): boolean {
  if (!token) return false;
  if (headers.get("authorization") === `Bearer ${token}`) return true;
  return (headers.get("cookie") ?? "").split(";").some((pair) => pair.slice(pair.indexOf("=") + 1).trim() === token);
}

/** Whether the URL carries one of Clerk's own query parameters (`__clerk_handshake`, `__clerk_db_jwt`…), which Clerk reads too. */
export function hasClerkQueryParameter(url: string): boolean {
  const query = url.indexOf("?");
  if (query === -1) return false;
  for (const name of new URLSearchParams(url.slice(query + 1)).keys()) if (name.toLowerCase().startsWith("__clerk")) return true;
  return false;
}

export function createVerifiedTokenCache<Value>(maxEntries: number): VerifiedTokenCache<Value> {
  const entries = new Map<string, { value: Value; expiresAtMs: number }>();
  return {
    get(key, nowMs = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAtMs <= nowMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, expiresAtMs, nowMs = Date.now()) {
      if (!(expiresAtMs > nowMs)) return;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        // Expired entries go first; then the oldest (Map keeps insertion order).
        for (const [oldKey, entry] of entries) if (entry.expiresAtMs <= nowMs) entries.delete(oldKey);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      }
      entries.set(key, { value, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
}
