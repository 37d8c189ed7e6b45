import type { Env } from "@/lib/server/env";

import {
  API_CONTENT_SECURITY_POLICY,
  applyContentSecurityPolicy,
  clerkFrontendApiOrigin,
  cspSourcesFromEnv,
  generateNonce,
  pageContentSecurityPolicy,
  realtimeCallsEndpoint,
  type CspSources,
} from "./headers";

const pk = (host: string, kind = "test") => `pk_${kind}_${Buffer.from(`${host}$`).toString("base64")}`;

const GUEST: CspSources = { clerkFrontendApi: null, paypal: false, realtimeEndpoint: null, development: false };
const EVERYTHING: CspSources = {
  clerkFrontendApi: "https://coach.clerk.accounts.dev",
  paypal: true,
  realtimeEndpoint: "https://api.openai.com/v1/realtime/calls",
  development: false,
};

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name, ...values] = directive.split(" ");
      return [name!, values];
    }),
  );
}

function env(overrides: Partial<Env>): Env {
  return { NODE_ENV: "production", PGLITE_DIR: ".data/pglite", FEEDBACK_EMAIL: "f@example.com", ...overrides } as Env;
}

describe("clerkFrontendApiOrigin", () => {
  it.each([
    [pk("coach-test.clerk.accounts.dev"), "https://coach-test.clerk.accounts.dev"],
    [pk("clerk.retro-coach.app", "live"), "https://clerk.retro-coach.app"],
    [pk("Clerk.Example.COM"), "https://clerk.example.com"],
    ["pk_test_", null],
    ["sk_test_abc", null],
    [`pk_test_${Buffer.from("no-dollar.example.com").toString("base64")}`, null],
    [pk("evil.example.com; script-src *"), null],
    [pk("localhost"), null],
    ["pk_test_%%%", null],
  ])("%s → %s", (key, expected) => {
    expect(clerkFrontendApiOrigin(key)).toBe(expected);
  });
});

describe("realtimeCallsEndpoint", () => {
  it.each([
    [undefined, "https://api.openai.com/v1/realtime/calls"],
    ["https://api.openai.com/v1", "https://api.openai.com/v1/realtime/calls"],
    ["https://api.openai.com/v1/", "https://api.openai.com/v1/realtime/calls"],
    ["http://127.0.0.1:3199/v1", "http://127.0.0.1:3199/v1/realtime/calls"],
    ["https://gateway.example.com/openai;x,y/v1", "https://gateway.example.com/openai%3Bx%2Cy/v1/realtime/calls"],
  ])("%s → %s", (base, expected) => {
    expect(realtimeCallsEndpoint(base)).toBe(expected);
  });
});

describe("cspSourcesFromEnv", () => {
  it("guest-only with nothing configured", () => {
    expect(cspSourcesFromEnv(env({}))).toEqual(GUEST);
  });

  it("Clerk needs both keys; the frontend API comes from the publishable key", () => {
    const publishable = pk("coach-test.clerk.accounts.dev");
    expect(cspSourcesFromEnv(env({ NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: publishable })).clerkFrontendApi).toBeNull();
    expect(cspSourcesFromEnv(env({ NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: publishable, CLERK_SECRET_KEY: "sk_test_x" })).clerkFrontendApi).toBe(
      "https://coach-test.clerk.accounts.dev",
    );
  });

  it("PayPal with a client id, the realtime endpoint with an OpenAI key (under its base URL), eval only in development", () => {
    const sources = cspSourcesFromEnv(
      env({ NEXT_PUBLIC_PAYPAL_CLIENT_ID: "client", OPENAI_API_KEY: "sk", OPENAI_BASE_URL: "http://127.0.0.1:3199/v1", NODE_ENV: "development" }),
    );
    expect(sources).toEqual({ clerkFrontendApi: null, paypal: true, realtimeEndpoint: "http://127.0.0.1:3199/v1/realtime/calls", development: true });
    expect(cspSourcesFromEnv(env({ OPENAI_BASE_URL: "http://127.0.0.1:3199/v1" })).realtimeEndpoint).toBeNull();
  });
});

