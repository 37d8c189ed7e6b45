/** @jest-environment node */
import { HttpResponse } from "msw";

import { POST as analyze } from "@/app/api/analyze/route";
import { POST as retryAnalysis } from "@/app/api/sessions/[id]/retry-analysis/route";
import { GET as getSession } from "@/app/api/sessions/[id]/route";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import {
  geminiError,
  geminiGenerate,
  geminiJson,
  modelAnalysis,
  openAiChat,
  openAiChatJson,
  openAiError,
  PROVIDER_ENV,
  type SeenChat,
  type SeenGemini,
} from "@/tests/msw/providers";

const api = setUpApiTestContext();
const { server } = api;

const segments = [
  { speaker: "SPEAKER_01", text: "I felt unheard last night, honestly.", start: 0, end: 3 },
  { speaker: "SPEAKER_02", text: "I'm sorry. Tell me more?", start: 3.2, end: 5 },
  { speaker: "SPEAKER_01", text: "Thank you for asking. I need us to plan weekends together.", start: 5.2, end: 9 },
];
const body = {
  transcript: "Ana: I felt unheard last night, honestly.\nBen: I'm sorry. Tell me more?\nAna: Thank you for asking. I need us to plan weekends together.",
  fullTranscript:
    "SPEAKER_01: I felt unheard last night, honestly.\nSPEAKER_02: I'm sorry. Tell me more?\nSPEAKER_01: Thank you for asking. I need us to plan weekends together.",
  speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
  segments,
};
const post = async (payload: unknown, userId?: string) =>
  analyze(apiRequest("/api/analyze", { method: "POST", body: payload, headers: userId ? bearer(await mintSessionToken(userId)) : {} }), routeContext());

