/** @jest-environment node */
import fc from "fast-check";
import { http, HttpResponse } from "msw";
import type { z } from "zod";

import { POST as saveSession } from "@/app/api/sessions/[id]/route";
import { emptyDatabase, fingerprint } from "@/tests/fuzz/database";
import type { Json } from "@/tests/fuzz/hostile";
import { callArbitrary, describeCall, makeCallers, toRequest, type Callers, type KnownIds } from "@/tests/fuzz/requests";
import { apiRouteFiles, fillPattern, handlersOf, type RouteFile } from "@/tests/fuzz/routes";
import { SEEDS, sessionSeed } from "@/tests/fuzz/seeds";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import {
  geminiGenerate,
  geminiJson,
  modelAnalysis,
  openAiChat,
  openAiChatJson,
  openAiDiarized,
  openAiRealtimeClientSecret,
  openAiTranscription,
  PROVIDER_ENV,
} from "@/tests/msw/providers";

// Hardening issue, section 1: no input gets a 500, and a refused request writes nothing. Every route handler under
// app/api (found on disk, so a new route is fuzzed without editing this file) is called with generated hostile ids, query
// strings, identities and bodies, with no AI keys (the local analyzer) and with both providers faked by msw. For every call:
// status < 500, and for every 4xx the user-data tables are exactly as before. Bodies are shaped by the schema the route
// parses with (recorded from parseJson while the route runs) and by the valid seeds that schema accepts, so a hostile value
// also lands deep inside an otherwise valid request. FUZZ_RUNS sets the runs per handler (30), FUZZ_SEED replays a failure,
// FUZZ_ONLY=<part of a path> fuzzes those routes only, FUZZ_STATS=1 prints how often each status was answered.

// The schema each route parses its body with, seen as it runs: what "schema-driven" is driven by.
jest.mock("@/lib/server/http/parse-json", () => {
  const actual = jest.requireActual("@/lib/server/http/parse-json");
  return {
    ...actual,
    parseJson: (request: Request, schema: unknown, options: unknown) => {
      (globalThis as { fuzzSchemasSeen?: Set<unknown> }).fuzzSchemasSeen?.add(schema);
      return actual.parseJson(request, schema, options);
    },
  };
});

const RUNS = Number(process.env.FUZZ_RUNS) || 30;
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const USER_A = "user_fuzz_a";
const USER_B = "user_fuzz_b";
const CRON_SECRET = "fuzz-cron-secret-0123456789";
const PAYPAL = "http://paypal.test";
const CAPTURABLE_ORDER = "5O190127TN364715T";

const api = setUpApiTestContext();
setEnvForFile({
  ...clerkTestEnv(),
  CRON_SECRET,
  NEXT_PUBLIC_PAYPAL_CLIENT_ID: "fuzz-client",
  PAYPAL_CLIENT_SECRET: "fuzz-secret",
  PAYPAL_API_BASE: PAYPAL,
  // The rate limits are tested in limits.test.ts; here they must not hide what a handler does behind a 429.
  RATE_LIMIT_AI_PER_USER: "1000000",
  RATE_LIMIT_AI_PER_IP: "1000000",
  SESSIONS_PER_USER_PER_DAY: "1000000",
});

// PayPal and Clerk's Backend API answer as themselves, so the donation and account-deletion routes run to the end.
const thirdParties = [
  http.post(`${PAYPAL}/v1/oauth2/token`, () => HttpResponse.json({ access_token: "fuzz-token", token_type: "Bearer", expires_in: 3600 })),
  http.post(`${PAYPAL}/v2/checkout/orders`, () => HttpResponse.json({ id: CAPTURABLE_ORDER, status: "CREATED", links: [] }, { status: 201 })),
  http.post(`${PAYPAL}/v2/checkout/orders/:id/capture`, ({ params }) =>
    params.id === CAPTURABLE_ORDER
      ? HttpResponse.json({ id: CAPTURABLE_ORDER, status: "COMPLETED", purchase_units: [{ payments: { captures: [{ id: "CAP1", status: "COMPLETED" }] } }] })
      : HttpResponse.json({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] }, { status: 404 }),
  ),
  http.delete("https://api.clerk.com/v1/users/:userId", ({ params }) => HttpResponse.json({ id: params.userId, object: "user", deleted: true })),
];

