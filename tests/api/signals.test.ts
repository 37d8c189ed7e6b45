/** @jest-environment node */
import { delay, HttpResponse } from "msw";

import { POST as analyze } from "@/app/api/analyze/route";
import { POST as appendPublic } from "@/app/api/public/sessions/[id]/append-transcript/route";
import { POST as append } from "@/app/api/sessions/[id]/append-transcript/route";
import { DELETE as deleteSession, GET as getSession } from "@/app/api/sessions/[id]/route";
import { POST as migrate } from "@/app/api/sessions/migrate/route";
import { LABELS_JSON_SCHEMA, LABELS_OPENAI_JSON_SCHEMA } from "@/lib/domain/signals/labels";
import { getEnv } from "@/lib/server/env";
import { structuredStepsFromEnv } from "@/lib/server/providers/structured/chain";
import { conversationSignals, MAX_LABELLED_TURNS, MAX_PARALLEL_CHUNKS } from "@/lib/server/services/signal-labels";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import {
  geminiError,
  geminiGenerate,
  geminiJson,
  geminiSignalLabels,
  modelAnalysis,
  openAiChatJson,
  openAiError,
  openAiSignalLabels,
  PROVIDER_ENV,
  type SeenSignalLabels,
} from "@/tests/msw/providers";

// Issue 17: the labelling call beside the analysis (numbered lines, the schema, temperature 0, Gemini then OpenAI, chunks of
// at most 200 turns with their true numbers, at most 4 at once, a budget) and the signals /api/analyze answers and stores.

const api = setUpApiTestContext();
const { server } = api;

const names = { S1: "Maya", S2: "Jon" };
const segments = [
  { speaker: "S1", text: "You never listen to me when I talk about work.", start: 0, end: 4 },
  { speaker: "S2", text: "That's not true, I was tired last night.", start: 4.5, end: 8 },
  { speaker: "S1", text: "Okay, I'm sorry, can we try again?", start: 8.5, end: 11 },
  { speaker: "S2", text: "Yes, tell me about your day, love.", start: 11.3, end: 14 },
  { speaker: "S1", text: "It was long, thanks for asking.", start: 14.5, end: 18 },
];
const answer = {
  labels: [
    { turn: 0, label: "criticism", quote: "You never listen", responds_to: null },
    { turn: 1, label: "defensiveness", quote: "That's not true", responds_to: 0 },
    { turn: 2, label: "repair_attempt", quote: "I'm sorry", responds_to: null },
    { turn: 3, label: "interest", quote: "tell me about your day", responds_to: 2 },
    { turn: 3, label: "bid", quote: "tell me about your day", responds_to: null },
    { turn: 4, label: "appreciation", quote: "thanks for asking", responds_to: 3 },
    // Invented words: dropped and counted.
    { turn: 4, label: "affection", quote: "I love you so much", responds_to: null },
  ],
};
const noSleep = { sleep: async () => undefined };
const signalsOf = (deps: Partial<Parameters<typeof conversationSignals>[1]> = {}, input = segments) =>
  conversationSignals({ segments: input, speakerNames: names, mode: "couple" }, { steps: structuredStepsFromEnv(getEnv()), retryOptions: noSleep, ...deps });

