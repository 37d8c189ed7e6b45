/** @jest-environment node */
import { delay, http, HttpResponse } from "msw";

import { DELETE as deleteAllData } from "@/app/api/account/data/route";
import { POST as analyze } from "@/app/api/analyze/route";
import { POST as appendTranscript } from "@/app/api/sessions/[id]/append-transcript/route";
import { POST as retryAnalysis } from "@/app/api/sessions/[id]/retry-analysis/route";
import { POST as retryTranscription } from "@/app/api/sessions/[id]/retry-transcription/route";
import { DELETE as deleteSession } from "@/app/api/sessions/[id]/route";
import { POST as summary } from "@/app/api/sessions/[id]/summary/route";
import { POST as transcribe } from "@/app/api/transcribe/route";
import { transcribeRequestSchema } from "@/lib/domain/transcription/transcribe-request";
import { ApiError } from "@/lib/server/http/errors";
import { BUSY_MESSAGE, RECORDING_READS_PER_SLOT } from "@/lib/server/security/in-flight";
import { transcribeRecording } from "@/lib/server/services/transcription";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { generateOggOpus } from "@/tests/helpers/generated-audio";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { GEMINI_BASE_URL, geminiError, OPENAI_BASE_URL, openAiDiarized, openAiError, openAiTranscription, PROVIDER_ENV } from "@/tests/msw/providers";

// Limits on everything that costs money or space (issue 15, section 2) and the time budget of section 3, against the real
// handlers and database (PGlite, or PostgreSQL with TEST_DATABASE_URL, where concurrent requests really run in parallel).

const api = setUpApiTestContext();
const { server } = api;

const conversation = {
  transcript: "Ana: I felt unheard last night.\nBen: I'm sorry. Tell me more?\nAna: I need us to plan weekends together.",
  speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
};

type Caller = { userId?: string; ip?: string };
async function headersOf({ userId, ip }: Caller): Promise<Record<string, string>> {
  // The client writes an address of its choosing; the proxy in front of the app appends the one it was reached from.
  return {
    ...(userId ? bearer(await mintSessionToken(userId)) : {}),
    ...(ip ? { "x-forwarded-for": `10.9.9.${Math.floor(Math.random() * 250)}, ${ip}` } : {}),
  };
}
const postAnalyze = async (caller: Caller, body: Record<string, unknown> = conversation, handler = analyze) =>
  handler(apiRequest("/api/analyze", { method: "POST", body, headers: await headersOf(caller) }), routeContext());
const postTranscribe = async (caller: Caller, body: Record<string, unknown>) =>
  transcribe(apiRequest("/api/transcribe", { method: "POST", body, headers: await headersOf(caller) }), routeContext());

