import { createPrivateKey, randomBytes, sign } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// Clerk in tests, with no network: a development instance whose "frontend API" host exists only in these constants, and an
// RSA-2048 keypair committed under tests/fixtures/clerk-test-keys. The app under test gets the public key as CLERK_JWT_KEY and
// verifies tokens minted here exactly as it verifies real Clerk session tokens (@clerk/backend verifyToken with jwtKey).
// Importable from Jest (CommonJS after SWC) and Playwright (ESM): no __dirname, no import.meta.

/** Host decoded from the publishable key; tokens carry `iss: https://<host>` so Clerk accepts them as this instance's. */
export const TEST_CLERK_FRONTEND_API = "coach-test.clerk.accounts.dev";
export const TEST_CLERK_ISSUER = `https://${TEST_CLERK_FRONTEND_API}`;
export const TEST_CLERK_PUBLISHABLE_KEY = `pk_test_${Buffer.from(`${TEST_CLERK_FRONTEND_API}$`).toString("base64")}`;
/** Any sk_test_ value: with jwtKey set Clerk never sends it anywhere during token verification. */
export const TEST_CLERK_SECRET_KEY = "sk_test_offline000000000000000000000000000000000";

const KEY_DIR = path.join("tests", "fixtures", "clerk-test-keys");

/** Walks up from the working directory to the repository holding the test keys (Jest and Playwright both run from the root). */
function findKeyDir(): string {
  let dir = process.cwd();
  for (;;) {
    const candidate = path.join(dir, KEY_DIR);
    if (existsSync(path.join(candidate, "public.pem"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`clerk-test-auth: ${KEY_DIR} not found above ${process.cwd()}`);
    dir = parent;
  }
}

const keyDir = findKeyDir();
const readKey = (name: string) => readFileSync(path.join(keyDir, name), "utf8");

/** SPKI PEM of the test instance (what a real deployment puts in CLERK_JWT_KEY). */
export const TEST_CLERK_JWT_KEY = readKey("public.pem");
/** PKCS#8 PEM matching TEST_CLERK_JWT_KEY. Tests only. */
export const TEST_CLERK_PRIVATE_KEY = readKey("private.pem");

export type ClerkTestEnv = {
  NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: string;
  CLERK_SECRET_KEY: string;
  CLERK_JWT_KEY: string;
};

/** The three variables that switch the app into Clerk mode with networkless verification. */
export function clerkTestEnv(): ClerkTestEnv {
  return {
    NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: TEST_CLERK_PUBLISHABLE_KEY,
    CLERK_SECRET_KEY: TEST_CLERK_SECRET_KEY,
    CLERK_JWT_KEY: TEST_CLERK_JWT_KEY,
  };
}

export type MintOptions = {
  /** Lifetime from now; negative gives an already expired token. Default 600 s. */
  expiresInSeconds?: number;
  /** PKCS#8 PEM to sign with; default the test instance's key. Another key gives a token Clerk must reject. */
  privateKey?: string;
  /** Authorized party (the page origin). Clerk checks it only when `authorizedParties` is configured; it warns when a
   * cookie token lacks it, so browser cookies always carry it. */
  azp?: string;
  /** Session id; default a fresh `sess_…`. */
  sessionId?: string;
};

// Signed with node:crypto rather than a JWT library: Jest runs with --experimental-vm-modules (PGlite needs it), under
// which ESM-only packages cannot be required from the transformed test files.
const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function signRs256(header: Record<string, unknown>, payload: Record<string, unknown>, privateKeyPem: string): string {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = sign("RSA-SHA256", Buffer.from(signingInput), createPrivateKey(privateKeyPem));
  return `${signingInput}.${base64url(signature)}`;
}

/** An RS256 Clerk session token (v2 claims) for `userId`, as Clerk's frontend API would issue it. */
export async function mintSessionToken(userId: string, options: MintOptions = {}): Promise<string> {
  const { expiresInSeconds = 600, privateKey = TEST_CLERK_PRIVATE_KEY, azp, sessionId } = options;
  const now = Math.floor(Date.now() / 1000);
  const exp = now + expiresInSeconds;
  // An expired token must look like one issued in the past (iat <= nbf < exp), not one that was never valid.
  const iat = Math.min(now, exp - 60);
  const claims: Record<string, unknown> = {
    sid: sessionId ?? `sess_${randomBytes(12).toString("hex")}`,
    v: 2,
    sts: "active",
    fva: [0, -1],
  };
  if (azp) claims.azp = azp;
  const payload = { ...claims, sub: userId, iss: TEST_CLERK_ISSUER, iat, nbf: iat - 10, exp };
  return signRs256({ alg: "RS256", typ: "JWT", kid: "ins_test_offline" }, payload, privateKey);
}

/**
 * A handshake token, as Clerk's frontend API answers a page's session refresh with it (`?__clerk_handshake=…`): signed by
 * the instance, it carries the cookies to set, here the session token given.
 */
export function mintHandshakeToken(sessionToken: string): string {
  const cookies = [`__session=${sessionToken}; Path=/`, `__client_uat=${Math.floor(Date.now() / 1000)}; Path=/`];
  return signRs256({ alg: "RS256", typ: "JWT", kid: "ins_test_offline" }, { handshake: cookies }, TEST_CLERK_PRIVATE_KEY);
}

/** Shape of Playwright's `context.addCookies()` entries (kept local so Jest need not load @playwright/test). */
export type TestCookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
};

/**
 * Cookie of a signed-out browser that has met this development instance before: `__clerk_db_jwt`, the dev-browser token.
 * Without it clerkMiddleware answers every page navigation with a handshake redirect to the instance's frontend API
 * (unreachable offline); API calls are not affected.
 */
export function devBrowserCookies(url: string): TestCookie[] {
  const { hostname } = new URL(url);
  return [{ name: "__clerk_db_jwt", value: `dvb_${randomBytes(16).toString("hex")}`, domain: hostname, path: "/", sameSite: "Lax", secure: false }];
}

/**
 * Cookies of a signed-in browser on `url`'s host: `__session` (the token), `__client_uat` (when the client last
 * authenticated; must not be later than the token's iat or Clerk starts a handshake with its servers) and
 * `__clerk_db_jwt` (see devBrowserCookies).
 */
export async function browserSessionCookies(userId: string, url: string, options: Omit<MintOptions, "azp"> = {}): Promise<TestCookie[]> {
  const { origin, hostname } = new URL(url);
  const token = await mintSessionToken(userId, { expiresInSeconds: 3600, ...options, azp: origin });
  const clientUat = Math.floor(Date.now() / 1000) - 120;
  const common = { domain: hostname, path: "/", sameSite: "Lax" as const, secure: false };
  return [{ ...common, name: "__session", value: token }, { ...common, name: "__client_uat", value: String(clientUat) }, ...devBrowserCookies(url)];
}
