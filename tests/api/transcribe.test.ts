/** @jest-environment node */
import { HttpResponse } from "msw";

import { POST as retryPublic } from "@/app/api/public/sessions/[id]/retry-transcription/route";
import { POST as retryAnalysis } from "@/app/api/sessions/[id]/retry-analysis/route";
import { POST as retryAccount } from "@/app/api/sessions/[id]/retry-transcription/route";
import { GET as listSessions } from "@/app/api/sessions/route";
import { POST as transcribe } from "@/app/api/transcribe/route";
import { truncateServerError } from "@/lib/domain/errors/classify";
import { withTranscriptionSlot } from "@/lib/server/security/in-flight";
import { AWAITING_ANALYSIS, RETRY_ALREADY_DONE, RETRY_ALREADY_RUNNING } from "@/lib/server/services/transcription";
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";
import { clerkTestEnv, mintSessionToken } from "@/tests/helpers/clerk-test-auth";
import { NO_AI_KEYS, setEnvForFile } from "@/tests/helpers/env";
import { generateOggOpus } from "@/tests/helpers/generated-audio";
import { apiRequest, bearer, routeContext } from "@/tests/helpers/requests";
import {
  geminiDialogue,
  geminiError,
  geminiGenerate,
  geminiJson,
  modelAnalysis,
  openAiDialogue,
  openAiDiarized,
  openAiError,
  openAiTranscription,
  PROVIDER_ENV,
  providersOutlivingTheClient,
  type SeenGemini,
  type SeenTranscription,
} from "@/tests/msw/providers";

const api = setUpApiTestContext();
const restoreEnv = (key: string, value: string | undefined) => (value === undefined ? delete process.env[key] : (process.env[key] = value));
const { server } = api;

setEnvForFile({ ...clerkTestEnv(), ...PROVIDER_ENV });

const audio = Buffer.from("webm-opus-bytes-of-a-short-conversation").toString("base64");
const post = (body: unknown, headers: Record<string, string> = {}) =>
  transcribe(apiRequest("/api/transcribe", { method: "POST", body, headers }), routeContext());

const twoVoices = [
  { speaker: "A", text: "I felt like we never plan our weekends together anymore.", start: 0.2, end: 3.9 },
  { speaker: "B", text: "That's fair. I'd love to plan Saturday with you.", start: 4.1, end: 6.8 },
  { speaker: "A", text: "Thank you, that means a lot.", start: 7, end: 8.5 },
];

