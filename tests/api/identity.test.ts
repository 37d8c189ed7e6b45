/** @jest-environment node */
import { http, HttpResponse } from "msw";

import { identityFromRequest } from "@/lib/server/auth/identity";
import { ApiError, errorResponse } from "@/lib/server/http/errors";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer } from "@/tests/helpers/requests";

// Without CLERK_JWT_KEY a session token is checked against Clerk's JWKS, fetched over the network by Clerk's SDK with no
// time-out of its own: a Clerk that stalls must not hold a signed-in request without end.

const { server } = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), CLERK_JWT_KEY: undefined });

it("a JWKS answer that never ends is a 503 at the verification's deadline, not a wait without end nor 'signed out'", async () => {
  const testOver = new AbortController();
  let jwksCalls = 0;
  server.use(
    http.get("https://api.clerk.com/v1/jwks", () => {
      jwksCalls += 1;
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"keys":['));
          testOver.signal.addEventListener("abort", () => controller.error(new Error("test over")), { once: true });
        },
      });
      return new HttpResponse(stalled, { headers: { "content-type": "application/json" } });
    }),
  );
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
