/** @jest-environment node */
import { HttpResponse } from "msw";

import { POST as appendPublic } from "@/app/api/public/sessions/[id]/append-transcript/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { FOLLOW_UPS_FULL_MESSAGE, MAX_FOLLOW_UPS_PER_SESSION, saveSessionForUser } from "@/lib/server/services/session-store";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import { geminiError, geminiGenerate, geminiJson, modelAnalysis, openAiChat, openAiError, PROVIDER_ENV, type SeenGemini } from "@/tests/msw/providers";

// The growth follow-up on the server (spec part 2 sections 4 and 7): stored once, then the analysis regenerated with it;
// "partial_failure" when only the storing worked; the guests' variant computes the same and stores nothing.

const api = setUpApiTestContext();
const { server } = api;

const segments = [
  { speaker: "SPEAKER_01", text: "I want us to have more time for each other.", start: 0, end: 3 },
  { speaker: "SPEAKER_02", text: "Then let's keep Saturday mornings free.", start: 3.2, end: 6 },
];
const followUp = {
  transcript: "Ana: Saturday mornings are ours, no phones.\nBen: Agreed, starting this week.",
  transcriptionSegments: [
    { speaker: "SPEAKER_01", text: "Saturday mornings are ours, no phones.", start: 0, end: 2.5 },
    { speaker: "SPEAKER_02", text: "Agreed, starting this week.", start: 2.7, end: 4.5 },
  ],
  speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
};

async function storedSession(userId: string, localId: string): Promise<string> {
  const session = {
    id: localId,
    transcript: segments.map((segment) => segment.text).join(" "),
    analysis: {
      cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }],
      transcriptionSegments: segments,
      speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
    },
    speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
    summary: "Before the follow-up.",
    recommendations: ["Old one"],
    name: "Weekends",
  };
  return (await saveSessionForUser(userId, localId, session as never)).id;
}

const call = async (userId: string, id: string, body: unknown) =>
  append(apiRequest(`/api/sessions/${id}/append-transcript`, { method: "POST", body, headers: bearer(await mintSessionToken(userId)) }), routeContext({ id }));
const callPublic = (id: string, body: unknown) =>
  appendPublic(apiRequest(`/api/public/sessions/${id}/append-transcript`, { method: "POST", body }), routeContext({ id }));

describe("with AI providers", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("stores the follow-up and regenerates summary, recommendations, encouragement and the growth card from both conversations", async () => {
    const id = await storedSession("user_g1", "local-g1");
    const prompts: string[] = [];
    server.use(
      geminiGenerate(async () =>
        HttpResponse.json(
          geminiJson(modelAnalysis({ recommendations: ["One", "Two", "Three", "Keep Saturday mornings free"], coachResponse: "You **agreed** on Saturdays." })),
        ),
      ),
    );
    server.events.on("request:start", async ({ request }) => {
      if (request.url.includes("generateContent")) prompts.push(await request.clone().text());
    });
    const response = await call("user_g1", id, followUp);
    server.events.removeAllListeners();
    expect(response.status).toBe(200);
    const session = await response.json();
    expect(session).toMatchObject({ id, status: "ok", summary: "You **agreed** on Saturdays.", encouragement: "You're building something good." });
    expect(session.recommendations).toEqual(["Two", "Three", "Keep Saturday mornings free"]);
    expect(session.analysis.mutualGrowthCard).toMatchObject({ insight: "Make time for each other." });
    expect(session.analysis.cards).toHaveLength(1); // the votes' cards are untouched
    expect(session.followUpTranscripts.map((item: { transcript: string }) => item.transcript)).toEqual([followUp.transcript]);
    // The model saw the first conversation and the commitment, with the names given.
    expect(prompts.join("")).toContain("Ana: I want us to have more time for each other.");
    expect(prompts.join("")).toContain("Saturday mornings are ours, no phones.");
  });

  it("keeps a save that landed while the model answered: only the growth card of the analysis is replaced", async () => {
    const id = await storedSession("user_g1b", "local-g1b");
    let savedMeanwhile = false;
    server.use(
      geminiGenerate(async () => {
        // Another tab saves the session (a second card) while this follow-up's regeneration waits for the model.
        if (!savedMeanwhile) {
          savedMeanwhile = true;
          const current = await api.db.session.findUniqueOrThrow({ where: { id }, select: { analysis: true } });
          const analysis = current.analysis as { cards: unknown[] };
          await saveSessionForUser("user_g1b", "local-g1b", {
            id: "local-g1b",
            analysis: { ...analysis, cards: [...analysis.cards, { dimension: "Timing", insight: "You took turns.", tips: [] }] },
          } as never);
        }
        return HttpResponse.json(geminiJson(modelAnalysis()));
      }),
    );
    const response = await call("user_g1b", id, followUp);
    expect(response.status).toBe(200);
    const session = await response.json();
    expect(session.status).toBe("ok");
    expect(savedMeanwhile).toBe(true);
    expect(session.analysis.cards.map((card: { dimension: string }) => card.dimension)).toEqual(["Curiosity", "Timing"]);
    expect(session.analysis.mutualGrowthCard).toMatchObject({ insight: "Make time for each other." });
  });

  it("answers partial_failure when both providers fail, with the follow-up stored and the old summary kept", async () => {
    const id = await storedSession("user_g2", "local-g2");
    server.use(
      geminiGenerate(() => geminiError(503, "overloaded")),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const response = await call("user_g2", id, followUp);
    expect(response.status).toBe(200);
    const session = await response.json();
    expect(session.status).toBe("partial_failure");
    expect(session.error).toMatch(/^Analysis generation failed: /);
    expect(session.summary).toBe("Before the follow-up.");
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(1);

    // Try Again: the same follow-up is not stored twice, and this time the regeneration runs.
    server.resetHandlers();
    const seen: SeenGemini[] = [];
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis())), seen));
    const retried = await (await call("user_g2", id, followUp)).json();
    expect(retried.status).toBe("ok");
    expect(seen).toHaveLength(1);
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ["transcriptionSegments: 5", { transcriptionSegments: 5 }],
    ["transcriptionSegments: 'abc'", { transcriptionSegments: "abc" }],
    ["transcriptionSegments: {}", { transcriptionSegments: {} }],
    ["transcriptionSegments: [null, 5, {}]", { transcriptionSegments: [null, 5, {}] }],
    ["speakerNames: { SPEAKER_01: 5 }", { transcriptionSegments: segments, speakerNames: { SPEAKER_01: 5 } }],
  ])("regenerates after a save whose analysis holds %s, the follow-up stored once", async (_, analysis) => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const localId = `local-odd-${Math.random().toString(36).slice(2)}`;
    const { id } = await saveSessionForUser("user_g6", localId, { id: localId, transcript: "Ana: hi\nBen: hello", analysis });
    const response = await call("user_g6", id, {
      transcript: "Ana: We will walk every Sunday.",
      transcriptionSegments: [{ speaker: "A", text: "We will walk every Sunday.", start: 0, end: 2 }],
    });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("ok");
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(1);
  });

  it("is a 404 for another user's session, with no provider called and nothing stored", async () => {
    const id = await storedSession("user_g3", "local-g3");
    const seen: SeenGemini[] = [];
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis())), seen));
    expect((await call("user_g4", id, followUp)).status).toBe(404);
    expect(seen).toHaveLength(0);
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(0);
  });

  it("the public variant regenerates a guest's session from the context sent, and stores nothing", async () => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const before = { sessions: await api.db.session.count(), followUps: await api.db.followUpTranscript.count() };
    const response = await callPublic("local-guest", {
      ...followUp,
      context: { transcript: "Ana: more time please\nBen: Saturdays then", speakerNames: { SPEAKER_01: "Ana" } },
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ status: "ok", summary: expect.any(String), recommendations: ["Plan Saturday together", "Ask one open question a day"] });
    expect(answer.analysis.mutualGrowthCard.insight).toBe("Make time for each other.");
    expect(await api.db.session.count()).toBe(before.sessions);
    expect(await api.db.followUpTranscript.count()).toBe(before.followUps);
  });

  it("the public variant without the conversation is a 400", async () => {
    expect((await callPublic("local-guest", followUp)).status).toBe(400);
  });
});