describe("POST /api/transcribe", () => {
  it("transcribes with OpenAI diarization and normalises speakers", async () => {
    const seen: SeenTranscription[] = [];
    server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices)), seen));

    const response = await post({ audio, mimeType: "audio/webm;codecs=opus", language: "en-US" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.fallback).toBe(false);
    expect(body.segments.map((segment: { speaker: string }) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02", "SPEAKER_01"]);
    expect(Object.keys(body.speakers)).toEqual(["SPEAKER_01", "SPEAKER_02"]);
    expect(body.speakerStats.SPEAKER_01).toEqual({ totalTime: 5.2, wordCount: 16, segments: 2 });
    expect(body.transcript.split("\n")[0]).toBe("SPEAKER_01: I felt like we never plan our weekends together anymore.");
    expect(seen).toEqual([
      {
        model: "gpt-4o-transcribe-diarize",
        responseFormat: "diarized_json",
        chunking: "auto",
        language: "en",
        fileType: "audio/webm",
        fileSize: Buffer.from(audio, "base64").length,
      },
    ]);
  });

  it("keeps three speakers apart", async () => {
    server.use(
      openAiTranscription(() =>
        HttpResponse.json(
          openAiDiarized([
            { speaker: "B", text: "Mum, can we talk?", start: 0, end: 1.5 },
            { speaker: "A", text: "Of course.", start: 1.6, end: 2.4 },
            { speaker: "C", text: "I want to join too.", start: 2.5, end: 4 },
            { speaker: "B", text: "Okay, all three of us.", start: 4.1, end: 5.5 },
          ]),
        ),
      ),
    );
    const body = await (await post({ audio, maxSpeakers: 4 })).json();
    expect(body.segments.map((segment: { speaker: string }) => segment.speaker)).toEqual(["SPEAKER_01", "SPEAKER_02", "SPEAKER_03", "SPEAKER_01"]);
    expect(Object.keys(body.speakerStats)).toHaveLength(3);
  });

  it("falls back to Gemini when OpenAI is unavailable, and says so", async () => {
    const seenOpenAi: SeenTranscription[] = [];
    const seenGemini: SeenGemini[] = [];
    server.use(
      openAiTranscription(() => openAiError(503, "Service Unavailable"), seenOpenAi),
      geminiGenerate(
        () =>
          HttpResponse.json(
            geminiJson({
              segments: [
                { speaker: "Speaker 1", text: "We should talk about money.", start: 0 },
                { speaker: "Speaker 2", text: "Okay, I'm listening.", start: 2.5, end: 4 },
              ],
            }),
          ),
        seenGemini,
      ),
    );

    const body = await (await post({ audio })).json();
    expect(body.fallback).toBe(true);
    expect(body.fallbackReason).toContain("openai: Service Unavailable (503)");
    expect(seenOpenAi).toHaveLength(3); // 503 is retried before falling back
    expect(seenGemini).toEqual([{ model: "gemini-2.5-flash", mimeType: "audio/webm", responseMimeType: "application/json", hasSchema: true }]);
    expect(body.segments).toEqual([
      { speaker: "SPEAKER_01", text: "We should talk about money.", start: 0, end: 2.5 },
      { speaker: "SPEAKER_02", text: "Okay, I'm listening.", start: 2.5, end: 4 },
    ]);
  });

  it("does not retry a 400 from the primary before falling back", async () => {
    const seenOpenAi: SeenTranscription[] = [];
    server.use(
      openAiTranscription(() => openAiError(400, "Invalid file format"), seenOpenAi),
      geminiGenerate(() => HttpResponse.json(geminiJson({ segments: [{ speaker: "A", text: "Hello.", start: 0, end: 1 }] }))),
    );
    const body = await (await post({ audio })).json();
    expect(seenOpenAi).toHaveLength(1);
    expect(body.fallback).toBe(true);
  });

  it("assigns the user's name to every segment in solo mode", async () => {
    server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
    const body = await (await post({ audio, soloMode: true, speakerName: "Ana" })).json();
    expect(new Set(body.segments.map((segment: { speaker: string }) => segment.speaker))).toEqual(new Set(["Ana"]));
    expect(Object.keys(body.speakerStats)).toEqual(["Ana"]);
  });

  describe("when every provider is down", () => {
    const bothDown = () =>
      server.use(
        openAiTranscription(() => openAiError(503, "Service Unavailable")),
        geminiGenerate(() => geminiError(503, "The model is overloaded.")),
      );

    it("a signed-in user's recording is kept on the server for retry, and the error names it", async () => {
      bothDown();
      const response = await post({ audio, language: "de-DE" }, bearer(await mintSessionToken("user_t1")));
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.error).toContain("Service Unavailable");
      expect(body.failedSessionId).toEqual(expect.any(String));

      const marker = await api.db.failureMarker.findFirstOrThrow({ where: { sessionId: body.failedSessionId }, include: { session: true } });
      expect(marker.session.userId).toBe("user_t1");
      expect(marker.kind).toBe("transcription");
      expect(Buffer.from(marker.audio!).toString("base64")).toBe(audio);
      expect(marker.language).toBe("de-DE");
    });

    it("a signed-in user's growth follow-up is not kept as a session of its own: the browser keeps it for the retry into its session", async () => {
      bothDown();
      const before = await api.db.session.count();
      const response = await post(
        { audio, followUpOf: "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77", minSpeakers: 1, maxSpeakers: 4 },
        bearer(await mintSessionToken("user_follow_up")),
      );
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.failedSessionId).toBeUndefined();
      expect(body.keepAudioLocally).toBe(true);
      expect(await api.db.session.count()).toBe(before);
      expect(await api.db.session.count({ where: { userId: "user_follow_up" } })).toBe(0);
    });

    it("a guest gets the error and nothing is stored", async () => {
      bothDown();
      const before = await api.db.session.count();
      const response = await post({ audio });
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.failedSessionId).toBeUndefined();
      expect(await api.db.session.count()).toBe(before);
    });

    it("identity headers without a token count as a guest", async () => {
      bothDown();
      const before = await api.db.session.count();
      const response = await post({ audio }, { "x-user-id": "user_t1" });
      expect(response.status).toBe(503);
      expect((await response.json()).failedSessionId).toBeUndefined();
      expect(await api.db.session.count()).toBe(before);
    });
  });

  describe("retrying a failed transcription", () => {
    async function failOnce(userId: string, extra: Record<string, unknown> = {}): Promise<string> {
      server.use(
        openAiTranscription(() => openAiError(503, "Service Unavailable")),
        geminiGenerate(() => geminiError(503, "overloaded")),
      );
      const body = await (await post({ audio, ...extra }, bearer(await mintSessionToken(userId)))).json();
      server.resetHandlers();
      return body.failedSessionId;
    }
    const retry = async (id: string, userId: string) =>
      retryAccount(
        apiRequest(`/api/sessions/${id}/retry-transcription`, { method: "POST", headers: bearer(await mintSessionToken(userId)) }),
        routeContext({ id }),
      );

    it("succeeds once a provider is back, and the audio leaves the server", async () => {
      const id = await failOnce("user_r1");
      server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
      const response = await retry(id, "user_r1");
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.sessionId).toBe(id);
      expect(body.segments).toHaveLength(3);
      // The failed transcription, with its audio, is gone; until the analysis is stored, the account lists an analysis to retry.
      expect(await api.db.failureMarker.findMany({ where: { sessionId: id }, select: { kind: true, error: true, audio: true } })).toEqual([
        { kind: "analysis", error: AWAITING_ANALYSIS, audio: null },
      ]);
      expect((await api.db.session.findUniqueOrThrow({ where: { id } })).transcript).toContain("SPEAKER_02:");
    });

    it("a tab closed after the retry's transcript, before its analysis: the account offers the analysis, whose retry completes the session", async () => {
      const id = await failOnce("user_r_closed");
      server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
      expect((await retry(id, "user_r_closed")).status).toBe(200);
      // The browser never sends the analysis. The account's list says "Analysis failed", and its retry runs from what is stored.
      const listed = await (
        await listSessions(apiRequest("/api/sessions", { headers: bearer(await mintSessionToken("user_r_closed")) }), routeContext())
      ).json();
      expect(listed.sessions).toEqual([
        expect.objectContaining({ id, failedTranscription: null, failedAnalysis: expect.objectContaining({ error: AWAITING_ANALYSIS }) }),
      ]);

      server.use(geminiGenerate(() => HttpResponse.json(geminiJson(modelAnalysis()))));
      const analysed = await retryAnalysis(
        apiRequest(`/api/sessions/${id}/retry-analysis`, { method: "POST", headers: bearer(await mintSessionToken("user_r_closed")) }),
        routeContext({ id }),
      );
      expect(analysed.status).toBe(200);
      expect(await api.db.failureMarker.count({ where: { sessionId: id } })).toBe(0);
      expect(((await api.db.session.findUniqueOrThrow({ where: { id } })).analysis as { cards: unknown[] }).cards.length).toBeGreaterThan(0);
    });

    it("stores what the provider heard with a NUL or a lone surrogate, repaired, instead of failing after the paid call", async () => {
      const id = await failOnce("user_r_nul");
      const odd = [
        { ...twoVoices[0]!, text: "We never\u0000 plan weekends." },
        { ...twoVoices[1]!, text: "That's fair \uDC00 Saturday?" },
      ];
      server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(odd))));
      const response = await retry(id, "user_r_nul");
      expect(response.status).toBe(200);
      expect((await response.json()).segments.map((segment: { text: string }) => segment.text)).toEqual([
        "We never plan weekends.",
        "That's fair \uFFFD Saturday?",
      ]);
      const stored = await api.db.session.findUniqueOrThrow({ where: { id } });
      expect(stored.transcript).toContain("We never plan weekends.");
      expect(await api.db.failureMarker.count({ where: { sessionId: id, kind: "transcription" } })).toBe(0);
    });

    it("a Solo Journal entry is kept as one and retried as one voice, from any device", async () => {
      const id = await failOnce("user_r_solo", { soloMode: true, speakerName: "Ana" });
      expect((await api.db.session.findUniqueOrThrow({ where: { id } })).mode).toBe("solo");
      server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
      const body = await (await retry(id, "user_r_solo")).json();
      expect(new Set(body.segments.map((segment: { speaker: string }) => segment.speaker)).size).toBe(1);
    });

    it("counts a failed attempt and keeps the audio", async () => {
      const id = await failOnce("user_r2");
      server.use(
        openAiTranscription(() => openAiError(503, "Service Unavailable")),
        geminiGenerate(() => geminiError(503, "overloaded")),
      );
      const response = await retry(id, "user_r2");
      expect(response.status).toBe(503);
      expect((await response.json()).failedSessionId).toBe(id);
      const marker = await api.db.failureMarker.findFirstOrThrow({ where: { sessionId: id } });
      expect(marker.attemptCount).toBe(2);
      expect(marker.audio).not.toBeNull();
    });

    it("two retries at once call the providers once: one gets the transcript, the other a 409 saying it is under way", async () => {
      const id = await failOnce("user_r_twice");
      const seen: SeenTranscription[] = [];
      server.use(
        openAiTranscription(async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return HttpResponse.json(openAiDiarized(twoVoices));
        }, seen),
      );
      const responses = await Promise.all([retry(id, "user_r_twice"), retry(id, "user_r_twice")]);
      expect(seen).toHaveLength(1);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const refused = await responses.find((response) => response.status === 409)!.json();
      expect([RETRY_ALREADY_RUNNING, RETRY_ALREADY_DONE]).toContain(refused.error);
      expect((await api.db.session.findUniqueOrThrow({ where: { id } })).transcript).toContain("SPEAKER_02:");

      // Once the first is over, the recording has left the server: a late retry finds nothing to send.
      const late = await retry(id, "user_r_twice");
      expect(late.status).toBe(404);
      expect(seen).toHaveLength(1);
    });

    it("a retry that ends after the browser's own send settled the recording writes nothing over it, and answers that it is done", async () => {
      const id = await failOnce("user_r_overtaken", { clientId: "rec-overtaken" });
      let releaseRetry!: () => void;
      const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
      let calls = 0;
      server.use(
        openAiTranscription(async () => {
          calls += 1;
          if (calls === 1) {
            await retryHeld;
            return HttpResponse.json(openAiDiarized([{ speaker: "A", text: "What the retry heard.", start: 0, end: 2 }]));
          }
          return HttpResponse.json(openAiDiarized(twoVoices));
        }),
      );
      const retrying = retry(id, "user_r_overtaken");
      while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // Meanwhile the browser sends the recording itself: it settles the failure, and its transcript is stored.
      const sent = await post({ audio, clientId: "rec-overtaken" }, bearer(await mintSessionToken("user_r_overtaken")));
      expect(sent.status).toBe(200);
      expect((await sent.json()).sessionId).toBe(id);
      const settled = await api.db.session.findUniqueOrThrow({ where: { id }, include: { failures: { select: { kind: true, error: true } } } });
      expect(settled.transcript).toContain("plan Saturday");

      releaseRetry();
      const overtaken = await retrying;
      expect(overtaken.status).toBe(409);
      expect((await overtaken.json()).error).toBe(RETRY_ALREADY_DONE);
      expect(await api.db.session.findUniqueOrThrow({ where: { id }, include: { failures: { select: { kind: true, error: true } } } })).toEqual(settled);
    });

    it.each([
      ["answered", () => HttpResponse.json(openAiDiarized(twoVoices))],
      ["failing", () => openAiError(503, "Service Unavailable")],
    ])("a retry %s after its session was deleted meanwhile is a 404, not 'already transcribed' nor a retry to offer", async (_, answer) => {
      const id = await failOnce("user_r_deleted", { clientId: "rec-deleted-meanwhile" });
      let releaseRetry!: () => void;
      const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
      let called = false;
      server.use(
        openAiTranscription(async () => {
          called = true;
          await retryHeld;
          return answer();
        }),
        geminiGenerate(() => geminiError(503, "overloaded")),
      );
      const retrying = retry(id, "user_r_deleted");
      while (!called) await new Promise((resolve) => setTimeout(resolve, 10));
      await api.db.session.delete({ where: { id } });
      releaseRetry();
      const response = await retrying;
      expect(response.status).toBe(404);
      expect(await api.db.session.count({ where: { id } })).toBe(0);
    });

    it("a retry whose claim ran out (its function stopped by the host mid-call) does not hold the recording for ever", async () => {
      const id = await failOnce("user_r_stale");
      await api.db.failureMarker.updateMany({ where: { sessionId: id }, data: { retryingUntil: new Date(Date.now() + 60_000) } });
      expect((await (await retry(id, "user_r_stale")).json()).error).toBe(RETRY_ALREADY_RUNNING);
      await api.db.failureMarker.updateMany({ where: { sessionId: id }, data: { retryingUntil: new Date(Date.now() - 1000) } });
      server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
      expect((await retry(id, "user_r_stale")).status).toBe(200);
    });

    const allowanceSpent = async (userId: string) =>
      (await api.db.rateLimitCounter.findMany({ where: { key: `transcribe:user:${userId}` } })).reduce((sum, row) => sum + row.count, 0);

    it("a retry refused because another holds the recording costs none of the caller's AI allowance", async () => {
      const id = await failOnce("user_r_allowance");
      const before = await allowanceSpent("user_r_allowance");
      await api.db.failureMarker.updateMany({ where: { sessionId: id }, data: { retryingUntil: new Date(Date.now() + 60_000) } });
      for (let attempt = 0; attempt < 3; attempt++) expect((await retry(id, "user_r_allowance")).status).toBe(409);
      expect(await allowanceSpent("user_r_allowance")).toBe(before);
      expect((await retry(id, "user_other")).status).toBe(404);
      expect(await allowanceSpent("user_other")).toBe(0);
    });

    it("a retry turned away by the rate limit or a full server lets go of the recording, so the next one runs at once", async () => {
      const id = await failOnce("user_r_release");
      const spent = await allowanceSpent("user_r_release");
      const claimOf = async () => (await api.db.failureMarker.findFirstOrThrow({ where: { sessionId: id } })).retryingUntil;
      const saved = { limit: process.env.RATE_LIMIT_AI_PER_USER, slots: process.env.TRANSCRIPTIONS_IN_FLIGHT };
      let releaseSlot: (() => void) | undefined;
      try {
        process.env.RATE_LIMIT_AI_PER_USER = String(spent);
        expect((await retry(id, "user_r_release")).status).toBe(429);
        expect(await claimOf()).toBeNull();

        process.env.RATE_LIMIT_AI_PER_USER = String(spent + 10);
        process.env.TRANSCRIPTIONS_IN_FLIGHT = "1";
        const slotHeld = withTranscriptionSlot(() => new Promise<void>((resolve) => (releaseSlot = resolve)));
        expect((await retry(id, "user_r_release")).status).toBe(503);
        expect(await claimOf()).toBeNull();
        releaseSlot?.();
        await slotHeld;
      } finally {
        releaseSlot?.();
        restoreEnv("RATE_LIMIT_AI_PER_USER", saved.limit);
        restoreEnv("TRANSCRIPTIONS_IN_FLIGHT", saved.slots);
      }

      server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
      expect((await retry(id, "user_r_release")).status).toBe(200);
    });

    it("is a 404 for another user, and for the public variant", async () => {
      const id = await failOnce("user_r3");
      expect((await retry(id, "user_other")).status).toBe(404);
      const publicResponse = await retryPublic(apiRequest(`/api/public/sessions/${id}/retry-transcription`, { method: "POST" }), routeContext({ id }));
      expect(publicResponse.status).toBe(404);
      expect(await api.db.failureMarker.count({ where: { sessionId: id } })).toBe(1);
    });
  });

  describe("bad input", () => {
    it.each([
      ["malformed JSON", '{"audio":', 400],
      ["missing audio", {}, 400],
      ["audio that is not base64", { audio: "<script>" }, 400],
      ["a video type", { audio, mimeType: "video/mp4" }, 400],
      ["7 speakers", { audio, maxSpeakers: 7 }, 400],
    ])("%s is refused", async (_, body, status) => {
      const response = await post(body);
      expect(response.status).toBe(status);
      expect((await response.json()).error).toEqual(expect.any(String));
    });

    it("refuses an oversized body with 413", async () => {
      const response = await post({ audio: "A".repeat(8_100_000) });
      expect(response.status).toBe(413);
    });
  });
});

