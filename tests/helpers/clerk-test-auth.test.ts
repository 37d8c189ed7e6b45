/** @jest-environment node */
import { generateKeyPairSync } from "node:crypto";
import { verifyToken } from "@clerk/backend";

import { browserSessionCookies, clerkTestEnv, mintSessionToken, TEST_CLERK_ISSUER, TEST_CLERK_JWT_KEY, TEST_CLERK_PUBLISHABLE_KEY } from "./clerk-test-auth";

// The helpers are only useful if Clerk itself accepts what they mint: verify with @clerk/backend, the code clerkMiddleware runs.
// Its public verifyToken resolves to the claims or throws a TokenVerificationError with a `reason`.
const verify = (token: string) => verifyToken(token, { jwtKey: TEST_CLERK_JWT_KEY });

describe("clerk-test-auth", () => {
  it("builds a publishable key Clerk can decode to the issuer's host", () => {
    const encoded = TEST_CLERK_PUBLISHABLE_KEY.replace(/^pk_test_/, "");
    expect(Buffer.from(encoded, "base64").toString()).toBe(`${new URL(TEST_CLERK_ISSUER).host}$`);
    expect(clerkTestEnv()).toEqual({
      NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: TEST_CLERK_PUBLISHABLE_KEY,
      CLERK_SECRET_KEY: expect.stringMatching(/^sk_test_/),
      CLERK_JWT_KEY: expect.stringContaining("-----BEGIN PUBLIC KEY-----"),
    });
  });

  it("mints a session token Clerk's verifyToken accepts", async () => {
    const token = await mintSessionToken("user_jest_a");
    await expect(verify(token)).resolves.toMatchObject({
      sub: "user_jest_a",
      iss: TEST_CLERK_ISSUER,
      sid: expect.stringMatching(/^sess_/),
    });
  });

  it("passes Clerk's issuer and authorized-party checks", async () => {
    const token = await mintSessionToken("user_jest_a", { azp: "http://127.0.0.1:3100" });
    await expect(
      verifyToken(token, { jwtKey: TEST_CLERK_JWT_KEY, issuer: TEST_CLERK_ISSUER, authorizedParties: ["http://127.0.0.1:3100"] }),
    ).resolves.toMatchObject({ azp: "http://127.0.0.1:3100" });
    await expect(verifyToken(token, { jwtKey: TEST_CLERK_JWT_KEY, authorizedParties: ["https://evil.example"] })).rejects.toMatchObject({
      reason: "token-invalid-authorized-parties",
    });
  });

  it("gives an expired token Clerk rejects as expired", async () => {
    const token = await mintSessionToken("user_jest_a", { expiresInSeconds: -60 });
    await expect(verify(token)).rejects.toMatchObject({ reason: "token-expired" });
    // Still correctly signed: only the expiry makes it invalid.
    await expect(verifyToken(token, { jwtKey: TEST_CLERK_JWT_KEY, clockSkewInMs: 3_600_000 })).resolves.toMatchObject({
      sub: "user_jest_a",
    });
  });

  it("gives a token signed by another key that Clerk rejects", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const token = await mintSessionToken("user_jest_a", {
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    });
    await expect(verify(token)).rejects.toMatchObject({ reason: "token-invalid-signature" });
  });

  it("makes browser cookies Clerk reads as a signed-in development browser", async () => {
    const cookies = await browserSessionCookies("user_jest_b", "http://127.0.0.1:3100/some/page");
    const byName = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie]));
    expect(Object.keys(byName).sort()).toEqual(["__clerk_db_jwt", "__client_uat", "__session"]);
    for (const cookie of cookies) expect(cookie).toMatchObject({ domain: "127.0.0.1", path: "/" });

    const claims = await verify(byName.__session!.value);
    expect(claims).toMatchObject({ sub: "user_jest_b", azp: "http://127.0.0.1:3100" });

    // Clerk starts a network handshake when the token was issued before the client's last authentication.
    const clientUat = Number(byName.__client_uat!.value);
    expect(clientUat).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(clientUat).toBeLessThanOrEqual(claims.iat);
    expect(byName.__clerk_db_jwt!.value).not.toBe("");
  });
});