describe("without an AI key", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

  it("the local analyzer regenerates the recommendations and the growth card", async () => {
    const id = await storedSession("user_g5", "local-g5");
    const session = await (await call("user_g5", id, followUp)).json();
    expect(session.status).toBe("ok");
    expect(session.recommendations.length).toBeGreaterThan(0);
    expect(session.analysis.mutualGrowthCard.insight).toEqual(expect.any(String));
  });
});

describe(`a session's follow-ups, at most ${MAX_FOLLOW_UPS_PER_SESSION}`, () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

  const followUps = (count: number, from = 0) =>
    Array.from({ length: count }, (_, index) => ({ transcript: `Ana: Follow-up number ${from + index}.`, createdAt: "2026-11-02T09:00:00.000Z" }));

  it("a save that would pass the bound is a 422 that stores none of it; one up to the bound, and the same ones again, are taken", async () => {
    const id = await storedSession("user_g6", "local-g6");
    const save = (items: unknown[]) => saveSessionForUser("user_g6", id, { id, followUpTranscripts: items } as never);
    await save(followUps(MAX_FOLLOW_UPS_PER_SESSION - 1));
    await expect(save(followUps(2, MAX_FOLLOW_UPS_PER_SESSION - 1))).rejects.toMatchObject({ code: "unprocessable", message: FOLLOW_UPS_FULL_MESSAGE });
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(MAX_FOLLOW_UPS_PER_SESSION - 1);
    await save(followUps(1, MAX_FOLLOW_UPS_PER_SESSION - 1));
    // The ones it holds, sent again (every save of a device copy carries them all), add nothing and are not refused.
    await save(followUps(MAX_FOLLOW_UPS_PER_SESSION));
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(MAX_FOLLOW_UPS_PER_SESSION);
  });

  it("an append past the bound is a 422 before any model is asked; the same follow-up again is still answered", async () => {
    const id = await storedSession("user_g7", "local-g7");
    await saveSessionForUser("user_g7", id, { id, followUpTranscripts: followUps(MAX_FOLLOW_UPS_PER_SESSION) } as never);
    const refused = await call("user_g7", id, followUp);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: FOLLOW_UPS_FULL_MESSAGE });
    expect(await api.db.followUpTranscript.count({ where: { sessionId: id } })).toBe(MAX_FOLLOW_UPS_PER_SESSION);
    expect((await call("user_g7", id, { transcript: "Ana: Follow-up number 3." })).status).toBe(200);
  });
});
