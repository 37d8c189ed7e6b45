import "server-only";

import { z } from "zod";

import { DEFAULT_STATEMENT_TIMEOUT_MS } from "@/lib/server/db-pool";

// The only module that reads process.env. Every variable is optional: with none set the app runs on its embedded defaults
// (PGlite, guest-only mode, "AI provider not configured").
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

/** A whole number of at least `min` (1 unless told), `fallback` when unset. */
const positiveInt = (fallback: number, min = 1) =>
  optionalText.pipe(z.coerce.number<string | undefined>().int().min(min).max(1_000_000_000).optional()).transform((value) => value ?? fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalText,
  /**
   * The longest one statement on DATABASE_URL may run, in milliseconds (the server cancels it; the client gives up 5 s
   * later); 0 → no bound from the app, for a pooler that refuses the startup parameter. A bound in DATABASE_URL wins.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(DEFAULT_STATEMENT_TIMEOUT_MS, 0),
  /** Data directory of the embedded database; relative paths are resolved from the working directory. */
  PGLITE_DIR: optionalText.transform((value) => value ?? ".data/pglite"),
  NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: optionalText,
  CLERK_SECRET_KEY: optionalText,
  /** PEM public key of the Clerk instance: verifies session tokens with no network call. */
  CLERK_JWT_KEY: optionalText,
  /** Clerk's Backend API, as @clerk/nextjs reads it too; unset → Clerk's own (https://api.clerk.com). */
  CLERK_API_URL: optionalUrl,
  /**
   * The app's own origins, comma-separated ("https://coach.example"): a session token is accepted only when its `azp` (the
   * page that got it) is one of them, as Clerk advises against a token leaked from a sibling subdomain. Unset → not checked.
   */
  CLERK_AUTHORIZED_PARTIES: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((origin) => new URL(origin).origin)).min(1))
      .optional(),
  ),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl,
  GEMINI_API_KEY: optionalText,
  GEMINI_BASE_URL: optionalUrl,
  NEXT_PUBLIC_PAYPAL_CLIENT_ID: optionalText,
  /** PayPal REST app secret: the server creates and captures donation orders with it; unset → donations not configured. */
  PAYPAL_CLIENT_SECRET: optionalText,
  /** PayPal REST API base; unset → the sandbox (https://api-m.sandbox.paypal.com). Live: https://api-m.paypal.com. */
  PAYPAL_API_BASE: optionalUrl,
  FEEDBACK_EMAIL: optionalText.transform((value) => value ?? "feedback@retro-coach.app"),
  /** AI calls (transcribe, analyze, summary, follow-up regeneration, each counted apart) per signed-in user per window. */
  RATE_LIMIT_AI_PER_USER: positiveInt(100),
  /**
   * Live coach sessions a signed-in user may start per window: each may then run up to the voice provider's hour, so a
   * count made for single calls would let one account hold dozens of them at once.
   */
  RATE_LIMIT_COACH_PER_USER: positiveInt(12),
  /** The same per guest IP address (counted from the right of x-forwarded-for: see TRUSTED_PROXY_HOPS). */
  RATE_LIMIT_AI_PER_IP: positiveInt(100),
  /** Proxies in front of the app that append to x-forwarded-for; a guest's address is that many entries from its end. */
  TRUSTED_PROXY_HOPS: positiveInt(1),
  /** Length of the fixed rate-limit window, in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(3600),
  /** Failed recordings' audio the server keeps per user, in MB; past it a failure keeps its audio in the browser only. */
  RETAINED_AUDIO_MB_PER_USER: positiveInt(50),
  /** New sessions a signed-in user may create per UTC day through /api/transcribe and /api/analyze. */
  SESSIONS_PER_USER_PER_DAY: positiveInt(200),
  /**
   * Sessions one signed-in user's account may hold; an analysis, a save or a failed transcription kept for a retry that
   * would add one more is refused (422).
   */
  STORED_SESSIONS_PER_USER: positiveInt(10_000),
  /** Transcriptions one server instance runs at once; more get a 503 with Retry-After (each holds its audio in memory). */
  TRANSCRIPTIONS_IN_FLIGHT: positiveInt(4),
  /**
   * "off": no labelling call for the conversation signals (one model call per conversation fewer; the timing, pronoun and
   * floor signals are still counted, the label counts say they need the AI). Anything else, or unset: on.
   */
  SIGNAL_LABELLING: optionalText.transform((value) => (value?.toLowerCase() === "off" ? "off" : "on")),
  /**
   * Where the signals' labelling and counting run: "main" on the request's own thread; anything else, or unset, a worker
   * thread beside it (the default: its CPU then does not queue with the analysis's or other requests'). The Jest suites use "main",
   * where msw can answer the labelling call.
   */
  SIGNAL_LABELLING_THREAD: optionalText.transform((value) => (value?.toLowerCase() === "main" ? "main" : "worker")),
  /** Shared secret of the scheduled retention route (Authorization: Bearer …); unset → the route answers 503. */
  CRON_SECRET: optionalText,
  /**
   * S3-compatible object store for the pieces of recordings sent in parts (issue 14 §2). All of endpoint, bucket, access
   * key id and secret set → pieces go there (path-style URLs, AWS Signature V4); any unset → they stay in the database.
   */
  AUDIO_PIECES_S3_ENDPOINT: optionalUrl,
  AUDIO_PIECES_S3_BUCKET: optionalText,
  /** The store's region for signing; "auto" (R2) and "us-east-1" (MinIO's default) are common. Default us-east-1. */
  AUDIO_PIECES_S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
  AUDIO_PIECES_S3_ACCESS_KEY_ID: optionalText,
  AUDIO_PIECES_S3_SECRET_ACCESS_KEY: optionalText,
});

