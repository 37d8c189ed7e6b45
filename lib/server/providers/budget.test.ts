/** @jest-environment node */
import { maxDuration as analyzeMax } from "@/app/api/analyze/route";
import { maxDuration as appendPublicMax } from "@/app/api/public/sessions/[id]/append-transcript/route";
import { maxDuration as summaryPublicMax } from "@/app/api/public/sessions/[id]/summary/route";
import { maxDuration as realtimeMax } from "@/app/api/realtime/session/route";
import { maxDuration as appendMax } from "@/app/api/sessions/[id]/append-transcript/route";
import { maxDuration as retryAnalysisMax } from "@/app/api/sessions/[id]/retry-analysis/route";
import { maxDuration as retryTranscriptionMax } from "@/app/api/sessions/[id]/retry-transcription/route";
import { maxDuration as summaryMax } from "@/app/api/sessions/[id]/summary/route";
import { maxDuration as transcribeMax } from "@/app/api/transcribe/route";
import { maxDuration as uploadPartMax } from "@/app/api/uploads/[id]/parts/[part]/transcribe/route";
import { RETRY_CLAIM_MS } from "@/lib/server/services/transcription";
import { PART_AUDIO_WAIT_MS } from "@/lib/server/services/upload-part-audio";

import { ROUTE_BUDGETS_MS, routeBudget, type BudgetedRoute } from "./budget";
import { BudgetExhaustedError, ProviderTimeoutError, withRetry } from "./retry";
import { generateStructured, type StructuredStep } from "./structured/chain";
import { runTranscriptionChain, TranscriptionUnavailableError, type TranscriptionStep } from "./transcription/chain";

/** Time to read the body before the providers and to store the failure after them, at the least. */
const MARGIN_MS = 15_000;

describe("route budgets", () => {
  it.each<[string, number, BudgetedRoute]>([
    ["/api/transcribe", transcribeMax, "transcribe"],
    ["/api/sessions/{id}/retry-transcription", retryTranscriptionMax, "transcribe"],
    ["/api/analyze", analyzeMax, "analyze"],
    ["/api/sessions/{id}/retry-analysis", retryAnalysisMax, "analyze"],
    ["/api/sessions/{id}/summary", summaryMax, "summary"],
    ["/api/public/sessions/{id}/summary", summaryPublicMax, "summary"],
    ["/api/sessions/{id}/append-transcript", appendMax, "append"],
    ["/api/public/sessions/{id}/append-transcript", appendPublicMax, "append"],
    ["/api/realtime/session", realtimeMax, "realtime"],
    ["/api/uploads/{id}/parts/{part}/transcribe", uploadPartMax, "uploadPart"],
  ])("%s ends its providers %s s budget early enough to store the failure", (_, maxDuration, route) => {
    expect(ROUTE_BUDGETS_MS[route]).toBeLessThanOrEqual(maxDuration * 1000 - MARGIN_MS);
  });

  it("a part's answer waits for the deletion of its audio within the margin after its budget", () => {
    expect(ROUTE_BUDGETS_MS.uploadPart + PART_AUDIO_WAIT_MS).toBeLessThanOrEqual(uploadPartMax * 1000 - MARGIN_MS);
  });

  it("a retry of a kept recording holds it exactly as long as its function may run", () => {
    expect(RETRY_CLAIM_MS).toBe(retryTranscriptionMax * 1000);
  });

  it("counts from the moment it is taken", () => {
    expect(routeBudget("summary", { now: 1_000 }).retryOptions.deadline).toBe(101_000);
  });

  it("carries the request's signal to the providers when given one", () => {
    const { signal } = new AbortController();
    expect(routeBudget("transcribe", { signal }).retryOptions.signal).toBe(signal);
    expect(routeBudget("analyze").retryOptions).not.toHaveProperty("signal");
  });
});

const hang = () => new Promise<never>(() => {});
const policy = { attempts: 3, timeoutMs: 180_000, baseDelayMs: 500, maxDelayMs: 4_000 };

describe("withRetry within a deadline", () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it("cuts a hanging attempt's time-out to the deadline and tries no more", async () => {
    let attempts = 0;
    const outcome = withRetry("openai", policy, () => (attempts++, hang()), { deadline: 20_000 }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(20_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as Error).message).toBe("openai did not answer within 20 s");
    expect(attempts).toBe(1);
    expect(Date.now()).toBe(20_000);
  });

  it("starts no attempt with less than a second left", async () => {
    const task = jest.fn(async () => "never");
    await expect(withRetry("gemini", policy, task, { deadline: 500 })).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(task).not.toHaveBeenCalled();
  });

  it("skips a backoff that would pass the deadline", async () => {
    let attempts = 0;
    const overloaded = Object.assign(new Error("overloaded"), { status: 503 });
    const outcome = withRetry("gemini", policy, async () => (attempts++, Promise.reject(overloaded)), { deadline: 1_200, random: () => 1 }).catch(
      (error: unknown) => error,
    );
    await jest.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBe(overloaded);
    expect(attempts).toBe(1);
  });
});

describe("a hanging primary gives way to the fallback within the budget", () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  it("transcription: the primary gets half the budget, the backup answers", async () => {
    const steps: TranscriptionStep[] = [
      { provider: { name: "openai", transcribe: hang }, policy },
      { provider: { name: "gemini", transcribe: async () => ({ text: "hello", segments: [] }) }, policy },
    ];
    const input = { audio: Buffer.from("x"), mimeType: "audio/webm", language: "en", minSpeakers: 2, maxSpeakers: 6 };
    const outcome = runTranscriptionChain(steps, input, { deadline: ROUTE_BUDGETS_MS.transcribe });
    await jest.advanceTimersByTimeAsync(ROUTE_BUDGETS_MS.transcribe / 2);
    await expect(outcome).resolves.toMatchObject({ provider: "gemini", fallback: true, transcript: { text: "hello" } });
    expect(Date.now()).toBeLessThanOrEqual(ROUTE_BUDGETS_MS.transcribe);
  });

  it("transcription: both hanging fail together by the deadline", async () => {
    const steps: TranscriptionStep[] = [
      { provider: { name: "openai", transcribe: hang }, policy },
      { provider: { name: "gemini", transcribe: hang }, policy },
    ];
    const input = { audio: Buffer.from("x"), mimeType: "audio/webm", language: "en", minSpeakers: 2, maxSpeakers: 6 };
    const outcome = runTranscriptionChain(steps, input, { deadline: ROUTE_BUDGETS_MS.transcribe }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(ROUTE_BUDGETS_MS.transcribe);
    const error = await outcome;
    expect(error).toBeInstanceOf(TranscriptionUnavailableError);
    expect(Date.now()).toBeLessThanOrEqual(ROUTE_BUDGETS_MS.transcribe);
  });

  it("analysis: a hanging Gemini leaves OpenAI its turn", async () => {
    const steps: StructuredStep[] = [
      { provider: { name: "gemini", generate: hang }, policy: { ...policy, timeoutMs: 90_000 } },
      { provider: { name: "openai", generate: async () => ({ ok: 1 }) }, policy: { ...policy, timeoutMs: 90_000 } },
    ];
    const prompt = { name: "t", system: "s", user: "u", geminiSchema: {}, openAiSchema: {} };
    const outcome = generateStructured(steps, prompt, (raw) => ({ ok: true, value: raw }), { deadline: ROUTE_BUDGETS_MS.summary });
    await jest.advanceTimersByTimeAsync(ROUTE_BUDGETS_MS.summary / 2);
    await expect(outcome).resolves.toMatchObject({ provider: "openai", fallback: true });
  });
});
