import { generateKeyPairSync } from "node:crypto";
import { expect, test, type APIResponse } from "@playwright/test";

import { fakeProviders, openAiError } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { ACCOUNT_URL, GUEST_URL } from "./support/urls";

// Identity at the HTTP edge (design rule 1): only a verified Clerk session token makes a request an account request. The proxy
// rewrites everyone else from /api/sessions to /api/public/sessions, and the handlers say which variant answered in the
// `x-session-scope` header.

const USER = "user_e2e_a";

async function expectSessions(response: APIResponse, scope: "public" | "account") {
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()["x-session-scope"]).toBe(scope);
  expect(await response.json()).toMatchObject({ sessions: [] });
}

const bearer = async (options?: Parameters<typeof mintSessionToken>[1]) => ({
  authorization: `Bearer ${await mintSessionToken(USER, options)}`,
});

test.describe("GET /api/sessions on the account server", () => {
  test("anonymous requests are served by the public variant", async ({ request }) => {
    await expectSessions(await request.get(`${ACCOUNT_URL}/api/sessions`), "public");
  });

  test("a valid bearer token gets the account variant", async ({ request }) => {
    await expectSessions(await request.get(`${ACCOUNT_URL}/api/sessions`, { headers: await bearer() }), "account");
  });

  test("identity headers without a token are not an identity", async ({ request }) => {
    const response = await request.get(`${ACCOUNT_URL}/api/sessions`, {
      headers: { "x-user-id": USER, "x-user-email": "a@example.com", "x-user-name": "Forged", "x-user-image": "https://example.com/a.png" },
    });
    await expectSessions(response, "public");
  });

  test("an external x-middleware-subrequest header cannot skip the proxy", async ({ request }) => {
    const skipProxy = { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" };
    // Signed in: still verified and served normally.
    await expectSessions(await request.get(`${ACCOUNT_URL}/api/sessions`, { headers: { ...(await bearer()), ...skipProxy } }), "account");
    // Anonymous: still rewritten to the public variant, so the proxy ran.
    await expectSessions(await request.get(`${ACCOUNT_URL}/api/sessions`, { headers: skipProxy }), "public");
  });

  test("an expired token is anonymous", async ({ request }) => {
    const response = await request.get(`${ACCOUNT_URL}/api/sessions`, { headers: await bearer({ expiresInSeconds: -120 }) });
    await expectSessions(response, "public");
  });

  test("a token signed by another key is anonymous", async ({ request }) => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = await bearer({ privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString() });
    await expectSessions(await request.get(`${ACCOUNT_URL}/api/sessions`, { headers: forged }), "public");
  });

  test("/api/public/sessions answers as public", async ({ request }) => {
    await expectSessions(await request.get(`${ACCOUNT_URL}/api/public/sessions`), "public");
  });
});

test.describe("GET /api/sessions on the guest-only server", () => {
  test("a bearer token is ignored without Clerk", async ({ request }) => {
    await expectSessions(await request.get(`${GUEST_URL}/api/sessions`, { headers: await bearer() }), "public");
  });

  test("anonymous requests are public", async ({ request }) => {
    await expectSessions(await request.get(`${GUEST_URL}/api/sessions`), "public");
  });
});

test.describe("paths that are not valid percent-encoding", () => {
  for (const path of [
    "/api/sessions/%FF",
    "/api/public/sessions/%FF",
    "/api/sessions/a%FFb/swipe",
    "/api/uploads/%E2%82",
    "/api/donations/orders/%C0%AF/capture",
  ]) {
    test(`${path} is a JSON 404, not a 500`, async ({ request }) => {
      for (const url of [ACCOUNT_URL, GUEST_URL]) {
        const response = await request.get(`${url}${path}`, { headers: await bearer() });
        expect(response.status(), path).toBe(404);
        expect(await response.json()).toEqual({ error: "Not found", code: "not_found" });
        expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
      }
    });
  }
});

test.describe("a client that goes away mid-transcription", () => {
  test("stops the provider call on the built server: no retry, no fallback", async () => {
    await fakeProviders.reset();
    // Each 503 comes 5 s after its request. Without the cancellation it is retried (the second call is logged about 10.5 s
    // after the first request), three tries in all, and then Gemini is asked. The fake logs a call when it answers.
    await fakeProviders.queue("openai.transcriptions", ...Array.from({ length: 3 }, () => ({ ...openAiError(503), delayMs: 5_000 })));
    const client = new AbortController();
    const sent = fetch(`${ACCOUNT_URL}/api/transcribe`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.41" },
      body: JSON.stringify({ audio: Buffer.from("not a real recording, only its bytes").toString("base64"), mimeType: "audio/webm" }),
      signal: client.signal,
    }).then(
      () => "answered",
      () => "gone",
    );
    // The client leaves while the first call waits for its answer.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    client.abort();
    expect(await sent).toBe("gone");

    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect((await fakeProviders.requests("openai.transcriptions")).length).toBeLessThanOrEqual(1);
    expect(await fakeProviders.requests("gemini.generate")).toHaveLength(0);
  });
});
