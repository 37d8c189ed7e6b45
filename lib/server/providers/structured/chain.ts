import "server-only";

import { storableJson } from "@/lib/domain/validation/storable-json";
import type { Env } from "@/lib/server/env";

import { shareOfDeadline, statusOf, withRetry, type RetryPolicy } from "../retry";
import { GeminiJsonProvider } from "./gemini-json";
import { OpenAiJsonProvider } from "./openai-json";
import type { StructuredJsonProvider, StructuredPrompt } from "./types";

export type StructuredStep = { provider: StructuredJsonProvider; policy: RetryPolicy };

/** Gemini first (schema-constrained), OpenAI as the fallback. */
export const STRUCTURED_POLICIES = {
  gemini: { attempts: 3, timeoutMs: 90_000, baseDelayMs: 500, maxDelayMs: 4_000 },
  openai: { attempts: 2, timeoutMs: 90_000, baseDelayMs: 500, maxDelayMs: 4_000 },
} satisfies Record<string, RetryPolicy>;

export function structuredStepsFromEnv(env: Env): StructuredStep[] {
  const steps: StructuredStep[] = [];
  if (env.GEMINI_API_KEY)
    steps.push({ provider: new GeminiJsonProvider({ apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL }), policy: STRUCTURED_POLICIES.gemini });
  if (env.OPENAI_API_KEY)
    steps.push({ provider: new OpenAiJsonProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL }), policy: STRUCTURED_POLICIES.openai });
  return steps;
}

export class StructuredGenerationError extends Error {
  readonly reasons: string[];
  /** Every provider failed for reasons that may pass (time-outs, 429, 503): worth a retry later. */
  readonly transient: boolean;
  constructor(reasons: string[], transient: boolean) {
    super(`Analysis failed: ${reasons.join("; ")}`);
    this.name = "StructuredGenerationError";
    this.reasons = reasons;
    this.transient = transient;
  }
}

/**
 * Asks each configured provider in turn for JSON and returns the first answer `accept` takes. An answer that is not JSON
 * or that `accept` rejects moves on to the next provider, like an outage does. `accept` sees the answer with its texts made
 * storable (storableJson), so no caller can store a model's NUL or lone surrogate.
 */
export async function generateStructured<T>(
  steps: StructuredStep[],
  prompt: StructuredPrompt,
  accept: (raw: unknown) => { ok: true; value: T } | { ok: false; error: string },
  options?: Parameters<typeof withRetry>[3],
): Promise<{ value: T; provider: string; fallback: boolean }> {
  const reasons: string[] = [];
  let transient = true;
  for (const [index, step] of steps.entries()) {
    try {
      const stepOptions = shareOfDeadline(options, steps.length - index);
      const raw = await withRetry(step.provider.name, step.policy, (signal) => step.provider.generate(prompt, signal), stepOptions);
      // What the model wrote may hold what PostgreSQL cannot store (a NUL, a lone surrogate): repaired before any use.
      const accepted = accept(storableJson(raw));
      if (accepted.ok) return { value: accepted.value, provider: step.provider.name, fallback: index > 0 };
      reasons.push(`${step.provider.name}: ${accepted.error}`);
      transient = false;
    } catch (error) {
      const status = statusOf(error);
      if (status !== undefined && status !== 429 && status !== 503) transient = false;
      reasons.push(
        `${step.provider.name}: ${status === 503 ? "Service Unavailable (503)" : status ? `error ${status}` : error instanceof Error ? error.message.slice(0, 120) : "unknown error"}`,
      );
    }
  }
  throw new StructuredGenerationError(reasons, transient);
}