describe("pageContentSecurityPolicy", () => {
  it("guest-only: nonce-based scripts, no third party anywhere", () => {
    expect(parse(pageContentSecurityPolicy("abc123==", GUEST))).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'", "'nonce-abc123=='", "'strict-dynamic'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'"],
      "media-src": ["'self'", "blob:"],
      "worker-src": ["'self'"],
      "frame-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
  });

  it("everything configured: exactly Clerk, PayPal and the realtime endpoint are added", () => {
    const policy = parse(pageContentSecurityPolicy("n", EVERYTHING));
    expect(policy["script-src"]).toEqual([
      "'self'",
      "'nonce-n'",
      "'strict-dynamic'",
      "https://coach.clerk.accounts.dev",
      "https://challenges.cloudflare.com",
      "https://*.protect.clerk.com",
      "https://*.paypal.com",
      "https://*.paypalobjects.com",
    ]);
    expect(policy["connect-src"]).toEqual([
      "'self'",
      "https://coach.clerk.accounts.dev",
      "https://*.protect.clerk.com:*",
      "https://*.paypal.com",
      "https://*.paypalobjects.com",
      "https://api.openai.com/v1/realtime/calls",
    ]);
    expect(policy["frame-src"]).toEqual([
      "'self'",
      "https://challenges.cloudflare.com",
      "https://*.protect.clerk.com",
      "https://*.paypal.com",
      "https://*.paypalobjects.com",
    ]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "https://img.clerk.com", "https://*.paypal.com", "https://*.paypalobjects.com"]);
    expect(policy["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("never allows inline scripts, eval (except under next dev), whole schemes or any host", () => {
    const tooBroad = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "https:", "http:", "data:", "blob:"];
    for (const sources of [GUEST, EVERYTHING]) {
      const policy = parse(pageContentSecurityPolicy("n", sources));
      for (const directive of ["script-src", "connect-src", "frame-src", "default-src"]) {
        expect(policy[directive]!.filter((source) => tooBroad.includes(source))).toEqual([]);
      }
    }
    expect(parse(pageContentSecurityPolicy("n", { ...GUEST, development: true }))["script-src"]).toContain("'unsafe-eval'");
  });
});

describe("generateNonce", () => {
  it("is 128 random bits in base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 200 }, generateNonce));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("applyContentSecurityPolicy", () => {
  it("a page: the policy with the nonce goes on the forwarded request and the response; the client's own values are dropped", () => {
    const headers = new Headers({
      "x-nonce": "forged",
      "content-security-policy": "script-src *",
      "content-security-policy-report-only": "x",
      accept: "text/html",
    });
    const response = applyContentSecurityPolicy("/privacy-policy", headers, GUEST, "N0nce==");
    const policy = pageContentSecurityPolicy("N0nce==", GUEST);
    expect(response).toEqual([["Content-Security-Policy", policy]]);
    expect(headers.get("x-nonce")).toBe("N0nce==");
    expect(headers.get("content-security-policy")).toBe(policy);
    expect(headers.has("content-security-policy-report-only")).toBe(false);
    expect(headers.get("accept")).toBe("text/html");
  });

  it("a fresh nonce per call when none is given", () => {
    const first = applyContentSecurityPolicy("/", new Headers(), GUEST)[0]![1];
    const second = applyContentSecurityPolicy("/", new Headers(), GUEST)[0]![1];
    expect(first).not.toBe(second);
  });

  it.each(["/api/sessions", "/api/public/sessions/abc", "/api"])("an API route (%s): deny-all policy, nothing on the request", (path) => {
    const headers = new Headers({ "x-nonce": "forged" });
    expect(applyContentSecurityPolicy(path, headers, EVERYTHING)).toEqual([["Content-Security-Policy", API_CONTENT_SECURITY_POLICY]]);
    expect(headers.has("x-nonce")).toBe(false);
    expect(headers.has("content-security-policy")).toBe(false);
  });

  it("/apiary is a page, not an API route", () => {
    const headers = new Headers();
    applyContentSecurityPolicy("/apiary", headers, GUEST, "n");
    expect(headers.get("x-nonce")).toBe("n");
  });
});
