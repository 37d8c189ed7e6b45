/** @jest-environment node */
import { http, HttpResponse } from "msw";

import { POST as publicSession } from "@/app/api/public/realtime/session/route";
import { maxDuration, POST as session } from "@/app/api/realtime/session/route";
import { REALTIME_TEXTS } from "@/lib/domain/solo/realtime-texts";
import { ROUTE_BUDGETS_MS } from "@/lib/server/providers/budget";
import { mintRealtimeSession } from "@/lib/server/services/realtime-session";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { OPENAI_BASE_URL, openAiError, PROVIDER_ENV } from "@/tests/msw/providers";

// POST /api/realtime/session against OpenAI's Realtime API (GA) faked at the network level in its wire format:
// POST /v1/realtime/client_secrets { expires_after, session } → { value: "ek_…", expires_at, session }.

const { server } = setUpApiTestContext();
const API_KEY = PROVIDER_ENV.OPENAI_API_KEY;

type MintBody = {
  expires_after?: { anchor: string; seconds: number };
  session: {
    type: string;
    model: string;
    instructions: string;
    output_modalities: string[];
    audio: { input: { transcription: { model: string; language?: string }; turn_detection: Record<string, unknown> }; output: { voice: string } };
  };
};
type Seen = { authorization: string | null; body: MintBody };

function clientSecrets(seen: Seen[], respond?: () => Response | Promise<Response>) {
  return http.post(`${OPENAI_BASE_URL}/realtime/client_secrets`, async ({ request }) => {
    const body = (await request.json()) as MintBody;
    seen.push({ authorization: request.headers.get("authorization"), body });
    if (respond) return respond();
    const expiresAt = Math.floor(Date.now() / 1000) + 600;
    return HttpResponse.json({
      value: "ek_68af296e8e408191a1120ab6383263c2",
      expires_at: expiresAt,
      session: { ...body.session, id: "sess_C9CiUVUzUzYIssh3ELY1d", object: "realtime.session", expires_at: 0 },
    });
  });
}

const goodBody = { userLabel: "Ana", guideContext: { headline: "Appreciation", description: "What went well between you this week?" }, language: "en-US" };

async function post(body: unknown, { userId = "user_realtime_1", handler = session }: { userId?: string | null; handler?: typeof session } = {}) {
  const headers = userId ? bearer(await mintSessionToken(userId)) : {};
  return handler(apiRequest("/api/realtime/session", { method: "POST", body, headers }), routeContext());
}

