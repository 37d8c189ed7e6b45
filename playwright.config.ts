import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

import {
  ACCOUNT_PORT,
  ACCOUNT_STORED_SESSIONS,
  E2E_DATA_SUFFIX,
  FAKE_PROVIDERS_PORT,
  FAKE_PROVIDERS_URL,
  GUEST_PORT,
  LIMITS_PORT,
} from "./tests/e2e/support/urls";
import { clerkTestEnv } from "./tests/helpers/clerk-test-auth";

// Browser tests against the built app (`next build` runs before this, see the test:e2e script): Debian's Chromium, a fake
// microphone playing tests/fixtures/two-voices.wav, a fake OpenAI/Gemini server on loopback, and three `next start`
// processes of the same build — one with Clerk (offline test instance) and AI keys, one in guest-only mode with no keys at
// all, and one guest-only with AI keys and a rate limit of one AI call per IP (tests/e2e/limits.spec.ts).

const ROOT = process.cwd();
const FAKE_MIC_WAV = path.resolve(ROOT, "tests/fixtures/two-voices.wav");
const CI = Boolean(process.env.CI);

// Debian's chromium-headless-shell where it is installed (.ci/run installs it): the same Blink as /usr/bin/chromium without
// the full browser around it, as Playwright's own Chromium runs headless. The same browser tests took a fifth less CPU.
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate)) ?? "/usr/bin/chromium";

