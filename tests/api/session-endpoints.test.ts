/** @jest-environment node */
import { HttpResponse } from "msw";

import { POST as savePublic } from "@/app/api/public/sessions/[id]/route";
import { POST as summaryPublic } from "@/app/api/public/sessions/[id]/summary/route";
import { POST as swipePublic } from "@/app/api/public/sessions/[id]/swipe/route";
import { POST as reminderClick } from "@/app/api/sessions/[id]/reminder-cta-click/route";
import { GET as getSession, POST as saveSession } from "@/app/api/sessions/[id]/route";
import { POST as summary } from "@/app/api/sessions/[id]/summary/route";
import { POST as swipe } from "@/app/api/sessions/[id]/swipe/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { geminiError, geminiGenerate, geminiJson, modelAnalysis, openAiChat, openAiError, PROVIDER_ENV } from "@/tests/msw/providers";

const api = setUpApiTestContext();
const { server } = api;
setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

const auth = async (userId: string) => bearer(await mintSessionToken(userId));
const analysis = { ...modelAnalysis(), source: "ai" };
const localSession = (id: string) => ({
  id,
  transcript: "Ana: hi\nBen: hello",
  analysis,
  swipeActions: [{ cardIndex: 0, action: "helpful" }],
  createdAt: "2026-11-20T10:00:00.000Z",
  name: "Weekend plans",
  followUpTranscripts: [{ transcript: "We did it!", createdAt: "2026-11-21T10:00:00.000Z" }],
});

async function save(userId: string, id: string, body: unknown) {
  return saveSession(apiRequest(`/api/sessions/${id}?skipRegeneration=true`, { method: "POST", body, headers: await auth(userId) }), routeContext({ id }));
}

describe("POST /api/sessions/{id}?skipRegeneration=true", () => {
  it("saves a browser session once, however often it is sent", async () => {
    const first = await save("user_s1", "local-1732000000000", localSession("local-1732000000000"));
    expect(first.status).toBe(200);
    const saved = await first.json();
    await save("user_s1", "local-1732000000000", localSession("local-1732000000000"));
    expect(await api.db.session.count({ where: { userId: "user_s1" } })).toBe(1);
    expect(await api.db.followUpTranscript.count({ where: { sessionId: saved.id } })).toBe(1);
    expect(saved.swipeActions).toEqual([{ cardIndex: 0, action: "helpful", timestamp: expect.any(Number) }]);
    expect(saved.createdAt).toBe("2026-11-20T10:00:00.000Z");
  });

  it("is a 404 for another user's session, and never creates a session under an unknown server id", async () => {
    const mine = await (await save("user_s2", "local-5", localSession("local-5"))).json();
    expect((await save("user_s3", mine.id, { ...localSession(mine.id) })).status).toBe(404);
    const unknown = "0b4d5a7e-1111-4222-8333-944455556666";
    expect((await save("user_s3", unknown, localSession(unknown))).status).toBe(404);
  });

  it.each([
    ["a body whose id differs from the path", { ...localSession("local-9"), id: "local-8" }],
    ["follow-ups without a transcript string", { ...localSession("local-9"), followUpTranscripts: [{ transcript: 5 }] }],
    ["analysis.followUpTranscripts that is not a list", { ...localSession("local-9"), analysis: { ...analysis, followUpTranscripts: "x" } }],
    ["no id", { transcript: "x" }],
  ])("refuses %s with a 400", async (_, body) => {
    expect((await save("user_s4", "local-9", body)).status).toBe(400);
  });

  it.each([
    ["createdAt", "2026-02-30T10:00:00.000Z", (id: string) => ({ ...localSession(id), createdAt: "2026-02-30T10:00:00.000Z" })],
    ["createdAt", "2026-02-29", (id: string) => ({ ...localSession(id), createdAt: "2026-02-29" })],
    [
      "followUpTranscripts.0.createdAt",
      "2026-04-31T00:00:00Z",
      (id: string) => ({ ...localSession(id), followUpTranscripts: [{ transcript: "x", createdAt: "2026-04-31T00:00:00Z" }] }),
    ],
    ["followUpTranscripts.0.date", "2026-02-31", (id: string) => ({ ...localSession(id), followUpTranscripts: [{ transcript: "x", date: "2026-02-31" }] })],
  ])("refuses %s %s, a day the calendar does not have, with a 400 that says so, storing nothing", async (field, _, body) => {
    const response = await save("user_s4", "local-10", body("local-10"));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(`${field}: must be a real date between 2000 and 2100`);
    expect(await api.db.session.count({ where: { userId: "user_s4", clientId: "local-10" } })).toBe(0);
  });

  it("refuses a new session past the account's bound with a 422 that says what to do; saves of a kept one go on", async () => {
    process.env.STORED_SESSIONS_PER_USER = "2";
    try {
      expect((await save("user_s5", "local-51", localSession("local-51"))).status).toBe(200);
      expect((await save("user_s5", "local-52", localSession("local-52"))).status).toBe(200);
      const refused = await save("user_s5", "local-53", localSession("local-53"));
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        code: "unprocessable",
        error: "This account holds the most sessions it can keep (2). Delete older sessions to save new ones.",
      });
      expect((await save("user_s5", "local-52", { ...localSession("local-52"), name: "Renamed" })).status).toBe(200);
      expect(await api.db.session.count({ where: { userId: "user_s5" } })).toBe(2);
      // Another account is not held to this one's count.
      expect((await save("user_s6", "local-53", localSession("local-53"))).status).toBe(200);
    } finally {
      delete process.env.STORED_SESSIONS_PER_USER;
    }
  });

  it("the public variant stores nothing", async () => {
    const before = await api.db.session.count();
    const response = await savePublic(
      apiRequest("/api/public/sessions/local-7", { method: "POST", body: localSession("local-7") }),
      routeContext({ id: "local-7" }),
    );
    expect(await response.json()).toMatchObject({ success: true, localOnly: true });
    expect(await api.db.session.count()).toBe(before);
  });
});