describe("the labelling call", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("sends numbered lines with names, the labels schema and temperature 0 to Gemini, and keeps only checked labels", async () => {
    const seen: SeenSignalLabels[] = [];
    server.use(geminiSignalLabels(() => HttpResponse.json(geminiJson(answer)), seen));
    const signals = await signalsOf();

    expect(seen).toHaveLength(1);
    expect(seen[0]!.user.split("\n")).toEqual([
      "<turns>",
      "[0] Maya: You never listen to me when I talk about work.",
      "[1] Jon: That's not true, I was tired last night.",
      "[2] Maya: Okay, I'm sorry, can we try again?",
      "[3] Jon: Yes, tell me about your day, love.",
      "[4] Maya: It was long, thanks for asking.",
      "</turns>",
    ]);
    expect(seen[0]!.schema).toEqual(LABELS_JSON_SCHEMA);
    expect(seen[0]!.temperature).toBe(0);
    expect(seen[0]!.system).toMatch(/criticism: attacks the person/);

    expect(signals).toMatchObject({
      labelled: true,
      turns: 5,
      rejectedLabels: 1,
      ratio: { positive: 2, negative: 2, value: 1 },
      repairs: { S1: { made: 1, accepted: 1, rejected: 0, unclear: 0 } },
      bids: { S2: { made: 1, toward: 1, away: 0, against: 0 } },
      startUp: { initiator: "S1", harsh: true, negativeInWindow: 2, negativeAfter: 0 },
    });
    expect(signals.labels.map((label) => [label.turn, label.label, label.speaker, label.start])).toEqual([
      [0, "criticism", "S1", 0],
      [1, "defensiveness", "S2", 4.5],
      [2, "repair_attempt", "S1", 8.5],
      [3, "interest", "S2", 11.3],
      [3, "bid", "S2", 11.3],
      [4, "appreciation", "S1", 14.5],
    ]);
    expect(signals.events.bids).toEqual([{ turn: 3, speaker: "S2", response: 4, outcome: "toward" }]);
  });

  it("falls back to OpenAI's strict JSON schema when Gemini is overloaded", async () => {
    const gemini: SeenSignalLabels[] = [];
    const openai: SeenSignalLabels[] = [];
    server.use(
      geminiSignalLabels(() => geminiError(503, "The model is overloaded."), gemini),
      openAiSignalLabels(() => HttpResponse.json(openAiChatJson(answer)), openai),
    );
    const signals = await signalsOf();
    expect(gemini).toHaveLength(3); // Gemini's retries, then the fallback
    expect(openai).toHaveLength(1);
    expect(openai[0]).toMatchObject({ schema: LABELS_OPENAI_JSON_SCHEMA, strict: true, temperature: 0 });
    expect(openai[0]!.user).toContain("[2] Maya: Okay, I'm sorry, can we try again?");
    expect(signals.labelled).toBe(true);
    expect(signals.ratio).toEqual({ positive: 2, negative: 2, value: 1 });
  });

  it("moves on from an answer that is not { labels }, and is unlabelled when every provider fails", async () => {
    server.use(
      geminiSignalLabels(() => HttpResponse.json(geminiJson({ cards: [] }))),
      openAiSignalLabels(() => openAiError(500, "boom")),
    );
    const signals = await signalsOf();
    expect(signals).toMatchObject({ labelled: false, ratio: null, horsemen: null, repairs: null, bids: null, labels: [] });
    expect(signals.startUp).toEqual({ initiator: "S1", harsh: null, negativeInWindow: null, negativeAfter: null });
    // What needs no model is still counted.
    expect(signals.pronouns.S1).toEqual({ words: 23, we: 1, i: 3, you: 1 });
    expect(signals.latency).toEqual({ S1: { medianMs: 500 }, S2: { medianMs: 400 } });
  });

  it("sends a 1,000-turn conversation in chunks of at most 200 turns with their true numbers, at most 4 at once", async () => {
    const long = Array.from({ length: 1000 }, (_, i) => ({ speaker: i % 2 ? "S2" : "S1", text: `turn ${i} says something`, start: i * 3, end: i * 3 + 2 }));
    const chunks: number[][] = [];
    let inFlight = 0;
    let most = 0;
    server.use(
      geminiSignalLabels(async ({ user }) => {
        inFlight++;
        most = Math.max(most, inFlight);
        const numbers = [...user.matchAll(/^\[(\d+)\] /gm)].map((match) => Number(match[1]));
        chunks.push(numbers);
        await delay(30);
        inFlight--;
        // One label on the chunk's first line, by its true number; one on a line of another chunk (dropped).
        const first = numbers[0]!;
        return HttpResponse.json(
          geminiJson({
            labels: [
              { turn: first, label: "bid", quote: `turn ${first} says`, responds_to: null },
              { turn: (first + 500) % 1000, label: "humor", quote: `turn ${(first + 500) % 1000} says`, responds_to: null },
            ],
          }),
        );
      }),
    );
    const signals = await signalsOf({}, long);

    expect(chunks).toHaveLength(5);
    expect(chunks.every((numbers) => numbers.length <= 200)).toBe(true);
    expect(chunks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    for (const numbers of chunks) expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0]! + i));
    expect(most).toBeLessThanOrEqual(MAX_PARALLEL_CHUNKS);
    expect(most).toBeGreaterThan(1);
    expect(signals.turns).toBe(1000);
    expect(signals.labels.map((label) => label.turn).sort((a, b) => a - b)).toEqual([0, 200, 400, 600, 800]);
    expect(signals.rejectedLabels).toBe(5);
  });

  it("labels at most MAX_LABELLED_TURNS turns in one request (25 calls): one more, and it asks no model and answers unlabelled", async () => {
    const turnsOf = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ speaker: i % 2 ? "S2" : "S1", text: `turn ${i} says something`, start: i * 3, end: i * 3 + 2 }));
    let calls = 0;
    server.use(
      geminiSignalLabels(() => {
        calls++;
        return HttpResponse.json(geminiJson({ labels: [] }));
      }),
    );
    expect((await signalsOf({}, turnsOf(MAX_LABELLED_TURNS))).labelled).toBe(true);
    expect(calls).toBe(25);
    calls = 0;
    const tooMany = await signalsOf({}, turnsOf(MAX_LABELLED_TURNS + 1));
    expect(calls).toBe(0);
    expect(tooMany.labelled).toBe(false);
    expect(tooMany.turns).toBe(MAX_LABELLED_TURNS + 1);
  });

  it("gives up within its time budget and answers unlabelled", async () => {
    server.use(
      geminiSignalLabels(async () => {
        await delay(2_000);
        return HttpResponse.json(geminiJson(answer));
      }),
    );
    // The provider does answer, with labels, after 2 s: unlabelled signals can only come from the 300 ms budget ending the
    // wait. (No wall-clock bound here: it flakes on a loaded machine; the benchmarks measure time.)
    const signals = await signalsOf({ budgetMs: 300 });
    expect(signals.labelled).toBe(false);
  });
});

