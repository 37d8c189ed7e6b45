/** @jest-environment node */
import { POST as analyze } from "@/app/api/analyze/route";
import { POST as saveSession } from "@/app/api/sessions/[id]/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { LOG_CANARY } from "@/tests/helpers/log-canary";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { geminiError, geminiGenerate, openAiChat, openAiError, PROVIDER_ENV } from "@/tests/msw/providers";

// "No transcript in logs" (hardening issue, section 4): the failure paths that log get a transcript carrying the canary
// phrase; jest.setup.ts fails the test if the phrase reaches any console output.

const api = setUpApiTestContext();
setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });
const transcript = `Ana: ${LOG_CANARY}, we need to talk about the weekend.\nBen: Yes, let's.`;

it("an analysis whose providers both fail logs nothing of the transcript", async () => {
  api.server.use(
    geminiGenerate(() => geminiError(503, "overloaded")),
    openAiChat(() => openAiError(503, "Service Unavailable")),
  );
  const headers = bearer(await mintSessionToken("user_canary_1"));
  const response = await analyze(apiRequest("/api/analyze", { method: "POST", body: { transcript }, headers }), routeContext());
  expect(response.status).toBe(503);
});

it.each([
  ["a date out of JavaScript's range", { createdAt: 8.64e15 + 1 }],
  ["a timestamp far in the future", { timestamp: 1e20 }],
  ["a reminder date that is not a date", { reminderDate: "soon" }],
  ["a NUL character", { name: "bad\u0000name" }],
  ["an unpaired surrogate", { summary: "broken \uD83D here" }],
  ["JSON nested a hundred levels deep in the analysis", { analysis: JSON.parse(`${'{"a":'.repeat(100)}1${"}".repeat(100)}`) }],
])("a save with %s logs nothing of the transcript", async (_name, extra) => {
  const headers = bearer(await mintSessionToken("user_canary_2"));
  const id = `local-${Date.now()}`;
  const body = { id, transcript, analysis: { cards: [] }, ...extra };
  const response = await saveSession(apiRequest(`/api/sessions/${id}`, { method: "POST", body, headers }), routeContext({ id }));
  // Bad input is a 400 (never a 500) and writes nothing; the transcript in the body stays out of the log.
  expect(response.status).toBe(400);
  expect(await api.db.session.count({ where: { clientId: id } })).toBe(0);
});