describe("GET /api/sessions/{id}", () => {
  // Spec part 2 section 7: the refetch after an append, the opening from the history and the forced refresh after the
  // growth overlay closes read the same session; their query parameters only defeat caches.
  it.each([
    ["the plain form", ""],
    ["the refetch after an append", "?from=history&refresh=true&_t=1732000000000"],
    ["the forced refresh after the growth overlay closes", "?refresh=true&force=true&_t=1732000000000"],
    ["the forced refresh's _r variant", "?refresh=true&force=true&_t=1732000000000&_r=0.8317"],
    ["odd values of the same parameters", "?refresh=maybe&force=&_t=not-a-time&_r"],
  ])("answers %s with the owner's session", async (_, query) => {
    const { id } = await (await save("user_g1", "local-g1", localSession("local-g1"))).json();
    const response = await getSession(apiRequest(`/api/sessions/${id}${query}`, { headers: await auth("user_g1") }), routeContext({ id }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, name: "Weekend plans", followUpTranscripts: [expect.objectContaining({ transcript: "We did it!" })] });
    const stranger = await getSession(apiRequest(`/api/sessions/${id}${query}`, { headers: await auth("user_g2") }), routeContext({ id }));
    expect(stranger.status).toBe(404);
  });
});

describe("votes, reminder clicks and summaries", () => {
  it("keeps one vote per card, the newest winning", async () => {
    const { id } = await (await save("user_v1", "local-11", { ...localSession("local-11"), swipeActions: [] })).json();
    const vote = async (swipeActions: unknown) =>
      swipe(apiRequest(`/api/sessions/${id}/swipe`, { method: "POST", body: { swipeActions }, headers: await auth("user_v1") }), routeContext({ id }));
    await vote([
      { cardIndex: 0, action: "helpful" },
      { cardIndex: 1, action: "unhelpful" },
    ]);
    const response = await vote([{ cardIndex: 1, action: "helpful" }]);
    expect((await response.json()).swipeActions.map((item: { cardIndex: number; action: string }) => [item.cardIndex, item.action])).toEqual([
      [0, "helpful"],
      [1, "helpful"],
    ]);
    const stranger = await swipe(
      apiRequest(`/api/sessions/${id}/swipe`, { method: "POST", body: { swipeActions: [] }, headers: await auth("user_v2") }),
      routeContext({ id }),
    );
    expect(stranger.status).toBe(404);
    expect(
      (
        await swipePublic(
          apiRequest(`/api/public/sessions/${id}/swipe`, { method: "POST", body: { swipeActions: [{ cardIndex: 0, action: "unhelpful" }] } }),
          routeContext({ id }),
        )
      ).status,
    ).toBe(200);
    expect(await api.db.swipeAction.count({ where: { sessionId: id } })).toBe(2);
  });

  it("counts reminder taps for the owner only", async () => {
    const { id } = await (await save("user_r1", "local-12", localSession("local-12"))).json();
    expect(
      (await reminderClick(apiRequest(`/api/sessions/${id}/reminder-cta-click`, { method: "POST", headers: await auth("user_r1") }), routeContext({ id })))
        .status,
    ).toBe(200);
    expect(
      (await reminderClick(apiRequest(`/api/sessions/${id}/reminder-cta-click`, { method: "POST", headers: await auth("user_r2") }), routeContext({ id })))
        .status,
    ).toBe(404);
    expect((await api.db.session.findUniqueOrThrow({ where: { id } })).reminderCtaClicks).toBe(1);
  });

  it("summarises with the AI and completes the session with a reminder 14 days ahead", async () => {
    server.use(
      geminiGenerate(() =>
        HttpResponse.json(
          geminiJson({
            summary: "The curiosity card resonated.",
            recommendations: ["Ask one open question", "", "Plan Saturday", "Say thanks"],
            encouragement: "Keep going!",
          }),
        ),
      ),
    );
    const { id } = await (await save("user_m1", "local-13", localSession("local-13"))).json();
    const before = Date.now();
    const response = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: await auth("user_m1") }), routeContext({ id }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      summary: "The curiosity card resonated.",
      recommendations: ["Ask one open question", "Plan Saturday", "Say thanks"],
      encouragement: "Keep going!",
    });
    expect(body.reminderDate - before).toBeGreaterThanOrEqual(14 * 24 * 3600 * 1000 - 1000);
    const stored = await (await getSession(apiRequest(`/api/sessions/${id}`, { headers: await auth("user_m1") }), routeContext({ id }))).json();
    expect(stored).toMatchObject({ isCompleted: true, summary: "The curiosity card resonated." });
  });

  it("stores a summary whose model answer holds a NUL or a lone surrogate, repaired, instead of failing after the paid call", async () => {
    server.use(
      geminiGenerate(() =>
        HttpResponse.json(
          geminiJson({ summary: "The curiosity\u0000 card.", recommendations: ["Ask \uD800 more", "Plan", "Thank"], encouragement: "Go\u0000!" }),
        ),
      ),
    );
    const { id } = await (await save("user_m3", "local-16", localSession("local-16"))).json();
    const response = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: await auth("user_m3") }), routeContext({ id }));
    expect(response.status).toBe(200);
    const stored = await api.db.session.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({
      summary: "The curiosity card.",
      recommendations: ["Ask \uFFFD more", "Plan", "Thank"],
      encouragement: "Go!",
      isCompleted: true,
    });
  });

  it("answers a usable fallback body when every provider fails", async () => {
    server.use(
      geminiGenerate(() => geminiError(503, "overloaded")),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const { id } = await (await save("user_m2", "local-14", localSession("local-14"))).json();
    const response = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: await auth("user_m2") }), routeContext({ id }));
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.fallback).toBe(true);
    expect(body.summary).toBe("Session saved with generic summary due to an error.");
    expect(body.recommendations).toHaveLength(3);
  });

  it("a regeneration that fails keeps the summary and recommendations the session has", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson({ summary: "What resonated.", recommendations: ["One", "Two", "Three"], encouragement: "Onwards." }))),
    );
    const { id } = await (await save("user_m2_regen", "local-regen", localSession("local-regen"))).json();
    const first = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: await auth("user_m2_regen") }), routeContext({ id }));
    expect(first.status).toBe(200);
    const before = await api.db.session.findUniqueOrThrow({ where: { id } });
    expect(before.summary).toBe("What resonated.");

    server.use(
      geminiGenerate(() => geminiError(503, "overloaded")),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const again = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: await auth("user_m2_regen") }), routeContext({ id }));
    expect(again.status).toBe(503);
    expect(await api.db.session.findUniqueOrThrow({ where: { id } })).toEqual(before);
    // The failure's body is the summary kept, so a client that falls back on the body shows and saves that, not the generic one.
    expect(await again.json()).toMatchObject({
      fallback: true,
      summary: "What resonated.",
      recommendations: ["One", "Two", "Three"],
      encouragement: "Onwards.",
      reminderDate: before.reminderDate!.getTime(),
    });
  });

  describe.each([
    ["with an AI key", {}],
    ["without an AI key", { GEMINI_API_KEY: undefined, OPENAI_API_KEY: undefined }],
  ])("a session saved with cards that are not insight cards is summarised from the well-formed ones (%s)", (_, env) => {
    let saved: Record<string, string | undefined> = {};
    beforeEach(() => {
      saved = { ...process.env };
      for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
      server.use(
        geminiGenerate(() =>
          HttpResponse.json(geminiJson({ summary: "What resonated.", recommendations: ["One", "Two", "Three"], encouragement: "Onwards." })),
        ),
      );
    });
    afterEach(() => Object.assign(process.env, saved));

    it.each([
      ["cards: [{}]", [{}]],
      ["cards: [null]", [null]],
      ["cards: [{dimension: 'x', insight: 5}]", [{ dimension: "x", insight: 5 }]],
      ["cards: 'abc'", "abc"],
    ])("%s", async (_, cards) => {
      const userId = `user_odd_cards_${Object.keys(env).length}`;
      const localId = `local-${Date.now()}${Math.floor(Math.random() * 1e6)}`;
      const stored = await save(userId, localId, { ...localSession(localId), analysis: { ...analysis, cards: [...[cards].flat(), analysis.cards[0]] } });
      expect(stored.status).toBe(200);
      const { id } = await stored.json();
      const response = await summary(apiRequest(`/api/sessions/${id}/summary`, { method: "POST", headers: await auth(userId) }), routeContext({ id }));
      expect(response.status).toBe(200);
      expect((await response.json()).recommendations).toHaveLength(3);
      expect((await api.db.session.findUniqueOrThrow({ where: { id } })).isCompleted).toBe(true);
    });
  });

  it("the public summary works from the cards and votes sent, storing nothing", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson({ summary: "Guest summary.", recommendations: ["One", "Two", "Three"], encouragement: "Onwards." }))),
    );
    const before = await api.db.session.count();
    const response = await summaryPublic(
      apiRequest("/api/public/sessions/local-15/summary", {
        method: "POST",
        body: { analysis: { cards: analysis.cards }, swipeActions: [{ cardIndex: 0, action: "helpful" }] },
      }),
      routeContext({ id: "local-15" }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).summary).toBe("Guest summary.");
    expect(await api.db.session.count()).toBe(before);
  });
});
