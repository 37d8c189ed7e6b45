// Where the browser tests find their servers (playwright.config.ts starts all three from one `next build`).
// Loopback IPs, not "localhost": Node 20 may resolve localhost to ::1 first. (The servers listen on every interface: with
// `-H 127.0.0.1` Next cannot reach itself for proxy rewrites, which it sends to localhost.)

export const E2E_HOST = "127.0.0.1";

/** Clerk on (offline test instance), AI providers pointed at the fake provider server. */
// E2E_PORT_BASE moves all three (and the data directories, see playwright.config.ts) so two runs can share the machine.
const PORT_BASE = Number(process.env.E2E_PORT_BASE || 3100);

export const ACCOUNT_PORT = PORT_BASE;
/** No Clerk keys and no AI keys: guest-only mode with "AI provider not configured". */
export const GUEST_PORT = PORT_BASE + 1;
/** Guest-only with AI keys and a rate limit of one AI call per IP: tests/e2e/limits.spec.ts hits it on purpose. */
export const LIMITS_PORT = PORT_BASE + 2;
/** tests/fake-providers/server.mjs */
export const FAKE_PROVIDERS_PORT = PORT_BASE + 99;

export const ACCOUNT_URL = `http://${E2E_HOST}:${ACCOUNT_PORT}`;
export const GUEST_URL = `http://${E2E_HOST}:${GUEST_PORT}`;
export const FAKE_PROVIDERS_URL = `http://${E2E_HOST}:${FAKE_PROVIDERS_PORT}`;
export const LIMITS_URL = `http://${E2E_HOST}:${LIMITS_PORT}`;

export type AppServer = { name: "account" | "guest-only"; url: string; clerk: boolean };

/**
 * The sessions one account may keep on the account server (STORED_SESSIONS_PER_USER): low enough for limits.spec.ts to fill,
 * above what any other test keeps for one user.
 */
export const ACCOUNT_STORED_SESSIONS = 30;

export const ACCOUNT_SERVER: AppServer = { name: "account", url: ACCOUNT_URL, clerk: true };
export const GUEST_SERVER: AppServer = { name: "guest-only", url: GUEST_URL, clerk: false };
export const APP_SERVERS: readonly AppServer[] = [ACCOUNT_SERVER, GUEST_SERVER];

/** "" for the default ports, "-<base>" otherwise: keeps a second run's databases and logs apart from the first's. */
export const E2E_DATA_SUFFIX = process.env.E2E_PORT_BASE ? `-${PORT_BASE}` : "";