/** Sets variables for one test; restored after it. */
const testEnv: Record<string, string | undefined> = {};
function setForTest(vars: Record<string, string>): void {
  for (const [key, value] of Object.entries(vars)) {
    if (!(key in testEnv)) testEnv[key] = process.env[key];
    process.env[key] = value;
  }
}
afterEach(() => {
  for (const [key, value] of Object.entries(testEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
    delete testEnv[key];
  }
});

const counters = () => api.db.rateLimitCounter.findMany({ select: { key: true, count: true }, orderBy: { key: "asc" } });

describe("rate limits on AI calls", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS, RATE_LIMIT_AI_PER_USER: "100", RATE_LIMIT_AI_PER_IP: "100", RATE_LIMIT_WINDOW_SECONDS: "3600" });
  beforeEach(() => api.db.rateLimitCounter.deleteMany());

  it("the 101st guest analysis from one IP is a 429 with Retry-After and a message to show; another IP is untouched", async () => {
    for (let call = 1; call <= 100; call++) {
      const response = await postAnalyze({ ip: "203.0.113.7" });
      if (response.status !== 200) throw new Error(`call ${call} answered ${response.status}`);
    }
    const refused = await postAnalyze({ ip: "203.0.113.7" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = await refused.json();
    expect(body).toMatchObject({ code: "rate_limited", retryAfterSeconds: retryAfter });
    expect(body.error).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/);

    expect((await postAnalyze({ ip: "198.51.100.4" })).status).toBe(200);
    expect(await counters()).toEqual([
      { key: "analyze:ip:198.51.100.4", count: 1 },
      { key: "analyze:ip:203.0.113.7", count: 101 },
    ]);
  });

  it("counts two signed-in users apart, by user and not by IP, and each capability apart", async () => {
    setForTest({ RATE_LIMIT_AI_PER_USER: "2" });
    const ana = { userId: "user_limit_ana", ip: "192.0.2.1" };
    const ben = { userId: "user_limit_ben", ip: "192.0.2.1" };
    expect((await postAnalyze(ana)).status).toBe(200);
    const { sessionId } = await (await postAnalyze(ana)).json();
    expect((await postAnalyze(ana)).status).toBe(429);
    expect((await postAnalyze(ben)).status).toBe(200);

    // The summary has its own allowance.
    const summarize = await summary(
      apiRequest(`/api/sessions/${sessionId}/summary`, { method: "POST", headers: await headersOf(ana) }),
      routeContext({ id: sessionId }),
    );
    expect(summarize.status).toBe(200);
    expect(await counters()).toEqual([
      { key: "analyze:user:user_limit_ana", count: 3 },
      { key: "analyze:user:user_limit_ben", count: 1 },
      { key: "summary:user:user_limit_ana", count: 1 },
    ]);
  });

  it("holds for a fresh handler instance (another server instance reads the same counters)", async () => {
    setForTest({ RATE_LIMIT_AI_PER_IP: "1" });
    expect((await postAnalyze({ ip: "203.0.113.9" })).status).toBe(200);
    let freshAnalyze: typeof analyze | undefined;
    jest.isolateModules(() => {
      freshAnalyze = (jest.requireActual("@/app/api/analyze/route") as { POST: typeof analyze }).POST;
    });
    expect(freshAnalyze).not.toBe(analyze);
    expect((await postAnalyze({ ip: "203.0.113.9" }, conversation, freshAnalyze!)).status).toBe(429);
  });

  it("is one guest's allowance however the guest fills in x-forwarded-for itself (the proxy's appended address counts)", async () => {
    setForTest({ RATE_LIMIT_AI_PER_IP: "2" });
    const statuses: number[] = [];
    for (let call = 1; call <= 4; call += 1) {
      const headers = { "x-forwarded-for": `10.9.9.${call}, 198.51.100.77` };
      statuses.push((await analyze(apiRequest("/api/analyze", { method: "POST", body: conversation, headers }), routeContext())).status);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await counters()).toEqual([{ key: "analyze:ip:198.51.100.77", count: 4 }]);
  });

  it("is one guest's allowance across the addresses of one IPv6 /64, which a single line or phone may rotate through", async () => {
    setForTest({ RATE_LIMIT_AI_PER_IP: "2" });
    const statuses: number[] = [];
    for (let call = 1; call <= 4; call += 1) statuses.push((await postAnalyze({ ip: `2001:db8:77:1:${call.toString(16)}::${call}` })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await counters()).toEqual([{ key: "analyze:ip:2001:db8:77:1::/64", count: 4 }]);
    // Another /64 is another guest.
    expect((await postAnalyze({ ip: "2001:db8:77:2::1" })).status).toBe(200);
  });

  it("counts a burst of parallel calls exactly: as many pass as the limit allows", async () => {
    setForTest({ RATE_LIMIT_AI_PER_IP: "4" });
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => postAnalyze({ ip: "203.0.113.50" })))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });
});