// --disable-gpu-compositing, --mute-audio and --disable-extensions: a journey cost 10 % less CPU with them; no test listens.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-gpu-compositing",
  "--mute-audio",
  "--disable-extensions",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-audio-capture=${FAKE_MIC_WAV}`,
];

/** The app servers' output, one file per server, checked after the run. */
export const E2E_LOG_DIR = path.resolve(ROOT, `.data/e2e-logs${E2E_DATA_SUFFIX}`);

const COMMON_ENV = { NEXT_TELEMETRY_DISABLED: "1", CLERK_TELEMETRY_DISABLED: "1" };

/** Empty values, not absent ones: Next never lets a .env file fill a variable that is already set, even to "". */
const NO_CLERK = { NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "", CLERK_SECRET_KEY: "", CLERK_JWT_KEY: "" };
const NO_AI = { OPENAI_API_KEY: "", OPENAI_BASE_URL: "", GEMINI_API_KEY: "", GEMINI_BASE_URL: "" };
const FAKE_AI = {
  OPENAI_API_KEY: "sk-test-fake-providers",
  OPENAI_BASE_URL: `${FAKE_PROVIDERS_URL}/v1`,
  GEMINI_API_KEY: "gemini-test-fake-providers",
  GEMINI_BASE_URL: FAKE_PROVIDERS_URL,
};
/** The suites make many AI calls from one loopback address: the rate limits stay out of their way (limits.spec.ts tests them). */
const GENEROUS_LIMITS = {
  RATE_LIMIT_AI_PER_USER: "100000",
  RATE_LIMIT_COACH_PER_USER: "100000",
  RATE_LIMIT_AI_PER_IP: "100000",
  SESSIONS_PER_USER_PER_DAY: "100000",
};
const NO_PAYPAL = { NEXT_PUBLIC_PAYPAL_CLIENT_ID: "", PAYPAL_CLIENT_SECRET: "", PAYPAL_API_BASE: "" };

// One PostgreSQL schema per run (set once here; workers inherit it), so runs never see each other's data.
process.env.E2E_DB_SCHEMA ??= `e2e_${Date.now()}${E2E_DATA_SUFFIX.replace("-", "_")}`;

/**
 * A migrated PGlite directory that scripts/e2e.mjs prepares once for all its shards (E2E_PGLITE_TEMPLATE): each server
 * starts on a copy of it instead of migrating its own. Playwright starts the servers one after another, and migrating an
 * empty PGlite costs 5 to 6 s of CPU each, six times over while the shards start side by side.
 */
const PGLITE_TEMPLATE = process.env.E2E_PGLITE_TEMPLATE;

/**
 * PostgreSQL when TEST_DATABASE_URL is set (both servers share this run's schema), otherwise a fresh PGlite directory: a
 * copy of the migrated template when there is one, else an empty one the server's command migrates.
 */
function database(pgliteDir: string): { env: Record<string, string>; prepare: string } {
  const migrate = "node scripts/db-migrate.mjs && ";
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const withSchema = new URL(url);
    withSchema.searchParams.set("schema", process.env.E2E_DB_SCHEMA!);
    return { env: { DATABASE_URL: withSchema.toString(), PGLITE_DIR: "" }, prepare: migrate };
  }
  const fresh = `rm -rf '${pgliteDir}' && `;
  return {
    env: { DATABASE_URL: "", PGLITE_DIR: pgliteDir },
    prepare: PGLITE_TEMPLATE ? `${fresh}cp -a '${PGLITE_TEMPLATE}' '${pgliteDir}' && ` : `${fresh}${migrate}`,
  };
}

/** Prepare this server's database, then replace the shell with next-server so stopping the PID stops the server. */
function appServer(name: string, port: number, env: Record<string, string>, pgliteDir: string) {
  const db = database(pgliteDir);
  const logFile = path.join(E2E_LOG_DIR, `${name}.log`);
  return {
    name,
    // The server's output goes to a file the teardown reads for transcript canaries (tests/e2e/support/log-canary-teardown.ts).
    // Idle connections are kept 65 s, not Node's 5: a test's request context (Node's HTTP agent, which does not retry) sent a
    // request on a connection the server was closing after a test's 5 s without calls, and got "socket hang up". A browser
    // sends such a request again by itself.
    command: `mkdir -p '${E2E_LOG_DIR}' && rm -f '${logFile}' && ${db.prepare}exec ./node_modules/.bin/next start -p ${port} --keepAliveTimeout 65000 >> '${logFile}' 2>&1`,
    // Port only: an HTTP check of "/" would wait out the timeout while the home page is still a 404.
    port,
    env: { ...COMMON_ENV, ...db.env, ...env },
    reuseExistingServer: !CI,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

/**
 * The phones' viewports, touch and user agents, drawn at one device pixel per CSS pixel rather than their 2.6 and 3: layout,
 * and so every check of it, is the same, and Chromium's software rendering on this 2-core machine drew 7 to 9 times the
 * pixels for nothing (a journey cost 13 % less CPU at 1). A local run can ask for the phones' own with E2E_DEVICE_PIXELS=1.
 */
const ONE_PIXEL_PER_POINT = process.env.E2E_DEVICE_PIXELS === "1" ? {} : { deviceScaleFactor: 1 };

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/support/log-canary-teardown.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // CI runs two shards side by side on two cores (scripts/e2e.mjs): a journey that takes 20 s alone may take 40 there.
  timeout: CI ? 60_000 : 30_000,
  expect: { timeout: 5_000 },
  // Per port base, so the shards of scripts/e2e.mjs (or a second local run) never clear each other's results.
  outputDir: `test-results${E2E_DATA_SUFFIX}`,
  reporter: CI ? [["list"], ["html", { open: "never", outputFolder: `playwright-report${E2E_DATA_SUFFIX}` }]] : [["list"]],
  use: {
    locale: "en-US",
    timezoneId: "UTC",
    permissions: ["microphone"],
    // A service worker answers requests itself, and page.route() never sees those (Playwright's documented limit): the specs
    // that route app requests would stop testing what they mean to. tests/e2e/pwa.spec.ts allows them.
    serviceWorkers: "block",
    // A trace records DOM snapshots and a screencast all through the test: on this 2-core machine that was a third of the
    // browser tests' CPU. CI keeps one for a failure's retry (a test that fails twice leaves its trace); a local run, with
    // no retries, keeps the failing test's.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "pixel", use: { ...devices["Pixel 7"], ...ONE_PIXEL_PER_POINT, browserName: "chromium" } },
    // iPhone-sized viewport, touch and user agent, rendered by Chromium (no WebKit on this machine): the screens and main
    // journeys tagged @phone-sizes (tests/e2e/support/app.ts); everything else runs once, at the Pixel size.
    { name: "iphone", use: { ...devices["iPhone 14"], ...ONE_PIXEL_PER_POINT, browserName: "chromium" }, grep: /@phone-sizes/ },
  ],
  webServer: [
    {
      name: "fake-providers",
      command: `node tests/fake-providers/server.mjs --port ${FAKE_PROVIDERS_PORT}`,
      url: `${FAKE_PROVIDERS_URL}/__control/health`,
      reuseExistingServer: !CI,
      timeout: 10_000,
    },
    appServer(
      "account",
      ACCOUNT_PORT,
      {
        ...clerkTestEnv(),
        ...FAKE_AI,
        ...GENEROUS_LIMITS,
        // An account's bound of stored sessions, low enough for limits.spec.ts to reach.
        STORED_SESSIONS_PER_USER: String(ACCOUNT_STORED_SESSIONS),
        // Clerk's Backend API (deleting a user with "Delete my data and account") played by the fake server.
        CLERK_API_URL: FAKE_PROVIDERS_URL,
        // Donations: an 80-character client id (a real one's length) and PayPal's REST API played by the fake server.
        NEXT_PUBLIC_PAYPAL_CLIENT_ID: `AeTestClientId${"x".repeat(66)}`,
        PAYPAL_CLIENT_SECRET: "paypal-secret-fake-providers",
        PAYPAL_API_BASE: FAKE_PROVIDERS_URL,
      },
      `.data/e2e-account${E2E_DATA_SUFFIX}`,
    ),
    appServer("guest-only", GUEST_PORT, { ...NO_CLERK, ...NO_AI, ...NO_PAYPAL, ...GENEROUS_LIMITS }, `.data/e2e-guest${E2E_DATA_SUFFIX}`),
    // One AI call per guest IP and hour, so a test can reach the limit with a single call.
    appServer(
      "limits",
      LIMITS_PORT,
      { ...NO_CLERK, ...FAKE_AI, ...NO_PAYPAL, RATE_LIMIT_AI_PER_IP: "1", RATE_LIMIT_WINDOW_SECONDS: "3600" },
      `.data/e2e-limits${E2E_DATA_SUFFIX}`,
    ),
  ],
});
