/** @jest-environment node */
import { GET as invalidatePublic } from "@/app/api/public/sessions/[id]/invalidate-cache/route";
import { POST as reminderPublic } from "@/app/api/public/sessions/[id]/reminder-cta-click/route";
import { POST as retryAnalysisPublic } from "@/app/api/public/sessions/[id]/retry-analysis/route";
import { POST as retryTranscriptionPublic } from "@/app/api/public/sessions/[id]/retry-transcription/route";
import * as publicSession from "@/app/api/public/sessions/[id]/route";
import { POST as swipePublic } from "@/app/api/public/sessions/[id]/swipe/route";
import { GET as invalidate } from "@/app/api/sessions/[id]/invalidate-cache/route";
import { POST as reminder } from "@/app/api/sessions/[id]/reminder-cta-click/route";
import { POST as retryAnalysis } from "@/app/api/sessions/[id]/retry-analysis/route";
import { POST as retryTranscription } from "@/app/api/sessions/[id]/retry-transcription/route";
import * as accountSession from "@/app/api/sessions/[id]/route";
import { POST as summary } from "@/app/api/sessions/[id]/summary/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";

// What every /api/sessions/{id} route shares through one wrapper: the id check, the sign-in check, the scope header, and
// the guests' answers the browser relies on.

setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

type Handler = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;
const call = (handler: Handler, method: string, id: string, { body, headers }: { body?: unknown; headers?: Record<string, string> } = {}) =>
  handler(apiRequest(`/api/sessions/${encodeURIComponent(id)}`, { method, body, headers }), routeContext({ id }));

const accountRoutes: [string, Handler, string][] = [
  ["GET /api/sessions/{id}", accountSession.GET, "GET"],
  ["DELETE /api/sessions/{id}", accountSession.DELETE, "DELETE"],
  ["GET …/invalidate-cache", invalidate, "GET"],
  ["POST …/reminder-cta-click", reminder, "POST"],
  ["POST …/retry-analysis", retryAnalysis, "POST"],
  ["POST …/retry-transcription", retryTranscription, "POST"],
  ["POST …/summary", summary, "POST"],
];

describe.each(accountRoutes)("%s", (_, handler, method) => {
  it.each([
    ["a space and punctuation", "bad id!"],
    ["101 characters", "x".repeat(101)],
    ["nothing", ""],
  ])("is a 404 for an id with %s", async (__, id) => {
    const response = await call(handler, method, id, { headers: bearer(await mintSessionToken("user_route_1")) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "Session not found", code: "not_found" });
  });

  it("is a 401 without a signed-in caller", async () => {
    const response = await call(handler, method, "local-1");
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is a 404 for a session the caller does not have", async () => {
    const response = await call(handler, method, "local-unknown", { headers: bearer(await mintSessionToken("user_route_2")) });
    expect(response.status).toBe(404);
  });
});

describe("the public variants", () => {
  const swipes = { swipeActions: [{ cardIndex: 0, action: "helpful" }] };
  it.each<[string, Handler, string, unknown, number, unknown]>([
    ["GET", publicSession.GET, "GET", undefined, 404, { error: "Session not found", code: "not_found" }],
    ["save", publicSession.POST, "POST", { id: "local-7" }, 200, { success: true, localOnly: true, id: "local-7" }],
    ["DELETE", publicSession.DELETE, "DELETE", undefined, 200, { success: true, localOnly: true }],
    ["invalidate-cache", invalidatePublic, "GET", undefined, 200, { success: true }],
    ["reminder-cta-click", reminderPublic, "POST", undefined, 200, { success: true }],
    ["swipe", swipePublic, "POST", swipes, 200, { success: true, localOnly: true }],
    ["retry-analysis", retryAnalysisPublic, "POST", undefined, 404, { error: "Session not found", code: "not_found" }],
    ["retry-transcription", retryTranscriptionPublic, "POST", undefined, 404, { error: "Recording not found. It may have been deleted.", code: "not_found" }],
  ])("%s answers a guest as the browser expects", async (_, handler, method, body, status, answer) => {
    const response = await call(handler, method, "local-7", { body });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(answer);
    if (status === 200) expect(response.headers.get("x-session-scope")).toBe("public");
  });

  it("validate the body they are sent, and a malformed id is a 404 there too", async () => {
    expect((await call(swipePublic, "POST", "local-7", { body: { swipeActions: "all" } })).status).toBe(400);
    expect((await call(publicSession.POST, "POST", "local-7", { body: '{"id":' })).status).toBe(400);
    expect((await call(publicSession.DELETE, "DELETE", "bad id!")).status).toBe(404);
  });
});

it("an account answer carries the account scope header", async () => {
  const headers = bearer(await mintSessionToken("user_route_3"));
  const saved = await call(accountSession.POST, "POST", "local-8", { body: { id: "local-8", transcript: "Ana: hi" }, headers });
  expect(saved.status).toBe(200);
  expect(saved.headers.get("x-session-scope")).toBe("account");
  expect(saved.headers.get("cache-control")).toBe("no-store");
});
