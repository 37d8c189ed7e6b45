import "server-only";

import { getClerkConfig, type Env } from "@/lib/server/env";

// The Content-Security-Policy, built per request by the proxy (proxy.ts) from the runtime configuration, so one build serves
// guest-only and Clerk mode alike. The other security headers are the same for every response: baseline-headers.ts.
//
// How the nonce flows: the proxy makes a fresh nonce and puts the policy on the *request* it forwards (Next reads the nonce
// from the request's Content-Security-Policy header while rendering and stamps it on its own <script> tags; the root
// layout reads x-nonce (page-nonce.ts) and hands it to ClerkProvider for Clerk's script) and on the *response* (what the browser enforces).
// Pages render per request (app/layout.tsx `dynamic = "force-dynamic"`), so every page's scripts carry that request's nonce.

export const NONCE_HEADER = "x-nonce";
export const CSP_HEADER = "Content-Security-Policy";

/** API routes answer JSON (or a file download), never a document that loads anything. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** The third parties the pages may reach, from the runtime configuration. */
export type CspSources = {
  /** Clerk's Frontend API (https://<host>, from the publishable key); null in guest-only mode. */
  clerkFrontendApi: string | null;
  /** PayPal's JavaScript SDK and its buttons, when a PayPal client id is configured. */
  paypal: boolean;
  /** Where the browser posts its WebRTC offer for a realtime voice session, when OpenAI is configured. */
  realtimeEndpoint: string | null;
  /** `next dev`: React's development build needs eval. */
  development: boolean;
};

export function cspSourcesFromEnv(env: Env): CspSources {
  const clerk = getClerkConfig(env);
  return {
    clerkFrontendApi: clerk ? clerkFrontendApiOrigin(clerk.publishableKey) : null,
    paypal: Boolean(env.NEXT_PUBLIC_PAYPAL_CLIENT_ID),
    realtimeEndpoint: env.OPENAI_API_KEY ? realtimeCallsEndpoint(env.OPENAI_BASE_URL) : null,
    development: env.NODE_ENV === "development",
  };
}

/**
 * `pk_test_…` / `pk_live_…` is base64 of "<frontend API host>$"; clerk-js and the UI load from that host and talk to it.
 * (The app uses neither Clerk's `proxyUrl` nor a satellite `domain`, which would move it.) Null for a key that does not
 * decode to a plain host name, so nothing odd ever reaches the header.
 */
export function clerkFrontendApiOrigin(publishableKey: string): string | null {
  const match = /^pk_(?:test|live)_([A-Za-z0-9+/]+={0,2})$/.exec(publishableKey);
  if (!match) return null;
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    return null;
  }
  if (!decoded.endsWith("$")) return null;
  const host = decoded.slice(0, -1).toLowerCase();
  return /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(host) ? `https://${host}` : null;
}

/**
 * OpenAI's realtime WebRTC endpoint as one exact CSP source (origin and path): `https://api.openai.com/v1/realtime/calls`,
 * or the same path under OPENAI_BASE_URL (the fake provider server in the browser tests).
 */
export function realtimeCallsEndpoint(baseUrl: string | undefined): string {
  const url = new URL(baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  const path = `${url.pathname.replace(/\/+$/, "")}/realtime/calls`;
  // ";" and "," end a directive or a policy; everything else URL() has already percent-encoded.
  return `${url.origin}${path.replace(/;/g, "%3B").replace(/,/g, "%2C")}`;
}

/** 128 random bits, base64: unguessable, and free of the characters HTML attributes would need escaped. */
export function generateNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const CLOUDFLARE_CHALLENGES = "https://challenges.cloudflare.com";
// PayPal's published CSP list for its JavaScript SDK (developer.paypal.com/sdk/js/best-practices), without Venmo's hosts:
// the buttons disable Venmo (components/donation/paypal-checkout.tsx). The SDK and its buttons come from *.paypal.com, its
// images and some assets from *.paypalobjects.com.
const PAYPAL = "https://*.paypal.com";
const PAYPAL_OBJECTS = "https://*.paypalobjects.com";
const CLERK_PROTECT = "https://*.protect.clerk.com";

/** The policy for a page rendered with `nonce`. */
export function pageContentSecurityPolicy(nonce: string, sources: CspSources): string {
  const clerk = sources.clerkFrontendApi;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Only scripts carrying this response's nonce run, and the scripts they load ('strict-dynamic': Next's chunks, clerk-js
    // and Clerk's UI, PayPal's SDK). Browsers without 'strict-dynamic' (CSP level 2) fall back to the hosts listed.
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(clerk ? [clerk, CLOUDFLARE_CHALLENGES, CLERK_PROTECT] : []),
      ...(sources.paypal ? [PAYPAL, PAYPAL_OBJECTS] : []),
      ...(sources.development ? ["'unsafe-eval'"] : []),
    ],
    // 'unsafe-inline' for styles, deliberately: React renders style attributes (progress widths), Radix's scroll lock and
    // Clerk's CSS-in-JS insert <style> elements without a nonce, and a nonce in this list would switch 'unsafe-inline' off.
    // Injected CSS cannot run script; the script and connect rules above and below still hold.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Local images; data: for inline SVG icons; Clerk's avatars; PayPal's button logos.
    "img-src": ["'self'", "data:", ...(clerk ? ["https://img.clerk.com"] : []), ...(sources.paypal ? [PAYPAL, PAYPAL_OBJECTS] : [])],
    "font-src": ["'self'"],
    // Where the page's own requests may go: the app's API, Clerk's Frontend API and bot protection, PayPal, and the one
    // realtime endpoint. Nothing else: a script that got in could not send data anywhere else.
    "connect-src": [
      "'self'",
      ...(clerk ? [clerk, `${CLERK_PROTECT}:*`] : []),
      ...(sources.paypal ? [PAYPAL, PAYPAL_OBJECTS] : []),
      ...(sources.realtimeEndpoint ? [sources.realtimeEndpoint] : []),
    ],
    // Recordings are played back from blob: URLs.
    "media-src": ["'self'", "blob:"],
    // clerk-js starts workers from blob: URLs.
    "worker-src": ["'self'", ...(clerk ? ["blob:"] : [])],
    // Cloudflare's challenge (Clerk's sign-up bot protection) and PayPal's buttons and checkout are iframes.
    "frame-src": ["'self'", ...(clerk ? [CLOUDFLARE_CHALLENGES, CLERK_PROTECT] : []), ...(sources.paypal ? [PAYPAL, PAYPAL_OBJECTS] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * For one request through the proxy: puts a page's policy and nonce on the request headers that are forwarded to Next
 * (replacing anything the client sent under those names) and returns the headers for the response.
 */
export function applyContentSecurityPolicy(pathname: string, requestHeaders: Headers, sources: CspSources, givenNonce?: string): [string, string][] {
  requestHeaders.delete(NONCE_HEADER);
  requestHeaders.delete(CSP_HEADER);
  requestHeaders.delete(`${CSP_HEADER}-Report-Only`);
  if (isApiPath(pathname)) return [[CSP_HEADER, API_CONTENT_SECURITY_POLICY]];

  const nonce = givenNonce ?? generateNonce();
  const policy = pageContentSecurityPolicy(nonce, sources);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set(CSP_HEADER, policy);
  return [[CSP_HEADER, policy]];
}