describe("POST /api/realtime/session with OpenAI configured", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, RATE_LIMIT_AI_PER_USER: "100", RATE_LIMIT_COACH_PER_USER: "3" });

  it("mints a client secret with the spec's session and answers what the browser needs, never the API key", async () => {
    const seen: Seen[] = [];
    server.use(clientSecrets(seen));
    const response = await post(goodBody);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(API_KEY);
    expect(JSON.parse(text)).toEqual({
      clientSecret: "ek_68af296e8e408191a1120ab6383263c2",
      expiresAt: expect.any(Number),
      callsUrl: `${OPENAI_BASE_URL}/realtime/calls`,
      model: "gpt-realtime",
    });

    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe(`Bearer ${API_KEY}`);
    const { session: sent } = seen[0]!.body;
    expect(seen[0]!.body.expires_after).toEqual({ anchor: "created_at", seconds: 600 });
    expect(sent.type).toBe("realtime");
    expect(sent.model).toBe("gpt-realtime");
    expect(sent.output_modalities).toEqual(["audio"]);
    expect(sent.audio.output.voice).toBe("sage");
    expect(sent.audio.input.turn_detection).toEqual({ type: "server_vad", threshold: 0.8, prefix_padding_ms: 500, silence_duration_ms: 2000 });
    expect(sent.audio.input.transcription).toEqual({ model: "gpt-4o-mini-transcribe", language: "en" });
    expect(sent.instructions).toContain("<user_label>Ana</user_label>");
    expect(sent.instructions).toContain("<guide_headline>Appreciation</guide_headline>");
    expect(sent.instructions).toContain("under 30 seconds");
    expect(sent.instructions).toContain("Safety protocol");
  });

  it("takes a body without a guide", async () => {
    const seen: Seen[] = [];
    server.use(clientSecrets(seen));
    const response = await post({ userLabel: "You", guideContext: null }, { userId: "user_realtime_2" });
    expect(response.status).toBe(200);
    expect(seen[0]!.body.session.instructions).toContain("No conversation guide is chosen yet");
    expect(seen[0]!.body.session.audio.input.transcription).toEqual({ model: "gpt-4o-mini-transcribe" });
  });

  it.each<[string, unknown]>([
    ["no body", ""],
    ["not JSON", "{userLabel:"],
    ["no userLabel", { guideContext: null }],
    ["an empty userLabel", { userLabel: "   " }],
    ["a userLabel over 80 characters", { userLabel: "x".repeat(81) }],
    ["a guide headline over 160 characters", { userLabel: "Ana", guideContext: { headline: "h".repeat(161), description: "" } }],
    ["a guide description over 1000 characters", { userLabel: "Ana", guideContext: { headline: "h", description: "d".repeat(1001) } }],
    ["a bad language", { userLabel: "Ana", language: "english please" }],
    ["a wrong type", { userLabel: 42 }],
  ])("answers 400 for %s and never calls OpenAI", async (_, body) => {
    const seen: Seen[] = [];
    server.use(clientSecrets(seen));
    const response = await post(body, { userId: "user_realtime_3" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("bad_request");
    expect(seen).toHaveLength(0);
  });

  it("answers 413 for an oversized body", async () => {
    const response = await post({ userLabel: "Ana", padding: "x".repeat(10_000) }, { userId: "user_realtime_3" });
    expect(response.status).toBe(413);
  });

  it("is a 401 for a guest, on the account route and the public one, and never calls OpenAI", async () => {
    const seen: Seen[] = [];
    server.use(clientSecrets(seen));
    for (const handler of [session, publicSession]) {
      const response = await post(goodBody, { userId: null, handler });
      expect(response.status).toBe(401);
      expect((await response.json()).error).toBe("Please sign in to talk with the live coach.");
    }
    const forged = await session(
      apiRequest("/api/realtime/session", { method: "POST", body: goodBody, headers: { "x-user-id": "user_realtime_1" } }),
      routeContext(),
    );
    expect(forged.status).toBe(401);
    expect(seen).toHaveLength(0);
  });

  it.each([
    [500, "The voice provider refused the session."],
    [503, "The voice provider refused the session."],
    [401, "The voice provider refused the session."],
    [429, "The voice provider is busy. Please try again in a moment."],
  ])("turns a provider %s into a clear 502 with the spec's text", async (status, detail) => {
    server.use(clientSecrets([], () => openAiError(status, `Fake ${status}`)));
    const response = await post(goodBody, { userId: `user_realtime_status_${status}` });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).not.toContain(API_KEY);
    expect(JSON.parse(text)).toEqual({ error: REALTIME_TEXTS.sessionCreateFailed, code: "upstream_failed", detail });
  });

  it("logs a refusal by its code or type only, never its message, which may quote the user's name or guide", async () => {
    const name = "Zephyrine Quatermain-Oduya";
    server.use(
      http.post(`${OPENAI_BASE_URL}/realtime/client_secrets`, async ({ request }) => {
        const { session: mint } = (await request.json()) as MintBody;
        const quoted = mint.instructions.includes(name) ? name : "";
        return HttpResponse.json(
          {
            error: {
              message: `Invalid value for 'session.instructions': '${quoted} … Money worries'`,
              type: "invalid_request_error",
              param: "session.instructions",
              code: null,
            },
          },
          { status: 400 },
        );
      }),
    );
    const logged: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    try {
      const response = await post(
        { ...goodBody, userLabel: name, guideContext: { headline: "Money worries", description: "" } },
        { userId: "user_realtime_log" },
      );
      expect(response.status).toBe(502);
    } finally {
      spy.mockRestore();
    }
    expect(logged).toEqual(["[realtime] client secret refused: 400 invalid_request_error"]);
  });

  it("turns an answer without a secret into the same clear error", async () => {
    server.use(clientSecrets([], () => HttpResponse.json({ session: {} })));
    const response = await post(goodBody, { userId: "user_realtime_4" });
    expect(response.status).toBe(502);
    expect((await response.json()).error).toBe(REALTIME_TEXTS.sessionCreateFailed);
  });

  it("turns a network failure into the same clear error", async () => {
    server.use(http.post(`${OPENAI_BASE_URL}/realtime/client_secrets`, () => HttpResponse.error()));
    const response = await post(goodBody, { userId: "user_realtime_5" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: REALTIME_TEXTS.sessionCreateFailed, detail: "The voice provider could not be reached." });
  });

  it("gives up at its deadline when OpenAI does not answer", async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const started = Date.now();
    const outcome = await mintRealtimeSession({ userLabel: "Ana" }, { fetch: hanging, deadline: Date.now() + 1_200 }).catch((error: unknown) => error);
    expect(outcome).toMatchObject({
      message: REALTIME_TEXTS.sessionCreateFailed,
      code: "upstream_failed",
      details: { detail: "The voice provider did not answer in time." },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_100);
  });

  it("the route's budget ends well inside its maxDuration", () => {
    expect(ROUTE_BUDGETS_MS.realtime).toBeLessThanOrEqual(maxDuration * 1000 - 10_000);
  });

  it("counts against the coach's own rate limit (RATE_LIMIT_COACH_PER_USER, below the AI calls' one) before OpenAI is asked", async () => {
    const seen: Seen[] = [];
    server.use(clientSecrets(seen));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(goodBody, { userId: "user_realtime_limited" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(seen).toHaveLength(3);
  });
});

describe("POST /api/realtime/session without an OpenAI key", () => {
  setEnvForFile({ ...clerkTestEnv(), OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });

  it("answers a clear 503 with the spec's text, never a 500", async () => {
    const response = await post(goodBody, { userId: "user_realtime_nokey" });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: REALTIME_TEXTS.sessionCreateFailed,
      code: "not_configured",
      detail: "The live coach is not configured on this server.",
    });
  });
});