describe("POST /api/transcribe: audio longer than a service takes in one call", () => {
  // 25 minutes of Ogg Opus in 1.1 MB: within the size limit, over OpenAI's 1,400 s. The server reads the duration itself.
  const long = Buffer.from(generateOggOpus(1500, { seed: 4 })).toString("base64");

  it("is not sent to OpenAI, whose refusal would be certain: Gemini answers, flagged as the fallback with the reason", async () => {
    const seenOpenAi: SeenTranscription[] = [];
    const seenGemini: SeenGemini[] = [];
    server.use(openAiTranscription(openAiDialogue, seenOpenAi), geminiGenerate(geminiDialogue, seenGemini));
    const response = await post({ audio: long, mimeType: "audio/ogg" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(seenOpenAi).toEqual([]);
    expect(seenGemini).toEqual([expect.objectContaining({ durationSeconds: 1500 })]);
    expect(body).toMatchObject({ fallback: true, fallbackReason: "openai: audio longer than its 1400 s limit" });
  });

  describe("with OpenAI alone", () => {
    setEnvForFile({ GEMINI_API_KEY: undefined, GEMINI_BASE_URL: undefined });

    it("is refused with the spec's text and no call, and a signed-in user's recording is not kept as a failed session", async () => {
      const seenOpenAi: SeenTranscription[] = [];
      server.use(openAiTranscription(openAiDialogue, seenOpenAi));
      const token = await mintSessionToken("user_too_long");
      const response = await post({ audio: long, mimeType: "audio/ogg", clientId: "rec-too-long" }, bearer(token));
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: "Recording is too long to transcribe in one piece.", code: "payload_too_large" });
      expect(seenOpenAi).toEqual([]);
      expect(await api.db.session.count({ where: { userId: "user_too_long" } })).toBe(0);
    });
  });
});