describe("new sessions per user per day", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS, SESSIONS_PER_USER_PER_DAY: "2" });

  it("refuses a third new session today with a 429 until midnight UTC, and creates nothing", async () => {
    const ana = { userId: "user_daily_cap" };
    expect((await postAnalyze(ana, { ...conversation, clientId: "rec-day-1" })).status).toBe(200);
    expect((await postAnalyze(ana, { ...conversation, clientId: "rec-day-2" })).status).toBe(200);
    // Read before the request: the server's wait is counted from a moment after it.
    const secondsToMidnight = Math.ceil((Math.ceil(Date.now() / 86_400_000) * 86_400_000 - Date.now()) / 1000);
    const refused = await postAnalyze(ana, { ...conversation, clientId: "rec-day-3" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(Math.max(secondsToMidnight, 1));
    expect((await refused.json()).error).toMatch(/^You have reached today's limit of new sessions\./);
    expect(await api.db.session.count({ where: { userId: "user_daily_cap" } })).toBe(2);
    // Another user is not affected.
    expect((await postAnalyze({ userId: "user_daily_other" })).status).toBe(200);
  });

  it("an account that holds the most sessions it can keep gets no new one from an analysis either", async () => {
    process.env.STORED_SESSIONS_PER_USER = "1";
    try {
      const cy = { userId: "user_stored_cap" };
      expect((await postAnalyze(cy, { ...conversation, clientId: "rec-cap-1" })).status).toBe(200);
      const refused = await postAnalyze(cy, { ...conversation, clientId: "rec-cap-2" });
      expect(refused.status).toBe(422);
      expect((await refused.json()).error).toMatch(/^This account holds the most sessions it can keep \(1\)\./);
      expect(await api.db.session.count({ where: { userId: "user_stored_cap" } })).toBe(1);
      // The same recording analysed again makes no new session: not refused.
      expect((await postAnalyze(cy, { ...conversation, clientId: "rec-cap-1" })).status).toBe(200);
    } finally {
      delete process.env.STORED_SESSIONS_PER_USER;
    }
  });

  it("deleting today's sessions, one by one or all at once, does not give the day's sessions back", async () => {
    const ben = { userId: "user_daily_delete" };
    const first = await (await postAnalyze(ben, { ...conversation, clientId: "rec-del-1" })).json();
    await deleteSession(
      apiRequest(`/api/sessions/${first.sessionId}`, { method: "DELETE", headers: await headersOf(ben) }),
      routeContext({ id: first.sessionId }),
    );
    expect((await postAnalyze(ben, { ...conversation, clientId: "rec-del-2" })).status).toBe(200);
    await deleteAllData(apiRequest("/api/account/data", { method: "DELETE", headers: await headersOf(ben) }), routeContext());
    expect(await api.db.session.count({ where: { userId: "user_daily_delete" } })).toBe(0);

    const refused = await postAnalyze(ben, { ...conversation, clientId: "rec-del-3" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^You have reached today's limit of new sessions\./);
  });
});

describe("the session caps before a recording is transcribed", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });
  const audio = Buffer.alloc(4000, 7).toString("base64");
  let providerCalls = 0;
  beforeEach(() => {
    providerCalls = 0;
    server.use(
      http.all(`${OPENAI_BASE_URL}/*`, () => (providerCalls++, openAiError(500, "Internal error"))),
      http.all(`${GEMINI_BASE_URL}/*`, () => (providerCalls++, geminiError(500, "Internal error"))),
    );
  });

  it("a new recording past today's cap is a 429 with no provider call; its session's own recording and a follow-up still go", async () => {
    setForTest({ SESSIONS_PER_USER_PER_DAY: "1" });
    const userId = "user_caps_daily_transcribe";
    await api.db.session.create({ data: { userId, clientId: "rec-caps-made", transcript: "Ana: hi" } });

    const refused = await postTranscribe({ userId }, { audio, clientId: "rec-caps-new" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^You have reached today's limit of new sessions\./);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(providerCalls).toBe(0);

    // Not new sessions: the recording whose session exists, and a growth follow-up of it, reach the provider.
    expect((await postTranscribe({ userId }, { audio, clientId: "rec-caps-made" })).status).toBe(503);
    const calledForKnown = providerCalls;
    expect(calledForKnown).toBeGreaterThan(0);
    expect((await postTranscribe({ userId }, { audio, clientId: "rec-caps-follow", followUpOf: "rec-caps-made" })).status).toBe(503);
    expect(providerCalls).toBeGreaterThan(calledForKnown);
  });

  it("a new recording of an account at the stored-sessions cap is a 422 with no provider call, and nothing is kept", async () => {
    setForTest({ STORED_SESSIONS_PER_USER: "1" });
    const userId = "user_caps_stored_transcribe";
    await api.db.session.create({ data: { userId, clientId: "rec-caps-old", transcript: "Ana: hi", createdAt: new Date(Date.now() - 3 * 86_400_000) } });

    const refused = await postTranscribe({ userId }, { audio, clientId: "rec-caps-next" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toMatch(/^This account holds the most sessions it can keep \(1\)\./);
    expect(providerCalls).toBe(0);
    expect(await api.db.session.count({ where: { userId } })).toBe(1);
  });

  it("a guest's recording is held to no session cap", async () => {
    setForTest({ SESSIONS_PER_USER_PER_DAY: "1", STORED_SESSIONS_PER_USER: "1" });
    expect((await postTranscribe({ ip: "203.0.113.90" }, { audio, clientId: "rec-caps-guest" })).status).toBe(503);
    expect(providerCalls).toBeGreaterThan(0);
  });
});

describe("ownership before any provider call or count", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("another user's session is a 404 on every AI route, with no provider call and nothing counted", async () => {
    await api.db.rateLimitCounter.deleteMany();
    const providerCalls: string[] = [];
    server.use(http.all(`${OPENAI_BASE_URL}/*`, ({ request }) => (providerCalls.push(request.url), openAiError(500, "unexpected"))));
    server.use(http.all(`${GEMINI_BASE_URL}/*`, ({ request }) => (providerCalls.push(request.url), geminiError(500, "unexpected"))));
    const owner = await api.db.session.create({
      data: { userId: "user_owner", transcript: "Ana: hi", failures: { create: { kind: "analysis", error: "kept", audio: new Uint8Array([1, 2]) } } },
    });
    const other = await headersOf({ userId: "user_intruder" });
    const id = owner.id;
    const calls = [
      () => summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: other }), routeContext({ id })),
      () => retryAnalysis(apiRequest(`/api/sessions/${id}/retry-analysis`, { method: "POST", headers: other }), routeContext({ id })),
      () => retryTranscription(apiRequest(`/api/sessions/${id}/retry-transcription`, { method: "POST", headers: other }), routeContext({ id })),
      () =>
        appendTranscript(
          apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", headers: other, body: { transcript: "We agreed to plan Saturdays." } }),
          routeContext({ id }),
        ),
      () => analyze(apiRequest("/api/analyze", { method: "POST", headers: other, body: { ...conversation, sessionId: id } }), routeContext()),
      () => analyze(apiRequest("/api/analyze", { method: "POST", body: { ...conversation, sessionId: id } }), routeContext()),
    ];
    for (const call of calls) expect((await call()).status).toBe(404);
    expect(providerCalls).toEqual([]);
    expect(await api.db.rateLimitCounter.count()).toBe(0);
  });
});

