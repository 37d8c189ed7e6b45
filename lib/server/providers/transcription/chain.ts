import "server-only";

import { audioDurationSeconds } from "@/lib/domain/audio/audio-duration.mjs";
import { storableJson } from "@/lib/domain/validation/storable-json";
import type { Env } from "@/lib/server/env";

import { RequestAbortedError, shareOfDeadline, statusOf, withRetry, type RetryPolicy } from "../retry";
import { GeminiTranscriptionProvider } from "./gemini-transcription";
import { OpenAiTranscriptionProvider } from "./openai-transcription";
import type { ProviderTranscript, TranscriptionInput, TranscriptionProvider } from "./types";

export type TranscriptionStep = { provider: TranscriptionProvider; policy: RetryPolicy };

/** Primary first, backup second; each with its own time-out and retries. */
export const TRANSCRIPTION_POLICIES = {
  openai: { attempts: 3, timeoutMs: 180_000, baseDelayMs: 500, maxDelayMs: 4_000 },
  gemini: { attempts: 3, timeoutMs: 180_000, baseDelayMs: 500, maxDelayMs: 4_000 },
} satisfies Record<string, RetryPolicy>;

export function transcriptionStepsFromEnv(env: Env): TranscriptionStep[] {
  const steps: TranscriptionStep[] = [];
  if (env.OPENAI_API_KEY) {
    steps.push({
      provider: new OpenAiTranscriptionProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL }),
      policy: TRANSCRIPTION_POLICIES.openai,
    });
  }
  if (env.GEMINI_API_KEY) {
    steps.push({
      provider: new GeminiTranscriptionProvider({ apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL }),
      policy: TRANSCRIPTION_POLICIES.gemini,
    });
  }
  return steps;
}

export class TranscriptionNotConfiguredError extends Error {
  constructor() {
    // Shown as the toast's text, which cuts a server's words at 100 characters (spec part 1 section 8).
    super("Transcription is not configured on this server yet. Your recording is kept so you can retry later.");
    this.name = "TranscriptionNotConfiguredError";
  }
}

export class TranscriptionUnavailableError extends Error {
  readonly reasons: string[];
  constructor(reasons: string[]) {
    super(`Transcription failed: ${reasons.join("; ")}`);
    this.name = "TranscriptionUnavailableError";
    this.reasons = reasons;
  }
}

/** The audio is longer than every configured provider takes in one call: none was asked. */
export class TranscriptionTooLongError extends Error {
  readonly reasons: string[];
  constructor(reasons: string[]) {
    super(`Transcription refused: ${reasons.join("; ")}`);
    this.name = "TranscriptionTooLongError";
    this.reasons = reasons;
  }
}

export type ChainResult = { transcript: ProviderTranscript; provider: string; fallback: boolean; fallbackReason?: string };

/**
 * Tries each configured provider in order; a later one's answer is flagged as a fallback with the reason. The audio's
 * duration is read from its container first: a provider whose limit it exceeds is not asked (its refusal would be certain,
 * and a paid call), and when none can take it the chain refuses it (TranscriptionTooLongError). Audio whose duration cannot
 * be read (MP4 from Safari, damaged files) goes to every provider, which has the last word. The caller's cancellation
 * (options.signal) ends the chain with RequestAbortedError, whichever provider was being asked.
 */
export async function runTranscriptionChain(
  steps: TranscriptionStep[],
  input: TranscriptionInput,
  options?: Parameters<typeof withRetry>[3],
): Promise<ChainResult> {
  if (steps.length === 0) throw new TranscriptionNotConfiguredError();
  const seconds = audioDurationSeconds(input.audio);
  const fits = ({ provider }: TranscriptionStep) => seconds === null || provider.maxAudioSeconds === undefined || seconds <= provider.maxAudioSeconds;
  const reasons = steps.filter((step) => !fits(step)).map(({ provider }) => `${provider.name}: audio longer than its ${provider.maxAudioSeconds} s limit`);
  const eligible = steps.filter(fits);
  if (eligible.length === 0) throw new TranscriptionTooLongError(reasons);
  for (const [index, step] of eligible.entries()) {
    try {
      const stepOptions = shareOfDeadline(options, eligible.length - index);
      // The words heard may hold what PostgreSQL cannot store (a NUL, a lone surrogate): repaired before any use.
      const transcript = storableJson(await withRetry(step.provider.name, step.policy, (signal) => step.provider.transcribe(input, signal), stepOptions));
      return step === steps[0]
        ? { transcript, provider: step.provider.name, fallback: false }
        : { transcript, provider: step.provider.name, fallback: true, fallbackReason: reasons.join("; ") };
    } catch (error) {
      // The client went away: no fallback is paid for an answer nobody will read.
      if (error instanceof RequestAbortedError) throw error;
      reasons.push(describeFailure(step.provider.name, error));
    }
  }
  throw new TranscriptionUnavailableError(reasons);
}

/** Errors whose message quotes the value they choked on, which may be the conversation: their name is kept, not that. */
const QUOTING_ERRORS = new Set(["SyntaxError", "RangeError", "ReferenceError"]);

/**
 * A short reason without request or response bodies (they may hold the conversation). It is stored with the failure and
 * shown in the history; a connection failure's words ("fetch failed", "Connection error") are what classify it as one.
 */
function describeFailure(provider: string, error: unknown): string {
  const status = statusOf(error);
  if (status === 503) return `${provider}: Service Unavailable (503)`;
  if (status === 429) return `${provider}: rate limited (429)`;
  if (status !== undefined) return `${provider}: error ${status}`;
  if (error instanceof Error && (QUOTING_ERRORS.has(error.name) || (error.name === "TypeError" && !/fetch failed|network/i.test(error.message)))) {
    return `${provider}: ${error.name}`;
  }
  if (error instanceof Error) return `${provider}: ${error.name === "Error" ? error.message.slice(0, 120) : `${error.name}: ${error.message.slice(0, 120)}`}`;
  return `${provider}: unknown error`;
}