describe("POST /api/transcribe when the client goes away", () => {
  // The client disconnects while the provider works on its recording. The provider's late answer is a 503 that a server
  // still listening would retry and then send to the fallback: paid calls whose answer nobody reads.
  let consoleError: jest.SpyInstance;
  beforeEach(() => (consoleError = jest.spyOn(console, "error")));
  afterEach(() => consoleError.mockRestore());

  it("the provider is asked once, with no retry or fallback; nothing is kept for a signed-in user; a 499 is answered, not logged", async () => {
    const client = new AbortController();
    const { handlers, seenOpenAi, seenGemini } = providersOutlivingTheClient(client);
    server.use(...handlers);
    const headers = bearer(await mintSessionToken("user_gone"));
    const response = await transcribe(
      apiRequest("/api/transcribe", { method: "POST", body: { audio, clientId: "rec-gone" }, headers, signal: client.signal }),
      routeContext(),
    );
    expect(response.status).toBe(499);
    expect(await response.json()).toEqual({ error: "The request was cancelled.", code: "client_closed_request" });
    expect(seenOpenAi).toHaveLength(1);
    expect(seenGemini).toHaveLength(0);
    // No failed session, no failure marker, no audio: the browser keeps the recording and sends it again.
    expect(await api.db.session.count({ where: { userId: "user_gone" } })).toBe(0);
    expect(await api.db.failureMarker.count({ where: { session: { userId: "user_gone" } } })).toBe(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("the same recording sent again once the client is back is transcribed", async () => {
    const client = new AbortController();
    server.use(...providersOutlivingTheClient(client).handlers);
    const headers = bearer(await mintSessionToken("user_back"));
    const body = { audio, clientId: "rec-back" };
    expect((await transcribe(apiRequest("/api/transcribe", { method: "POST", body, headers, signal: client.signal }), routeContext())).status).toBe(499);

    server.resetHandlers();
    server.use(openAiTranscription(() => HttpResponse.json(openAiDiarized(twoVoices))));
    const retried = await post(body, headers);
    expect(retried.status).toBe(200);
    expect((await retried.json()).sessionId).toBeUndefined();
  });
});

describe("POST /api/transcribe with no AI key", () => {
  setEnvForFile(NO_AI_KEYS);

  it("answers a clear 'not configured' error", async () => {
    const response = await post({ audio });
    expect(response.status).toBe(503);
    const { error } = await response.json();
    expect(error).toMatch(/Transcription is not configured/);
    // Whole in the toast, which cuts a server's words past 100 characters.
    expect(truncateServerError(error)).toBe(error);
  });
});