describe("POST /api/analyze with AI providers", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("asks Gemini with a response schema, grounds the prompt in metrics and validates the answer", async () => {
    const seen: SeenGemini[] = [];
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis())), seen));
    const response = await post(body);
    expect(response.status).toBe(200);
    const { analysis, sessionId } = await response.json();
    expect(sessionId).toBeNull(); // a guest: nothing stored
    expect(analysis.source).toBe("ai");
    expect(analysis.cards.map((card: { dimension: string }) => card.dimension)).toEqual(["Curiosity", "Timing", "Appreciation"]);
    expect(analysis.recommendations).toEqual(["Plan Saturday together", "Ask one open question a day"]);
    expect(analysis.metrics.speakers.SPEAKER_01.turns).toBe(2);
    expect(analysis.speakerNames).toEqual(body.speakerNames);
    expect(seen[0]).toMatchObject({ responseMimeType: "application/json", hasSchema: true });
    expect(await api.db.session.count()).toBe(0);
  });

  it("stores a signed-in user's session and only that user can read it", async () => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const { sessionId } = await (await post(body, "user_an_1")).json();
    expect(sessionId).toEqual(expect.any(String));

    const own = await getSession(
      apiRequest(`/api/sessions/${sessionId}`, { headers: bearer(await mintSessionToken("user_an_1")) }),
      routeContext({ id: sessionId }),
    );
    expect(own.status).toBe(200);
    const stored = await own.json();
    expect(stored.analysis.cards).toHaveLength(3);
    expect(stored.isCompleted).toBe(false);
    expect(stored.swipeActions).toEqual([]);

    const other = await getSession(
      apiRequest(`/api/sessions/${sessionId}`, { headers: bearer(await mintSessionToken("user_an_2")) }),
      routeContext({ id: sessionId }),
    );
    expect(other.status).toBe(404);
  });

  it("the same recording sent again after its analysis was stored (the answer lost on the way) gets the stored analysis, with no second call", async () => {
    const seen: SeenGemini[] = [];
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis())), seen));
    const withKey = { ...body, clientId: "rec-answer-lost" };
    const first = await (await post(withKey, "user_an_replay")).json();
    const callsForTheFirst = seen.length;
    expect(callsForTheFirst).toBeGreaterThan(0);
    const stored = await api.db.session.findUniqueOrThrow({ where: { id: first.sessionId } });

    // The provider would now answer something else, or fail: neither is asked.
    server.use(geminiGenerate(() => geminiError(503, "overloaded"), seen));
    const again = await post(withKey, "user_an_replay");
    expect(again.status).toBe(200);
    const replayed = await again.json();
    expect(replayed.sessionId).toBe(first.sessionId);
    expect(replayed.analysis).toEqual(first.analysis);
    expect(replayed.signals).toEqual(first.signals);
    expect(seen).toHaveLength(callsForTheFirst);
    expect(await api.db.session.findUniqueOrThrow({ where: { id: first.sessionId } })).toEqual(stored);
    expect(await api.db.failureMarker.count({ where: { sessionId: first.sessionId } })).toBe(0);
  });

  it("the same recording sent twice at once, the second failing after the first was stored: it answers the stored analysis, nothing marked failed", async () => {
    let secondArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (secondArrived = resolve));
    let firstDone!: () => void;
    const done = new Promise<void>((resolve) => (firstDone = resolve));
    let calls = 0;
    server.use(
      geminiGenerate(async () => {
        calls += 1;
        if (calls === 1) {
          // The first waits until the second is at the provider too: both passed the replay check with nothing stored.
          await arrived;
          return HttpResponse.json(geminiJson(modelAnalysis()));
        }
        secondArrived();
        await done;
        return geminiError(503, "overloaded");
      }),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const withKey = { ...body, clientId: "rec-twice-at-once" };
    const first = post(withKey, "user_an_twice");
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = post(withKey, "user_an_twice");
    const firstAnswer = await (await first).json();
    firstDone();
    const secondResponse = await second;
    expect(secondResponse.status).toBe(200);
    expect(await secondResponse.json()).toMatchObject({ sessionId: firstAnswer.sessionId, analysis: firstAnswer.analysis });
    expect(await api.db.failureMarker.count({ where: { sessionId: firstAnswer.sessionId } })).toBe(0);
    expect(await api.db.session.count({ where: { userId: "user_an_twice" } })).toBe(1);
  });

  it("a replay is free: it does not use up the caller's AI allowance", async () => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const withKey = { ...body, clientId: "rec-replay-free" };
    const first = await post(withKey, "user_an_replay_free");
    expect(first.status).toBe(200);
    const counted = () => api.db.rateLimitCounter.findMany({ where: { key: { contains: "user_an_replay_free" } }, select: { key: true, count: true } });
    const afterTheCall = await counted();
    expect(afterTheCall).toEqual([{ key: "analyze:user:user_an_replay_free", count: 1 }]);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await post(withKey, "user_an_replay_free")).status).toBe(200);
    expect(await counted()).toEqual(afterTheCall);
  });

  it("a session named by id that holds its analysis already (a device's retry whose earlier answer was lost) is answered from it, with no call", async () => {
    const seen: SeenGemini[] = [];
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis())), seen));
    const first = await (await post(body, "user_an_named_replay")).json();
    const calls = seen.length;
    server.use(geminiGenerate(() => geminiError(503, "overloaded"), seen));
    const again = await post({ ...body, sessionId: first.sessionId }, "user_an_named_replay");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ sessionId: first.sessionId, analysis: first.analysis });
    expect(seen).toHaveLength(calls);
    // Another user naming it is still told it does not exist.
    expect((await post({ ...body, sessionId: first.sessionId }, "user_an_named_other")).status).toBe(404);
  });

  it("a recording whose analysis failed on the server is analysed again when sent again", async () => {
    server.use(
      geminiGenerate(() => geminiError(503, "overloaded")),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const withKey = { ...body, clientId: "rec-failed-once" };
    const { failedSessionId } = await (await post(withKey, "user_an_again")).json();
    server.resetHandlers();
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const again = await post(withKey, "user_an_again");
    expect(again.status).toBe(200);
    expect((await again.json()).sessionId).toBe(failedSessionId);
    expect(await api.db.failureMarker.count({ where: { sessionId: failedSessionId } })).toBe(0);
  });

  it("cannot analyse into another user's session", async () => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const { sessionId } = await (await post(body, "user_an_3")).json();
    const response = await post({ ...body, sessionId }, "user_an_4");
    expect(response.status).toBe(404);
  });

  it("falls back to OpenAI when Gemini is overloaded", async () => {
    const seenChat: SeenChat[] = [];
    server.use(
      geminiGenerate(() => geminiError(503, "The model is overloaded.")),
      openAiChat(() => HttpResponse.json(openAiChatJson(modelAnalysis())), seenChat),
    );
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(seenChat[0]?.responseFormat).toBe("json_schema");
    expect(seenChat[0]?.user).toContain("<transcript>");
  });

  it("moves on from malformed model JSON, and fails clearly when nothing valid comes back", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson("{not json"))),
      openAiChat(() => HttpResponse.json(openAiChatJson({ cards: "nope" }))),
    );
    const response = await post(body);
    expect(response.status).toBe(503);
    const error = await response.json();
    expect(error.error).toMatch(/Analysis failed/);
    expect(error.failedSessionId).toBeUndefined();
  });

  it("a signed-in failure keeps the transcript on the server and can be retried there", async () => {
    server.use(
      geminiGenerate(() => geminiError(503, "overloaded")),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const failed = await post(body, "user_an_5");
    expect(failed.status).toBe(503);
    const { failedSessionId, isConnectionError } = await failed.json();
    expect(failedSessionId).toEqual(expect.any(String));
    expect(isConnectionError).toBe(true);

    server.resetHandlers();
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const retried = await retryAnalysis(
      apiRequest(`/api/sessions/${failedSessionId}/retry-analysis`, { method: "POST", headers: bearer(await mintSessionToken("user_an_5")) }),
      routeContext({ id: failedSessionId }),
    );
    expect(retried.status).toBe(200);
    expect((await retried.json()).sessionId).toBe(failedSessionId);
    expect(await api.db.failureMarker.count({ where: { sessionId: failedSessionId } })).toBe(0);

    const stranger = await retryAnalysis(
      apiRequest(`/api/sessions/${failedSessionId}/retry-analysis`, { method: "POST", headers: bearer(await mintSessionToken("user_an_6")) }),
      routeContext({ id: failedSessionId }),
    );
    expect(stranger.status).toBe(404);
  });

  it("a retry still runs when what is stored no longer passes the analysis request's rules (a blank name, a segment out of range)", async () => {
    server.use(
      geminiGenerate(() => geminiError(503, "overloaded")),
      openAiChat(() => openAiError(503, "Service Unavailable")),
    );
    const { failedSessionId } = await (await post(body, "user_an_7")).json();
    // Saved since by the session's own route, whose rules are looser.
    await api.db.session.update({
      where: { id: failedSessionId },
      data: { speakerNames: { A: "  " }, analysis: { transcriptionSegments: [{ speaker: "A", text: "hi", start: 1_000_000, end: 2_000_000 }] } },
    });

    server.resetHandlers();
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const retried = await retryAnalysis(
      apiRequest(`/api/sessions/${failedSessionId}/retry-analysis`, { method: "POST", headers: bearer(await mintSessionToken("user_an_7")) }),
      routeContext({ id: failedSessionId }),
    );
    expect(retried.status).toBe(200);
    expect(await api.db.failureMarker.count({ where: { sessionId: failedSessionId } })).toBe(0);
  });

  it("flags a transcript with language of violence for the safety card, whatever the model wrote", async () => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
    const worrying = { ...body, transcript: `${body.transcript}\nAna: Last week he hit me and I'm afraid to go home.`, segments: undefined };
    const { analysis } = await (await post(worrying)).json();
    expect(analysis.safety).toEqual({ concern: true, kinds: ["violence", "abuse"] });
    const { analysis: calm } = await (await post(body)).json();
    expect(calm.safety).toBeUndefined();
  });

  it("times every quote from the segments and drops the quotes nobody said", async () => {
    const answer = modelAnalysis();
    answer.cards[0]!.evidence = ["Tell me more", "You never listen to me"];
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(answer))));
    const { analysis } = await (await post(body)).json();
    expect(analysis.cards[0].evidence).toEqual(["Tell me more"]);
    expect(analysis.cards[0].quotes).toEqual([{ text: "Tell me more", speaker: "SPEAKER_02", start: 3.2, end: 5 }]);
    expect(analysis.cards[2].quotes).toEqual([{ text: "Thank you", speaker: "SPEAKER_01", start: 5.2, end: 9 }]);
  });

  it.each([
    [
      "a NUL in the brief summary",
      { briefSummary: "Weekend\u0000plans" },
      (stored: { analysis: { briefSummary: string } }) => stored.analysis.briefSummary,
      "Weekendplans",
    ],
    [
      "a lone surrogate in the coach response",
      { coachResponse: "You two \uD800 talked." },
      (stored: { analysis: { coachResponse: string } }) => stored.analysis.coachResponse,
      "You two \uFFFD talked.",
    ],
    [
      "a NUL in a card's insight",
      { cards: [{ ...modelAnalysis().cards[0], insight: "You\u0000 asked." }] },
      (stored: { analysis: { cards: { insight: string }[] } }) => stored.analysis.cards[0]!.insight,
      "You asked.",
    ],
  ])("stores a signed-in analysis whose model answer holds %s, repaired, instead of failing after the paid call", async (_, overrides, read, expected) => {
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis(overrides)))));
    const response = await post(body, "user_an_nul");
    expect(response.status).toBe(200);
    const { sessionId } = await response.json();
    const stored = await getSession(
      apiRequest(`/api/sessions/${sessionId}`, { headers: bearer(await mintSessionToken("user_an_nul")) }),
      routeContext({ id: sessionId }),
    );
    expect(read(await stored.json())).toBe(expected);
  });

  it("rejects a blank transcript with the spec's message", async () => {
    const response = await post({ transcript: "   " });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain("Empty transcript. Please try recording again.");
  });

  it.each([
    ["malformed JSON", "{"],
    ["a transcript that is not text", { transcript: 5 }],
    ["too many speakers", { transcript: "a", speakerNames: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`S${i}`, "x"])) }],
  ])("answers 400 for %s", async (_, payload) => {
    expect((await post(payload)).status).toBe(400);
  });
});

