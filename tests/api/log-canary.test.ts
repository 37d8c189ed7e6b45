/** @jest-environment node */
import { POST as analyze } from "@/app/api/analyze/route";
import { POST as appendPublic } from "@/app/api/public/sessions/[id]/append-transcript/route";
import { POST as summaryPublic } from "@/app/api/public/sessions/[id]/summary/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { POST as saveSession } from "@/app/api/sessions/[id]/route";
import { POST as summary } from "@/app/api/sessions/[id]/summary/route";
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

// A provider that fails may quote what it was sent (an OpenAI-compatible server often echoes the input it refuses): its
// error text carries the canary too, and must stay out of the log as the request's own text does.
const echoingFailure = () => [
  geminiGenerate(() => geminiError(500, `could not process: ${LOG_CANARY}`)),
  openAiChat(() => openAiError(500, `could not process: ${LOG_CANARY}`)),
];

it("an analysis whose providers fail quoting the transcript logs nothing of it", async () => {
  api.server.use(...echoingFailure());
  const headers = bearer(await mintSessionToken("user_canary_3"));
  const response = await analyze(apiRequest("/api/analyze", { method: "POST", body: { transcript }, headers }), routeContext());
  expect(response.status).toBe(503);
});

const followUp = {
  transcript: `Ana: ${LOG_CANARY}, Saturday mornings are ours.\nBen: Agreed.`,
  transcriptionSegments: [
    { speaker: "SPEAKER_01", text: `${LOG_CANARY}, Saturday mornings are ours.`, start: 0, end: 2.5 },
    { speaker: "SPEAKER_02", text: "Agreed.", start: 2.7, end: 3.5 },
  ],
  speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
};

it("a follow-up whose regeneration fails, its providers quoting it, logs nothing of it (signed in: stored, partial failure)", async () => {
  api.server.use(...echoingFailure());
  const headers = bearer(await mintSessionToken("user_canary_4"));
  const id = "local-canary-4";
  const saved = await saveSession(
    apiRequest(`/api/sessions/${id}`, {
      method: "POST",
      body: { id, transcript, analysis: { cards: [{ dimension: "Curiosity", insight: `You asked. ${LOG_CANARY}`, tips: [] }] } },
      headers,
    }),
    routeContext({ id }),
  );
  expect(saved.status).toBe(200);
  const response = await append(apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body: followUp, headers }), routeContext({ id }));
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: "partial_failure" });
});

it("a guest's follow-up whose regeneration fails, its providers quoting it, logs nothing of it", async () => {
  api.server.use(...echoingFailure());
  const body = { ...followUp, context: { transcript, speakerNames: followUp.speakerNames } };
  const response = await appendPublic(
    apiRequest("/api/public/sessions/local-canary-5/append-transcript", { method: "POST", body }),
    routeContext({ id: "local-canary-5" }),
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: "partial_failure" });
});

it("a summary whose providers fail quoting the cards logs nothing of them", async () => {
  api.server.use(...echoingFailure());
  const headers = bearer(await mintSessionToken("user_canary_6"));
  const id = "local-canary-6";
  const cards = [{ dimension: "Curiosity", insight: `You asked. ${LOG_CANARY}`, tips: [`Ask again: ${LOG_CANARY}`] }];
  const saved = await saveSession(
    apiRequest(`/api/sessions/${id}`, { method: "POST", body: { id, transcript, analysis: { cards } }, headers }),
    routeContext({ id }),
  );
  expect(saved.status).toBe(200);
  const response = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers }), routeContext({ id }));
  expect(response.status).toBe(503);
  const guest = await summaryPublic(
    apiRequest(`/api/public/sessions/${id}/summary`, { method: "POST", body: { analysis: { cards }, swipeActions: [] } }),
    routeContext({ id }),
  );
  expect(guest.status).toBe(503);
});