const analyzeBody = {
  transcript: segments.map((segment) => `${names[segment.speaker as "S1" | "S2"]}: ${segment.text}`).join("\n"),
  speakerNames: names,
  segments,
};
const post = async (payload: unknown, userId?: string) =>
  analyze(apiRequest("/api/analyze", { method: "POST", body: payload, headers: userId ? bearer(await mintSessionToken(userId)) : {} }), routeContext());
const read = async (id: string, userId: string) =>
  getSession(apiRequest(`/api/sessions/${id}`, { headers: bearer(await mintSessionToken(userId)) }), routeContext({ id }));

describe("POST /api/analyze answers and stores the signals", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("runs the labelling beside the analysis and answers signals at the top level, for a guest storing nothing", async () => {
    let analysisAnswered = 0;
    let labelsAsked = 0;
    server.use(
      geminiGenerate(async () => {
        // The labelling is asked while the analysis is still under way: beside it, not after it.
        await delay(50);
        analysisAnswered = labelsAsked;
        return HttpResponse.json(geminiJson(modelAnalysis()));
      }),
      geminiSignalLabels(() => {
        labelsAsked++;
        return HttpResponse.json(geminiJson(answer));
      }),
    );
    const response = await post(analyzeBody);
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(analysisAnswered).toBe(1);
    expect(json.sessionId).toBeNull();
    expect(json.analysis.cards).toHaveLength(3);
    expect(json.signals).toMatchObject({ version: 1, labelled: true, turns: 5, ratio: { positive: 2, negative: 2, value: 1 } });
    expect(json.signals.labels[2]).toEqual({ turn: 2, label: "repair_attempt", quote: "I'm sorry", respondsTo: null, speaker: "S1", start: 8.5, end: 11 });
    expect(await api.db.session.count()).toBe(0);
  });

  it("stores a signed-in user's signals with the session, readable only by them and deleted with it", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))),
      geminiSignalLabels(() => HttpResponse.json(geminiJson(answer))),
    );
    const { sessionId, signals } = await (await post(analyzeBody, "user_sig_1")).json();
    const row = await api.db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { signals: true } });
    expect(row.signals).toEqual(signals);

    const own = await (await read(sessionId, "user_sig_1")).json();
    expect(own.signals.bids).toEqual({ S1: { made: 0, toward: 0, away: 0, against: 0 }, S2: { made: 1, toward: 1, away: 0, against: 0 } });
    expect(own.signals.labels).toHaveLength(6);
    expect((await read(sessionId, "user_sig_2")).status).toBe(404);

    const deleted = await deleteSession(
      apiRequest(`/api/sessions/${sessionId}`, { method: "DELETE", headers: bearer(await mintSessionToken("user_sig_1")) }),
      routeContext({ id: sessionId }),
    );
    expect(deleted.status).toBeLessThan(300);
    expect(await api.db.session.count({ where: { id: sessionId } })).toBe(0);
  });

  it("still answers the analysis, with unlabelled signals, when the labelling fails", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))),
      geminiSignalLabels(() => geminiError(400, "bad request")),
      openAiSignalLabels(() => openAiError(400, "bad request")),
    );
    const response = await post(analyzeBody);
    expect(response.status).toBe(200);
    const { analysis, signals } = await response.json();
    expect(analysis.source).toBe("ai");
    expect(signals).toMatchObject({ labelled: false, ratio: null, bids: null, turns: 5 });
    expect(signals.floor.S1.talkShare).toBe(0.62); // 10 s of 16.2 s
  });

  it("with SIGNAL_LABELLING=off asks no model for labels and answers the signals that need none", async () => {
    let labelsAsked = 0;
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))),
      geminiSignalLabels(() => {
        labelsAsked++;
        return HttpResponse.json(geminiJson(answer));
      }),
    );
    process.env.SIGNAL_LABELLING = "off";
    try {
      const response = await post(analyzeBody);
      expect(response.status).toBe(200);
      const { analysis, signals } = await response.json();
      expect(analysis.source).toBe("ai");
      expect(signals).toMatchObject({ labelled: false, ratio: null, turns: 5, interruptions: { S1: 0, S2: 0 } });
      expect(labelsAsked).toBe(0);
    } finally {
      delete process.env.SIGNAL_LABELLING;
    }
  });

  it("gives a solo session no two-person signals and asks no model for labels", async () => {
    const seen: SeenSignalLabels[] = [];
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))),
      geminiSignalLabels(() => HttpResponse.json(geminiJson(answer)), seen),
    );
    const solo = [{ speaker: "SPEAKER_01", text: "Today I want us to plan the week together.", start: 0, end: 4 }];
    const { signals } = await (await post({ transcript: "SPEAKER_01: Today I want us to plan the week together.", mode: "solo", segments: solo })).json();
    expect(seen).toHaveLength(0);
    expect(signals).toMatchObject({ startUp: null, ratio: null, horsemen: null, repairs: null, bids: null, latency: null, interruptions: null });
    expect(signals.pronouns.SPEAKER_01).toEqual({ words: 9, we: 1, i: 1, you: 0 });
  });

  it("recomputes the stored signals when a follow-up is appended, sending only the new turns to the model", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))),
      geminiSignalLabels(() => HttpResponse.json(geminiJson(answer))),
    );
    const { sessionId } = await (await post(analyzeBody, "user_sig_3")).json();

    const seen: SeenSignalLabels[] = [];
    server.use(
      geminiSignalLabels(() => HttpResponse.json(geminiJson({ labels: [{ turn: 6, label: "affection", quote: "love doing this", responds_to: 5 }] })), seen),
    );
    const followUp = {
      transcript: "Maya: Saturday mornings are ours.\nJon: Agreed, I love doing this with you.",
      transcriptionSegments: [
        { speaker: "SPEAKER_01", text: "Saturday mornings are ours.", start: 0, end: 2.5 },
        { speaker: "SPEAKER_02", text: "Agreed, I love doing this with you.", start: 2.8, end: 5 },
      ],
      speakerNames: { SPEAKER_01: "Maya", SPEAKER_02: "Jon" },
    };
    const response = await append(
      apiRequest(`/api/sessions/${sessionId}/append-transcript`, { method: "POST", body: followUp, headers: bearer(await mintSessionToken("user_sig_3")) }),
      routeContext({ id: sessionId }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(seen.map((call) => call.user.split("\n").slice(1, -1))).toEqual([
      ["[5] Maya: Saturday mornings are ours.", "[6] Jon: Agreed, I love doing this with you."],
    ]);
    // The follow-up's speakers are the conversation's, matched by name; the earlier labels are kept.
    expect(body.signals).toMatchObject({ turns: 7, labelled: true, rejectedLabels: 1, ratio: { positive: 3, negative: 2, value: 1.5 } });
    expect(body.signals.labels.at(-1)).toMatchObject({ turn: 6, label: "affection", speaker: "S2", respondsTo: 5 });
    expect(Object.keys(body.signals.pronouns).sort()).toEqual(["S1", "S2"]);
  });
});