describe("POST /api/analyze with no AI key", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

  it("the local analyzer's results carry the same safety flag", async () => {
    const { analysis } = await (await post({ transcript: "Ana: Sometimes I think about killing myself.\nBen: I'm here, tell me more." })).json();
    expect(analysis.source).toBe("offline");
    expect(analysis.safety).toEqual({ concern: true, kinds: ["self-harm"] });
  });

  it("answers with the local analyzer, labelled offline", async () => {
    const response = await post(body);
    expect(response.status).toBe(200);
    const { analysis } = await response.json();
    expect(analysis.source).toBe("offline");
    expect(analysis.cards.length).toBeGreaterThanOrEqual(1);
    expect(analysis.metrics.speakers.SPEAKER_02.questions).toBe(1);
  });

  it("stores a signed-in user's session whose long sentences have no space to cut a quote at, only emoji", async () => {
    // The local analyzer cut its quotes and summary by position: a cut between an emoji's two halves made jsonb refuse
    // the session, and the user got a 500 for every try.
    const line = `a${"😀".repeat(80)}`;
    const response = await post({ transcript: `A: ${line}\nB: ${line}\nA: ${line}\nB: ok` }, "user_an_emoji");
    expect(response.status).toBe(200);
    const { analysis, sessionId } = await response.json();
    expect(sessionId).toEqual(expect.any(String));
    expect(analysis.cards.flatMap((card: { evidence?: string[] }) => card.evidence ?? [])).toContain(`a${"😀".repeat(49)}`);
    expect(await api.db.session.count({ where: { userId: "user_an_emoji" } })).toBe(1);
  });

  it("a speaker a guest names '__proto__' is analysed like any other, and the server's Object.prototype stays clean", async () => {
    const hostile = {
      ...body,
      speakerNames: { SPEAKER_01: "__proto__", SPEAKER_02: "constructor" },
      segments: segments.map((segment) => ({ ...segment, speaker: segment.speaker === "SPEAKER_01" ? "__proto__" : "constructor" })),
    };
    const response = await post(hostile);
    expect(response.status).toBe(200);
    expect(Object.prototype).not.toHaveProperty("totalTime");
    expect(Object.prototype).not.toHaveProperty("talkSeconds");
    expect(Object.prototype).not.toHaveProperty("segments");
  });
});

describe("POST /api/analyze: text that is not short ASCII", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("stores an analysis whose over-long Japanese tip is cut next to an emoji", async () => {
    // 400 units is the tip limit; the model wrote more, without a space, and the cut at 399 fell between the two halves of
    // an emoji. PostgreSQL's jsonb refused the lone half and the signed-in user got "Analysis Failed" for a good answer.
    const tip = `${"話".repeat(398)}😀${"す".repeat(20)}`;
    const cards = modelAnalysis().cards.map((card, index) => (index === 0 ? { ...card, tips: [tip] } : card));
    server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis({ cards })))));
    const response = await post(body, "user_an_text");
    expect(response.status).toBe(200);
    const { analysis, sessionId } = await response.json();
    expect(sessionId).toEqual(expect.any(String));
    expect(analysis.cards[0].tips[0]).toBe(`${"話".repeat(398)}…`);
  });
});