export type Env = z.infer<typeof envSchema>;

const ENV_KEYS = Object.keys(envSchema.shape);
let lastParsed: { fingerprint: string; env: Env } | null = null;

/**
 * A production server's environment is set before it starts and nothing here changes it: once parsed, it is kept without
 * comparing the values again (reading ~40 variables from process.env, each a call into the C++ environment, was a tenth of
 * an API call's own work under load). Tests and development change it between calls, and compare.
 */
const FIXED_FOR_THE_PROCESS = process.env.NODE_ENV === "production";

/**
 * The environment, parsed again only when one of its variables has changed (tests change process.env between cases; a
 * server reads it several times per request, and the schema's parse costs far more than comparing the values). An invalid
 * environment is never remembered: every call throws.
 */
export function getEnv(): Env {
  if (FIXED_FOR_THE_PROCESS && lastParsed) return lastParsed.env;
  // NUL cannot occur in an environment variable: it tells an unset variable from any value, and joins them unambiguously.
  const fingerprint = ENV_KEYS.map((key) => process.env[key] ?? "\0unset").join("\0");
  if (lastParsed?.fingerprint === fingerprint) return lastParsed.env;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid environment configuration: ${problems}`);
  }
  // Shared by every caller from now on: frozen, so none can change it for the others.
  const env = Object.freeze(parsed.data);
  lastParsed = { fingerprint, env };
  return env;
}

export type ClerkConfig = {
  publishableKey: string;
  secretKey: string;
  jwtKey: string | undefined;
  authorizedParties: string[] | undefined;
  /** Clerk's Backend API; undefined → Clerk's default. */
  apiUrl: string | undefined;
};

/** Clerk is on only when both keys are present; otherwise the app runs in guest-only mode. */
export function getClerkConfig(env: Env = getEnv()): ClerkConfig | null {
  if (!env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY || !env.CLERK_SECRET_KEY) return null;
  return {
    publishableKey: env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY,
    secretKey: env.CLERK_SECRET_KEY,
    // PEM keys often arrive through env files with escaped newlines.
    jwtKey: env.CLERK_JWT_KEY?.replace(/\\n/g, "\n"),
    authorizedParties: env.CLERK_AUTHORIZED_PARTIES,
    apiUrl: env.CLERK_API_URL,
  };
}