// Both providers answer every call well-formed: a 5xx may then only come from our side.
const providers = [
  openAiTranscription(() =>
    HttpResponse.json(
      openAiDiarized([
        { speaker: "A", text: "Can we plan the weekend?", start: 0, end: 2 },
        { speaker: "B", text: "Yes, Saturday.", start: 2, end: 4 },
      ]),
    ),
  ),
  geminiGenerate(() =>
    HttpResponse.json(
      geminiJson({
        ...modelAnalysis(),
        summary: "Planning the weekend together.",
        segments: [{ speaker: "A", text: "Can we plan the weekend?", start: 0, end: 2 }],
      }),
    ),
  ),
  openAiChat(() => HttpResponse.json(openAiChatJson({ ...modelAnalysis(), summary: "Planning the weekend together." }))),
  openAiRealtimeClientSecret(),
];

const MODES = [
  { name: "no AI keys (local analyzer)", env: NO_AI_KEYS, handlers: [] as typeof providers },
  { name: "both providers faked by msw", env: PROVIDER_ENV, handlers: providers },
];

let callers: Callers;
beforeAll(async () => {
  callers = await makeCallers(USER_A, USER_B, CRON_SECRET);
});

// The handlers log a line per refused token or failed upstream call; thousands of them would only slow the run down.
beforeEach(() => {
  for (const method of ["log", "info", "warn"] as const) jest.spyOn(console, method).mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The same data before each route: two sessions of A (one with kept failures), one of B, a commitment each. */
async function seedData(): Promise<{ ids: KnownIds; seeds: Json[] }> {
  await emptyDatabase(api.db);
  const save = async (userId: string, localId: string) => {
    const response = await saveSession(
      apiRequest(`/api/sessions/${localId}?skipRegeneration=true`, {
        method: "POST",
        body: sessionSeed(localId),
        headers: bearer(await mintSessionToken(userId)),
      }),
      routeContext({ id: localId }),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  const a1 = await save(USER_A, "local-1733000000010");
  const a2 = await save(USER_A, "local-1733000000011");
  const b1 = await save(USER_B, "local-1733000000012");
  const commitments = await Promise.all(
    [
      [USER_A, a1],
      [USER_B, b1],
    ].map(([userId, sessionId]) => api.db.commitment.create({ data: { userId: userId!, sessionId: sessionId!, text: "Keep Saturday free", who: "both" } })),
  );
  await api.db.failureMarker.createMany({
    data: [
      {
        sessionId: a2,
        kind: "transcription",
        error: "Transcription failed",
        audio: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]),
        audioMimeType: "audio/webm",
        language: "en",
      },
      { sessionId: a2, kind: "analysis", error: "Analysis failed" },
    ],
  });
  return {
    ids: { own: [a1, a2, "local-1733000000010"], others: [b1, "local-1733000000012", ...commitments.map((commitment) => commitment.id), CAPTURABLE_ORDER] },
    seeds: commitments.map((commitment) => ({ commitmentId: commitment.id, outcome: "partly" })),
  };
}

type Schemas = Set<z.ZodType>;
const schemasSeen = () => ((globalThis as { fuzzSchemasSeen?: Schemas }).fuzzSchemasSeen ??= new Set()) as Schemas;

/** The schemas a handler parses with: probed with an empty object, as an unknown user and as a guest. */
async function discoverSchemas(route: RouteFile, handler: Handler, method: string): Promise<z.ZodType[]> {
  schemasSeen().clear();
  const params = Object.fromEntries(route.params.map((name) => [name, "00000000-0000-4000-8000-000000000000"]));
  for (const headers of [bearer(await mintSessionToken("user_fuzz_probe")), {}]) {
    const body = method === "GET" || method === "HEAD" ? undefined : {};
    const response = await handler(apiRequest(fillPattern(route.pattern, params), { method, body, headers }), routeContext(params));
    await response.arrayBuffer();
  }
  return [...schemasSeen()];
}

type Handler = ReturnType<typeof handlersOf>[number][1];

/**
 * Without AI keys, transcription answers 503 ("not configured", or "unavailable" with the recording kept for a retry): an
 * answer to the server's configuration, not to the input. With the providers up, nothing may be 5xx.
 */
function allowedServerAnswer(status: number, code: unknown, withoutAi: boolean): boolean {
  return withoutAi && status === 503 && (code === "not_configured" || code === "unavailable");
}

const routes = apiRouteFiles().filter((route) => !process.env.FUZZ_ONLY || route.pattern.includes(process.env.FUZZ_ONLY));
const statusStats: Record<string, number> = {};
afterAll(() => {
  if (process.env.FUZZ_STATS) console.error(JSON.stringify(statusStats, null, 1));
});

it("finds the route handlers on disk", () => {
  expect(apiRouteFiles().length).toBeGreaterThan(20);
  expect(apiRouteFiles().map((route) => route.pattern)).toEqual(expect.arrayContaining(["/api/analyze", "/api/transcribe", "/api/sessions/[id]"]));
});

describe.each(MODES)("with $name", ({ env, handlers: providerFakes }) => {
  setEnvForFile(env);
  beforeEach(() => api.server.use(...thirdParties, ...providerFakes));

  it.each(routes.map((route) => [route.pattern, route] as const))(
    "%s: never a 5xx, nothing written for a 4xx",
    async (_pattern, route) => {
      const routeModule = (await import(route.file)) as Record<string, unknown>;
      const methods = handlersOf(routeModule);
      expect(methods.length).toBeGreaterThan(0);
      for (const [method, handler] of methods) {
        const data = await seedData();
        const schemas = await discoverSchemas(route, handler, method);
        const seeds = [...SEEDS, ...data.seeds].filter((seed) => schemas.some((schema) => schema.safeParse(seed).success));
        const calls = callArbitrary(route, method, callers, data.ids, schemas[0], seeds);
        // Each call's "after" is the next call's "before": one query per call.
        let before = await fingerprint(api.db);
        await fc.assert(
          fc.asyncProperty(calls, async (call) => {
            const response = await handler(toRequest(route, method, call), { params: Promise.resolve(call.params) });
            const text = await response.text();
            const status = response.status;
            let code: unknown;
            try {
              code = (JSON.parse(text) as { code?: unknown }).code;
            } catch {
              code = undefined;
            }
            const key = `${method} ${route.pattern} ${status} ${String(code ?? "")}`;
            statusStats[key] = (statusStats[key] ?? 0) + 1;
            if (status >= 500 && !allowedServerAnswer(status, code, env === NO_AI_KEYS)) {
              throw new Error(`${status} ${text.slice(0, 200)} for ${describeCall(route, method, call)}`);
            }
            const after = await fingerprint(api.db);
            const previous = before;
            before = after;
            if (status >= 400 && status < 500 && JSON.stringify(after) !== JSON.stringify(previous)) {
              throw new Error(`${status} changed the data (${JSON.stringify(previous)} → ${JSON.stringify(after)}) for ${describeCall(route, method, call)}`);
            }
          }),
          { numRuns: RUNS, seed: FUZZ_SEED, endOnFailure: false, maxSkipsPerRun: 0 },
        );
      }
      // Several handlers per route, each with its runs and their shrinking on a shared 2-core machine: more than Jest's 30 s.
    },
    30_000 + RUNS * 2_000,
  );
});
