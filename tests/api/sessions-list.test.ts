/** @jest-environment node */
import { GET as listPublic } from "@/app/api/public/sessions/route";
import { GET as listAccount } from "@/app/api/sessions/route";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_CLERK, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { createTestDb, type TestDb } from "@/tests/helpers/test-db";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  const day = (n: number) => new Date(Date.UTC(2026, 10, n));
  await testDb.db.session.createMany({
    data: [
      { userId: "user_a", name: "Older", createdAt: day(1), lastActivityAt: day(2) },
      { userId: "user_a", name: "Newest activity", createdAt: day(3), lastActivityAt: day(9) },
      { userId: "user_a", name: "Tutorial", isExample: true },
      { userId: "user_b", name: "Someone else's" },
    ],
  });
});
afterAll(() => testDb.dispose());

describe("GET /api/sessions with Clerk configured", () => {
  setEnvForFile(clerkTestEnv());

  it("answers the caller's own sessions, newest activity first, without examples", async () => {
    const response = await listAccount(apiRequest("/api/sessions", { headers: bearer(await mintSessionToken("user_a")) }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-session-scope")).toBe("account");
    const { sessions } = await response.json();
    expect(sessions.map((session: { name: string }) => session.name)).toEqual(["Newest activity", "Older"]);
  });

  it("authenticates with the __session cookie too", async () => {
    const token = await mintSessionToken("user_b", { azp: "http://localhost:3000" });
    // A development instance also expects the dev-browser cookie a real browser carries.
    const cookie = `__session=${token}; __client_uat=${Math.floor(Date.now() / 1000) - 60}; __clerk_db_jwt=dvb_test`;
    const response = await listAccount(apiRequest("/api/sessions", { headers: { cookie } }), routeContext());
    expect(response.status).toBe(200);
    expect((await response.json()).sessions.map((session: { name: string }) => session.name)).toEqual(["Someone else's"]);
  });

  it("refuses identity headers without a token", async () => {
    const forged = { "x-user-id": "user_a", "x-user-email": "a@example.com", "x-user-name": "A" };
    const response = await listAccount(apiRequest("/api/sessions", { headers: forged }), routeContext());
    expect(response.status).toBe(401);
    expect(JSON.stringify(await response.json())).not.toContain("Older");
  });

  it("refuses an expired token and one signed by another key", async () => {
    const expired = await mintSessionToken("user_a", { expiresInSeconds: -120 });
    expect((await listAccount(apiRequest("/api/sessions", { headers: bearer(expired) }), routeContext())).status).toBe(401);

    const { generateKeyPairSync } = await import("node:crypto");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forgedToken = await mintSessionToken("user_a", { privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString() });
    expect((await listAccount(apiRequest("/api/sessions", { headers: bearer(forgedToken) }), routeContext())).status).toBe(401);
  });

  it("the public variant reads nothing, even for a signed-in caller", async () => {
    const response = await listPublic(apiRequest("/api/public/sessions", { headers: bearer(await mintSessionToken("user_a")) }), routeContext());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-session-scope")).toBe("public");
    expect(await response.json()).toEqual({ sessions: [] });
  });
});

describe("GET /api/sessions in guest-only mode", () => {
  setEnvForFile(NO_CLERK);

  it("accepts no token at all: the signed-in variant is 401, the public one answers", async () => {
    const token = await mintSessionToken("user_a");
    expect((await listAccount(apiRequest("/api/sessions", { headers: bearer(token) }), routeContext())).status).toBe(401);
    expect((await listPublic(apiRequest("/api/public/sessions"), routeContext())).status).toBe(200);
  });
});