const sixHundredKb = Buffer.alloc(600 * 1024, 7).toString("base64");

describe("retained failed audio per user", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, RETAINED_AUDIO_MB_PER_USER: "1" });
  const failingProviders = () =>
    server.use(
      openAiTranscription(() => openAiError(500, "Internal error")),
      http.post(`${GEMINI_BASE_URL}/:version/models/:modelAction`, () => geminiError(500, "Internal error")),
    );

  it("keeps failures with their audio up to the quota, then without it, telling the browser to keep its copy", async () => {
    failingProviders();
    const user = { userId: "user_quota" };
    const first = await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-1-a" });
    expect(first.status).toBe(503);
    const firstBody = await first.json();
    expect(firstBody.failedSessionId).toEqual(expect.any(String));
    expect(firstBody.keepAudioLocally).toBeUndefined();

    const second = await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-2-b" });
    expect(second.status).toBe(503);
    const secondBody = await second.json();
    expect(secondBody).toMatchObject({ failedSessionId: expect.any(String), keepAudioLocally: true });

    const markers = await api.db.failureMarker.findMany({ where: { session: { userId: "user_quota" } }, include: { session: { select: { clientId: true } } } });
    const bySession = Object.fromEntries(markers.map((marker) => [marker.session.clientId, marker.audio?.length ?? 0]));
    expect(bySession).toEqual({ "rec-1-a": 600 * 1024, "rec-2-b": 0 });

    // Another user has a quota of their own.
    const other = await postTranscribe({ userId: "user_quota_other" }, { audio: sixHundredKb, clientId: "rec-3-c" });
    expect((await other.json()).keepAudioLocally).toBeUndefined();
  });

  it("a failed transcription's kept session counts towards the stored-sessions cap: past it, the cap's 422 and nothing kept", async () => {
    failingProviders();
    setForTest({ STORED_SESSIONS_PER_USER: "1" });
    const user = { userId: "user_quota_stored_cap" };
    const kept = await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-cap-kept" });
    expect(kept.status).toBe(503);
    const keptBody = await kept.json();
    expect(keptBody.failedSessionId).toEqual(expect.any(String));

    // A second recording would be a second session: refused with the cap's words, no failed session for the browser to
    // retry (it keeps the recording as a local one).
    const refused = await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-cap-new" });
    expect(refused.status).toBe(422);
    const refusedBody = await refused.json();
    expect(refusedBody.error).toMatch(/^This account holds the most sessions it can keep \(1\)\. Delete older sessions to save new ones\.$/);
    expect(refusedBody.failedSessionId).toBeUndefined();
    expect(await api.db.session.count({ where: { userId: "user_quota_stored_cap" } })).toBe(1);

    // The kept recording failing again adds no session: it is not refused.
    const again = await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-cap-kept" });
    expect(again.status).toBe(503);
    expect((await again.json()).failedSessionId).toBe(keptBody.failedSessionId);
  });

  it("failed transcriptions at once do not pass the stored-sessions cap together", async () => {
    failingProviders();
    setForTest({ STORED_SESSIONS_PER_USER: "2" });
    const user = { userId: "user_quota_stored_race" };
    const answers = await Promise.all([1, 2, 3, 4].map((n) => postTranscribe(user, { audio: sixHundredKb.slice(0, 4000), clientId: `rec-race-${n}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([422, 422, 503, 503]);
    expect(await api.db.session.count({ where: { userId: "user_quota_stored_race" } })).toBe(2);
  });

  it("a retried upload of the same recording updates its failed session instead of adding one", async () => {
    failingProviders();
    const user = { userId: "user_quota_retry" };
    const answers = await Promise.all([1, 2, 3].map(() => postTranscribe(user, { audio: sixHundredKb, clientId: "rec-9-retry" })));
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).failedSessionId)));
    expect(ids.size).toBe(1);
    expect(await api.db.session.count({ where: { userId: "user_quota_retry" } })).toBe(1);
    const marker = await api.db.failureMarker.findFirstOrThrow({ where: { session: { userId: "user_quota_retry" } } });
    expect(marker.attemptCount).toBe(3);
  });
});

describe("idempotent analysis by the recording's browser id", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

  it("five analyses of one recording at once make one session, which a later retry reuses", async () => {
    const ana = { userId: "user_idem_ana" };
    const body = { ...conversation, clientId: "rec-1733000000000-idem" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postAnalyze(ana, body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).sessionId)));
    expect(ids.size).toBe(1);
    const again = await (await postAnalyze(ana, body)).json();
    expect(ids.has(again.sessionId)).toBe(true);
    expect(await api.db.session.count({ where: { userId: "user_idem_ana" } })).toBe(1);

    // The key is per user: another user's recording with the same id is theirs.
    const ben = await (await postAnalyze({ userId: "user_idem_ben" }, body)).json();
    expect(ids.has(ben.sessionId)).toBe(false);
  });

  it("a recording whose transcription failed earlier is transcribed and analysed into that same session", async () => {
    const user = { userId: "user_idem_kept" };
    server.use(
      openAiTranscription(() => openAiError(500, "Internal error")),
      http.post(`${GEMINI_BASE_URL}/:version/models/:modelAction`, () => geminiError(500, "Internal error")),
    );
    setForTest(PROVIDER_ENV);
    const failed = await (await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-kept-1" })).json();
    server.resetHandlers(
      openAiTranscription(() =>
        HttpResponse.json(
          openAiDiarized([
            { speaker: "A", text: "Can we plan Saturday?", start: 0, end: 2 },
            { speaker: "B", text: "Yes, let's.", start: 2.1, end: 3 },
          ]),
        ),
      ),
    );
    const transcribed = await postTranscribe(user, { audio: sixHundredKb, clientId: "rec-kept-1" });
    expect(transcribed.status).toBe(200);
    expect((await transcribed.json()).sessionId).toBe(failed.failedSessionId);
    // The failed transcription (and its audio) is gone; the session awaits its analysis, listed as one to retry till then.
    expect(await api.db.failureMarker.findMany({ where: { sessionId: failed.failedSessionId }, select: { kind: true, audio: true } })).toEqual([
      { kind: "analysis", audio: null },
    ]);

    // Back to the local analyzer (no keys) for the analysis.
    setForTest(Object.fromEntries(Object.keys(NO_AI_KEYS).map((key) => [key, ""])));
    const analysed = await (await postAnalyze(user, { ...conversation, clientId: "rec-kept-1" })).json();
    expect(analysed.sessionId).toBe(failed.failedSessionId);
    expect(await api.db.session.count({ where: { userId: "user_idem_kept" } })).toBe(1);
    expect(await api.db.failureMarker.count({ where: { sessionId: failed.failedSessionId } })).toBe(0);
  });
});

describe("transcriptions in flight per instance", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, TRANSCRIPTIONS_IN_FLIGHT: "1" });

  it("refuses a transcription past the bound with a 503 and Retry-After, and takes it again once a slot is free", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => {};
    const providerStarted = new Promise<void>((resolve) => (started = resolve));
    server.use(
      openAiTranscription(async () => {
        started();
        await gate;
        return HttpResponse.json(openAiDiarized([{ speaker: "A", text: "Hello there.", start: 0, end: 1 }]));
      }),
    );
    const audio = Buffer.from("short recording").toString("base64");
    const first = postTranscribe({ ip: "192.0.2.10" }, { audio });
    await providerStarted;

    const busy = await postTranscribe({ ip: "192.0.2.11" }, { audio });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("15");
    expect((await busy.json()).error).toMatch(/^Service Unavailable/);

    release();
    expect((await first).status).toBe(200);
    expect((await postTranscribe({ ip: "192.0.2.11" }, { audio })).status).toBe(200);
  });
});

describe("bodies that arrive slowly or never", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, TRANSCRIPTIONS_IN_FLIGHT: "4", RATE_LIMIT_AI_PER_IP: "100", RATE_LIMIT_WINDOW_SECONDS: "3600" });
  beforeEach(() => api.db.rateLimitCounter.deleteMany());

  it("4 transcriptions whose bodies never finish hold no slot: each is counted by the rate limit, and an honest guest is served", async () => {
    const encoder = new TextEncoder();
    const stalled = Array.from({ length: 4 }, (_, index) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(opened) {
          controller = opened;
          opened.enqueue(encoder.encode('{"audio":"AAAA'));
        },
      });
      const request = new Request("http://localhost:3000/api/transcribe", {
        method: "POST",
        body,
        duplex: "half",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.9.1, 203.0.113.${index}` },
      } as RequestInit);
      return { controller, response: transcribe(request, routeContext()) };
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await counters()).map((counter) => counter.count)).toEqual([1, 1, 1, 1]);

    server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized([{ speaker: "A", text: "Hello there.", start: 0, end: 1 }]))));
    const audio = Buffer.from(generateOggOpus(2)).toString("base64");
    expect((await postTranscribe({ ip: "198.51.100.7" }, { audio, mimeType: "audio/ogg" })).status).toBe(200);

    // The stalled clients finally end their bodies, cut short: malformed JSON.
    for (const { controller } of stalled) controller.close();
    expect(await Promise.all(stalled.map(async ({ response }) => (await response).status))).toEqual([400, 400, 400, 400]);
  }, 15_000);
});

