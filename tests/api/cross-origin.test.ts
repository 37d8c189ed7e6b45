/** @jest-environment node */
import { POST as analyze } from "@/app/api/analyze/route";
import { DELETE as deleteSession } from "@/app/api/sessions/[id]/route";
import { POST as migrate } from "@/app/api/sessions/migrate/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, routeContext } from "@/tests/helpers/requests";

// Another site's page makes the browser send the user's cookies with a request that changes their data: a <form> posting
// a text/plain body that happens to be JSON, which needs no preflight. The browser says where it came from; the API
// refuses it before reading anything, whatever the route.

const context = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

/** The cookies a signed-in browser sends on its own (SameSite=None, or a sibling subdomain for SameSite=Lax). */
async function sessionCookie(userId: string) {
  const token = await mintSessionToken(userId, { azp: "http://localhost:3000" });
  return `__session=${token}; __client_uat=${Math.floor(Date.now() / 1000) - 60}; __clerk_db_jwt=dvb_test`;
}

const planted = { sessions: [{ id: "local-planted", name: "Planted", transcript: "Speaker 1: Not something we said." }] };

function formPost(cookie: string, headers: Record<string, string>) {
  return apiRequest("/api/sessions/migrate?skipRegeneration=true", {
    method: "POST",
    body: JSON.stringify(planted),
    headers: { cookie, "content-type": "text/plain", ...headers },
  });
}

it.each([
  ["another site (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
  ["a sibling subdomain (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site", origin: "https://blog.localhost:3000" }],
  ["another origin, from a browser without Sec-Fetch-Site", { origin: "https://evil.example" }],
  ["a sandboxed page (Origin: null)", { origin: "null" }],
])("a migration posted from %s is a 403 and stores nothing", async (_, headers) => {
  const response = await migrate(formPost(await sessionCookie("user_csrf_1"), headers), routeContext());
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: "forbidden" });
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await context.db.session.count({ where: { userId: "user_csrf_1" } })).toBe(0);
});

it("the app's own page posts as before (same-origin, or an Origin matching the host)", async () => {
  const cookie = await sessionCookie("user_csrf_2");
  const sameOrigin = await migrate(formPost(cookie, { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }), routeContext());
  expect(sameOrigin.status).toBe(200);
  const olderBrowser = await migrate(formPost(cookie, { origin: "http://localhost:3000", host: "localhost:3000" }), routeContext());
  expect(olderBrowser.status).toBe(200);
  expect(await context.db.session.count({ where: { userId: "user_csrf_2" } })).toBe(1);
});

it("another site cannot delete a session with the user's cookie; the owner's own page can", async () => {
  const cookie = await sessionCookie("user_csrf_3");
  const { id } = await context.db.session.create({ data: { userId: "user_csrf_3", name: "Ours" } });
  const remove = (headers: Record<string, string>) =>
    deleteSession(apiRequest(`/api/sessions/${id}`, { method: "DELETE", headers: { cookie, ...headers } }), routeContext({ id }));

  expect((await remove({ "sec-fetch-site": "cross-site", origin: "https://evil.example" })).status).toBe(403);
  expect(await context.db.session.count({ where: { id } })).toBe(1);

  expect((await remove({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" })).status).toBe(200);
  expect(await context.db.session.count({ where: { id } })).toBe(0);
});

it("another site cannot spend the app's AI calls through its visitors' browsers: refused before anything is counted", async () => {
  // No cookie at all: each visitor's browser would be one more guest address to an allowance counted per address.
  const body = JSON.stringify({ transcript: "Ana: Hello.\nBen: Hi." });
  const response = await analyze(
    apiRequest("/api/analyze", {
      method: "POST",
      body,
      headers: { "content-type": "text/plain", "sec-fetch-site": "cross-site", "x-forwarded-for": "198.51.100.9" },
    }),
    routeContext(),
  );
  expect(response.status).toBe(403);
  expect(await context.db.rateLimitCounter.count({ where: { key: { contains: "198.51.100.9" } } })).toBe(0);
});