describe("a guest's follow-up", () => {
  setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

  it("recomputes the signals from what the browser sends, labelling only the new turns, and stores nothing", async () => {
    server.use(
      geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))),
      geminiSignalLabels(() => HttpResponse.json(geminiJson(answer))),
    );
    const { signals } = await (await post(analyzeBody)).json();
    const stored = await api.db.session.count();
    const seen: SeenSignalLabels[] = [];
    server.use(
      geminiSignalLabels(() => HttpResponse.json(geminiJson({ labels: [{ turn: 5, label: "affection", quote: "love doing this", responds_to: null }] })), seen),
    );
    const followUp = {
      transcript: "Jon: I love doing this with you.",
      transcriptionSegments: [{ speaker: "SPEAKER_02", text: "I love doing this with you.", start: 0, end: 2 }],
      speakerNames: { SPEAKER_02: "Jon" },
      context: { transcript: analyzeBody.transcript, speakerNames: names, segments, signals },
    };
    const response = await appendPublic(
      apiRequest("/api/public/sessions/local-guest-1/append-transcript", { method: "POST", body: followUp }),
      routeContext({ id: "local-guest-1" }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(seen.map((call) => call.user.split("\n").slice(1, -1))).toEqual([["[5] Jon: I love doing this with you."]]);
    expect(body.signals).toMatchObject({ turns: 6, labelled: true, ratio: { positive: 3, negative: 2, value: 1.5 } });
    expect(body.signals.labels.at(-1)).toMatchObject({ turn: 5, speaker: "S2", label: "affection" });
    expect(await api.db.session.count()).toBe(stored);
  });
});