describe("recordings read at once", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV, TRANSCRIPTIONS_IN_FLIGHT: "1", RATE_LIMIT_AI_PER_IP: "100", RATE_LIMIT_WINDOW_SECONDS: "3600" });

  it(`are bounded too (${RECORDING_READS_PER_SLOT} per transcription slot): one more is the 503 "busy" at once, and a place freed is taken again`, async () => {
    const stalled = Array.from({ length: RECORDING_READS_PER_SLOT }, (_, index) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(opened) {
          controller = opened;
          opened.enqueue(new TextEncoder().encode('{"audio":"AAAA'));
        },
      });
      const request = new Request("http://localhost:3000/api/transcribe", {
        method: "POST",
        body,
        duplex: "half",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${index}` },
      } as RequestInit);
      return { controller, response: transcribe(request, routeContext()) };
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized([{ speaker: "A", text: "Hello there.", start: 0, end: 1 }]))));
    const audio = Buffer.from(generateOggOpus(2)).toString("base64");
    const refused = await postTranscribe({ ip: "198.51.100.77" }, { audio, mimeType: "audio/ogg" });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toBe(BUSY_MESSAGE);

    stalled[0]!.controller.close();
    expect((await stalled[0]!.response).status).toBe(400);
    expect((await postTranscribe({ ip: "198.51.100.77" }, { audio, mimeType: "audio/ogg" })).status).toBe(200);
    for (const { controller } of stalled.slice(1)) controller.close();
    await Promise.all(stalled.map(({ response }) => response));
  }, 15_000);
});

describe("one time budget for all attempts and fallbacks", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("with both providers hanging, the transcription ends by its deadline and the failed recording is stored", async () => {
    server.use(
      openAiTranscription(async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
      http.post(`${GEMINI_BASE_URL}/:version/models/:modelAction`, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const request = transcribeRequestSchema.parse({ audio: Buffer.from("a recording").toString("base64"), clientId: "rec-budget-1" });
    const identity = { userId: "user_budget", name: undefined, email: undefined, imageUrl: undefined };
    // Both providers never answer: an answer at all (within Jest's time-out) can only come from the deadline.
    const error = await transcribeRecording(request, identity, { retryOptions: { deadline: Date.now() + 3_000 } }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    const failedSessionId = (error as ApiError).details?.failedSessionId as string;
    const marker = await api.db.failureMarker.findFirstOrThrow({ where: { sessionId: failedSessionId } });
    expect(marker).toMatchObject({ kind: "transcription", audio: new Uint8Array(Buffer.from("a recording")) });
    expect(marker.error).toMatch(/did not answer within/);
  });
});
