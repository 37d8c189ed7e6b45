import type { APIResponse } from "@playwright/test";

import { TEST_CLERK_FRONTEND_API } from "../helpers/clerk-test-auth";
import { expect, test, visitSignedOut } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { APP_SERVERS, FAKE_PROVIDERS_URL, GUEST_SERVER, type AppServer } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// Security headers (proxy.ts, next.config.ts, lib/server/security/): a per-request nonce-based Content-Security-Policy on
// pages, a deny-all one on API routes, and the fixed headers everywhere. Every other browser test also fails on any CSP
// violation (tests/e2e/support/app.ts), so the whole app is exercised under the policy.

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function directives(policy: string | undefined): Record<string, string[]> {
  expect(policy, "Content-Security-Policy header").toBeTruthy();
  return Object.fromEntries(
    policy!.split(";").map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

function nonceOf(response: APIResponse): string {
  const scriptSrc = directives(response.headers()["content-security-policy"])["script-src"] ?? [];
  const nonce = scriptSrc.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean);
  expect(nonce, "nonce in script-src").toBeTruthy();
  return nonce!;
}

/** The nonce attribute of every <script> tag in the HTML (null for a tag without one). */
function scriptNonces(html: string): (string | null)[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => /\snonce="([^"]*)"/.exec(tag)?.[1] ?? null);
}