describe("a guest's signals on sign-in", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

  it("are kept when the browser's copy migrates, and a malformed copy stores none", async () => {
    const { signals } = await (await post(analyzeBody)).json();
    const copy = (id: string, value: unknown) => ({ id, transcript: "Maya: hello there", analysis: { cards: [] }, name: "Walk", signals: value });
    const response = await migrate(
      apiRequest("/api/sessions/migrate", {
        method: "POST",
        body: { sessions: [copy("local-sig-1", signals), copy("local-sig-2", { version: 1, labels: "nope" })] },
        headers: bearer(await mintSessionToken("user_sig_5")),
      }),
      routeContext(),
    );
    expect(response.status).toBe(200);
    const rows = await api.db.session.findMany({ where: { userId: "user_sig_5" }, orderBy: { clientId: "asc" }, select: { clientId: true, signals: true } });
    expect(rows).toEqual([
      { clientId: "local-sig-1", signals },
      { clientId: "local-sig-2", signals: null },
    ]);
  });
});

describe("with no AI key", () => {
  setEnvForFile({ ...clerkTestEnv(), ...NO_AI_KEYS });

  it("answers the local analysis with unlabelled signals and asks no provider", async () => {
    const response = await post(analyzeBody, "user_sig_4");
    expect(response.status).toBe(200);
    const { analysis, signals, sessionId } = await response.json();
    expect(analysis.source).not.toBe("ai");
    expect(signals).toMatchObject({ labelled: false, ratio: null, turns: 5, interruptions: { S1: 0, S2: 0 } });
    const row = await api.db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { signals: true } });
    expect(row.signals).toMatchObject({ labelled: false });
  });
});
