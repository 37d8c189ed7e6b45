/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { NextRequest, type NextFetchEvent } from "next/server";

import { identityFromRequest, PAGE_VERIFICATION_LATE_HEADER, VERIFY_TIMEOUT_MS } from "@/lib/server/auth/identity";
import { ApiError, errorResponse } from "@/lib/server/http/errors";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken, TEST_CLERK_JWT_KEY } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer } from "@/tests/helpers/requests";

// Without CLERK_JWT_KEY a session token is checked against Clerk's JWKS, fetched over the network by Clerk's SDK with no
// time-out of its own: a Clerk that stalls must not hold a signed-in request without end.

// Clerk's SDK goes on fetching a JWKS it never got after the test that stalled it has ended: those later fetches find
// Clerk unavailable, rather than no handler, in the tests that follow.
const { server } = setUpApiTestContext({ handlers: [http.get("https://api.clerk.com/v1/jwks", () => new HttpResponse(null, { status: 503 }))] });
setEnvForFile({ ...clerkTestEnv(), CLERK_JWT_KEY: undefined });

/** Clerk's JWKS answering its first bytes, then nothing until the test ends. */
function stallJwks(testOver: AbortSignal, onCall: () => void) {
  server.use(
    http.get("https://api.clerk.com/v1/jwks", () => {
      onCall();
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"keys":['));
          testOver.addEventListener("abort", () => controller.error(new Error("test over")), { once: true });
        },
      });
      return new HttpResponse(stalled, { headers: { "content-type": "application/json" } });
    }),
  );
}

it("a JWKS answer that never ends is a 503 at the verification's deadline, not a wait without end nor 'signed out'", async () => {
  const testOver = new AbortController();
  let jwksCalls = 0;
  stallJwks(testOver.signal, () => (jwksCalls += 1));
  const request = apiRequest("/api/sessions", { headers: bearer(await mintSessionToken("user_clerk_stalled")) });
  const started = Date.now();
  try {
    const outcome = await identityFromRequest(request, { timeoutMs: 400 }).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(jwksCalls).toBeGreaterThan(0);
    expect(outcome).toBeInstanceOf(ApiError);
    const response = errorResponse(outcome);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({ error: "Your sign-in could not be checked right now. Please try again in a moment.", code: "unavailable" });
  } finally {
    testOver.abort();
  }
});

it("a signed-in page load goes on, signed out, at the verification's deadline when the JWKS answer never ends", async () => {
  const testOver = new AbortController();
  let jwksCalls = 0;
  stallJwks(testOver.signal, () => (jwksCalls += 1));
  // Loaded afresh, after this file's Clerk variables are set: the proxy, and @clerk/nextjs's own settings, read them on load.
  jest.resetModules();
  const { default: proxy } = await import("@/proxy");
  const origin = "http://localhost:3000";
  const token = await mintSessionToken("user_page_stalled", { azp: origin });
  // A browser signed in a while ago (__client_uat before the token), as browserSessionCookies has it: no handshake.
  const cookie = `__session=${token}; __client_uat=${Math.floor(Date.now() / 1000) - 120}; __clerk_db_jwt=dvb_stalled`;
  const request = new NextRequest(`${origin}/`, { headers: { cookie, accept: "text/html", "sec-fetch-dest": "document" } });
  const started = Date.now();
  try {
    const late = new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), VERIFY_TIMEOUT_MS + 5_000));
    const answer = await Promise.race([proxy(request, { waitUntil: () => undefined } as unknown as NextFetchEvent), late]);
    expect(answer).not.toBe("no answer");
    expect(Date.now() - started).toBeLessThan(VERIFY_TIMEOUT_MS + 2_000);
    expect(jwksCalls).toBeGreaterThan(0);
    const response = answer as Response;
    // Sent on to the page (which renders signed out), with its security headers.
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.get("content-security-policy")).toContain("nonce-");
    // The page is told, so that it renders signed out at once instead of waiting as long again for its own check.
    expect(response.headers.get(`x-middleware-request-${PAGE_VERIFICATION_LATE_HEADER}`)).toBe("1");
  } finally {
    testOver.abort();
  }
}, 30_000);

it("a page request never carries a 'verification late' mark of the client's own", async () => {
  jest.resetModules();
  const { default: proxy } = await import("@/proxy");
  // A signed-out browser of the development instance (its dev-browser cookie, no session): no handshake.
  const request = new NextRequest("http://localhost:3000/", {
    headers: { cookie: "__clerk_db_jwt=dvb_guest", accept: "text/html", "sec-fetch-dest": "document", [PAGE_VERIFICATION_LATE_HEADER]: "1" },
  });
  const response = (await proxy(request, { waitUntil: () => undefined } as unknown as NextFetchEvent)) as Response;
  // Sent on to the page (Clerk's middleware rewrites it to itself), its request headers as the proxy left them.
  expect(response.headers.get("x-middleware-request-accept")).toBe("text/html");
  expect(response.headers.get("x-middleware-override-headers")).not.toContain(PAGE_VERIFICATION_LATE_HEADER);
  expect(response.headers.get(`x-middleware-request-${PAGE_VERIFICATION_LATE_HEADER}`)).toBeNull();
});

it("a page whose verification the proxy gave up on renders signed out at once, without checking again", async () => {
  const token = await mintSessionToken("user_page_late");
  // Verified locally here (no JWKS to serve): what differs is only whether the page checks at all.
  const withoutKey = process.env.CLERK_JWT_KEY;
  process.env.CLERK_JWT_KEY = TEST_CLERK_JWT_KEY;
  const pageIdentityWith = async (extra: Record<string, string>) => {
    jest.resetModules();
    jest.doMock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", ...bearer(token), ...extra }) }));
    const { getPageIdentity } = await import("@/lib/server/auth/page-identity");
    return getPageIdentity();
  };
  try {
    expect(await pageIdentityWith({ [PAGE_VERIFICATION_LATE_HEADER]: "1" })).toBeNull();
    // The same request without the mark is checked, and signed in.
    expect(await pageIdentityWith({})).toMatchObject({ userId: "user_page_late" });
  } finally {
    if (withoutKey === undefined) delete process.env.CLERK_JWT_KEY;
    else process.env.CLERK_JWT_KEY = withoutKey;
    jest.dontMock("next/headers");
  }
});