function expectFixedHeaders(response: APIResponse): void {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("microphone=(self)");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  // `next start` is a production server: it sends HSTS, which browsers ignore on this plain-http loopback origin.
  expect(headers["strict-transport-security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
}

/** Third-party sources a page of `server` may use: Clerk's Frontend API on the account server, and the realtime endpoint of
 * the (fake) OpenAI provider it is configured with; nothing on the guest-only server. */
function expectThirdParties(policy: Record<string, string[]>, server: AppServer): void {
  if (server.clerk) {
    expect(policy["script-src"]).toContain(`https://${TEST_CLERK_FRONTEND_API}`);
    expect(policy["connect-src"]).toEqual(expect.arrayContaining(["'self'", `https://${TEST_CLERK_FRONTEND_API}`, `${FAKE_PROVIDERS_URL}/v1/realtime/calls`]));
  } else {
    expect(policy["script-src"]!.filter((source) => !source.startsWith("'"))).toEqual([]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["frame-src"]).toEqual(["'self'"]);
  }
}

for (const server of APP_SERVERS) {
  test.describe(`security headers on the ${server.name} server`, () => {
    for (const path of ["/", "/privacy-policy"]) {
      test(`page ${path}: nonce-based policy and the fixed headers`, async ({ request }) => {
        const response = await request.get(`${server.url}${path}`, { maxRedirects: 0 });
        expect(response.status()).toBe(200);
        expectFixedHeaders(response);
        const policy = directives(response.headers()["content-security-policy"]);
        expect(policy["default-src"]).toEqual(["'self'"]);
        expect(policy["script-src"]).toEqual(expect.arrayContaining(["'self'", `'nonce-${nonceOf(response)}'`, "'strict-dynamic'"]));
        expect(policy["script-src"]).not.toContain("'unsafe-inline'");
        expect(policy["script-src"]).not.toContain("'unsafe-eval'");
        expect(policy["object-src"]).toEqual(["'none'"]);
        expect(policy["base-uri"]).toEqual(["'none'"]);
        expect(policy["frame-ancestors"]).toEqual(["'none'"]);
        expect(policy["media-src"]).toEqual(["'self'", "blob:"]);
        expectThirdParties(policy, server);
      });
    }

    test("a page whose path ends like a file's (the 404 page at /no-such-page.html) has the page policy too", async ({ request }) => {
      const response = await request.get(`${server.url}/no-such-page.html`, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expectFixedHeaders(response);
      expect(directives(response.headers()["content-security-policy"])["script-src"]).toContain(`'nonce-${nonceOf(response)}'`);
      if (server.clerk) {
        const signIn = await request.get(`${server.url}/sign-in/x.css`, { maxRedirects: 0 });
        expect(signIn.status()).toBe(200);
        expect(directives(signIn.headers()["content-security-policy"])["script-src"]).toContain(`'nonce-${nonceOf(signIn)}'`);
      }
    });

    test("API route: deny-all policy and the fixed headers on a JSON answer", async ({ request }) => {
      const response = await request.get(`${server.url}/api/sessions`, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/json");
      expectFixedHeaders(response);
      expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    test("a fresh nonce per response, on every script tag Next renders", async ({ request }) => {
      const first = await request.get(`${server.url}/`, { maxRedirects: 0 });
      const second = await request.get(`${server.url}/`, { maxRedirects: 0 });
      const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
      expect(firstNonce).not.toBe(secondNonce);
      expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

      for (const [response, nonce] of [
        [first, firstNonce],
        [second, secondNonce],
      ] as const) {
        const nonces = scriptNonces(await response.text());
        expect(nonces.length).toBeGreaterThan(0);
        expect(new Set(nonces)).toEqual(new Set([nonce]));
      }
    });

    test("static files carry the fixed headers", async ({ request }) => {
      const html = await (await request.get(`${server.url}/`, { maxRedirects: 0 })).text();
      const chunk = /<script\b[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
      expect(chunk, "a /_next/static script in the home page").toBeTruthy();
      const response = await request.get(`${server.url}${chunk}`);
      expect(response.status()).toBe(200);
      expectFixedHeaders(response);
    });
  });

  test.describe(`pages under the policy on the ${server.name} server`, () => {
    test.beforeEach(({ context }) => visitSignedOut(context, server));

    test("every script in the home page carries the response's nonce, and recording starts", async ({ page }) => {
      const response = await page.goto(`${server.url}/`);
      const headerNonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")?.[1];
      expect(headerNonce).toBeTruthy();
      // Browsers hide the nonce attribute from the DOM once parsed; the `nonce` property keeps it. The scripts the server
      // rendered carry this response's nonce; the chunks Next's runtime adds later have none and run through 'strict-dynamic'.
      const scripts = await page.evaluate(() => [...document.scripts].map((script) => ({ src: script.src, nonce: script.nonce })));
      expect(scripts.filter(({ nonce }) => nonce === headerNonce).length).toBeGreaterThan(0);
      const withoutNonce = scripts.filter(({ nonce }) => nonce !== headerNonce);
      for (const script of withoutNonce) expect(script).toEqual({ src: expect.stringMatching(`^${server.url}/_next/static/chunks/`), nonce: "" });
      if (server.clerk) {
        // A signed-out home carries no Clerk (lib/client/auth/clerk-on-demand.ts). The sign-in screen brings clerk-js from
        // the instance's Frontend API, rendered with its response's nonce and allowed by the policy. The test machine refuses
        // the request itself, after which Clerk's loader removes the tag, so the HTML is what is checked.
        const clerkScript = (html: string) =>
          new RegExp(`<script[^>]*src="https://${TEST_CLERK_FRONTEND_API.replace(/\./g, "\\.")}/[^"]*"[^>]*>`).exec(html)?.[0] ?? "";
        expect(clerkScript(await response!.text())).toBe("");
        const signIn = await page.request.get(`${server.url}/sign-in`, { headers: { "sec-fetch-dest": "document" }, maxRedirects: 0 });
        expect(signIn.status()).toBe(200);
        const signInNonce = /'nonce-([^']+)'/.exec(signIn.headers()["content-security-policy"] ?? "")?.[1];
        expect(signInNonce).toBeTruthy();
        expect(clerkScript(await signIn.text())).toContain(`nonce="${signInNonce}"`);
      }

      const recorder = new RecorderPage(page);
      await recorder.startRecording();
      await recorder.stopButton.click();
      await expect(recorder.stopButton).toBeHidden();
      // Any violation on the way (a blocked script, eval, request or media) fails this test in the noCspViolations fixture.
    });

    test("privacy policy and terms render without violations", async ({ page }) => {
      for (const path of ["/privacy-policy", "/terms-of-service"]) {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
    });
  });
}

// The policy does block, and the violation detector sees it: markup injected into a page cannot run script. A context of
// its own, since the automatic fixture would fail this test on the violation it expects.
test("injected markup cannot run script, and the violation is reported", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(event.effectiveDirective));
    });
    const page = await context.newPage();
    await page.goto(`${GUEST_SERVER.url}/privacy-policy`);
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img src="/csp-probe.png" onerror="window.__injected = true">'));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toContain("script-src-attr");
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  } finally {
    await context.close();
  }
});
