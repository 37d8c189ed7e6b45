import "server-only";

import { z } from "zod";

import { COACH_TURN_DETECTION, COACH_VOICE, INPUT_TRANSCRIPTION_MODEL, REALTIME_MODEL } from "@/lib/domain/solo/constants";
import type { RealtimeSessionAnswer } from "@/lib/domain/solo/realtime-session-request";
import { REALTIME_TEXTS } from "@/lib/domain/solo/realtime-texts";
import { getEnv, type Env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { buildRealtimeCoachInstructions, type RealtimeCoachInput } from "@/lib/server/prompts/realtime-coach";
import { realtimeCallsEndpoint } from "@/lib/server/security/headers";

// Mints a short-lived client secret for the live voice coach with OpenAI's Realtime API (GA):
// POST {base}/realtime/client_secrets → { value: "ek_…", expires_at, session }. The browser then posts its SDP offer to
// {base}/realtime/calls with that secret; the permanent key never leaves the server.

const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** How long the secret may be used to open a call; the call itself may run longer. */
const CLIENT_SECRET_TTL_SECONDS = 600;

const clientSecretAnswerSchema = z.object({ value: z.string().min(1).max(4096), expires_at: z.number() });

/** The session object of the request, in OpenAI's GA format. */
export function coachSession(input: RealtimeCoachInput) {
  return {
    type: "realtime",
    model: REALTIME_MODEL,
    instructions: buildRealtimeCoachInstructions(input),
    output_modalities: ["audio"],
    audio: {
      input: {
        transcription: { model: INPUT_TRANSCRIPTION_MODEL, ...(input.language ? { language: input.language.split("-")[0]!.toLowerCase() } : {}) },
        noise_reduction: { type: "near_field" },
        turn_detection: COACH_TURN_DETECTION,
      },
      output: { voice: COACH_VOICE },
    },
  } as const;
}

function createFailed(detail?: string): ApiError {
  return new ApiError("upstream_failed", REALTIME_TEXTS.sessionCreateFailed, detail ? { detail } : undefined);
}

export type MintDeps = { fetch?: typeof fetch; deadline: number; env?: Env };

/** Mints the client secret for `input`; an ApiError with the spec's text when unconfigured, refused, late or malformed. */
export async function mintRealtimeSession(
  input: RealtimeCoachInput,
  { fetch: fetchImpl = fetch, deadline, env = getEnv() }: MintDeps,
): Promise<RealtimeSessionAnswer> {
  if (!env.OPENAI_API_KEY) {
    throw new ApiError("not_configured", REALTIME_TEXTS.sessionCreateFailed, { detail: "The live coach is not configured on this server." });
  }
  const base = (env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const remaining = deadline - Date.now();
  if (remaining < 1000) throw createFailed("The voice provider did not answer in time.");

  // Our own timer rather than AbortSignal.timeout: we know it was the deadline, whatever error the fetch then throws.
  const controller = new AbortController();
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort();
  }, remaining);
  try {
    const secret = await requestSecret(fetchImpl, base, env.OPENAI_API_KEY, input, controller.signal, () => late);
    return { ...secret, callsUrl: realtimeCallsEndpoint(env.OPENAI_BASE_URL), model: REALTIME_MODEL };
  } finally {
    clearTimeout(timer);
  }
}

async function requestSecret(
  fetchImpl: typeof fetch,
  base: string,
  apiKey: string,
  input: RealtimeCoachInput,
  signal: AbortSignal,
  isLate: () => boolean,
): Promise<{ clientSecret: string; expiresAt: number }> {
  let response: Response;
  try {
    response = await fetchImpl(`${base}/realtime/client_secrets`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ expires_after: { anchor: "created_at", seconds: CLIENT_SECRET_TTL_SECONDS }, session: coachSession(input) }),
      signal,
    });
  } catch (error) {
    console.error(`[realtime] client secret request failed: ${isLate() ? "deadline" : ((error as { name?: unknown } | null)?.name ?? "unknown")}`);
    throw createFailed(isLate() ? "The voice provider did not answer in time." : "The voice provider could not be reached.");
  }

  if (!response.ok) {
    // Only the error's code and type are logged: its message may quote what was refused, and the session's instructions
    // hold the user's name and chosen guide (an OpenAI-compatible server often echoes the value it rejects).
    const reason = await providerErrorKind(response);
    console.error(`[realtime] client secret refused: ${response.status} ${reason}`);
    throw createFailed(response.status === 429 ? "The voice provider is busy. Please try again in a moment." : "The voice provider refused the session.");
  }

  const parsed = clientSecretAnswerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    console.error(`[realtime] client secret answer has no value${isLate() ? " (deadline)" : ""}`);
    throw createFailed(isLate() ? "The voice provider did not answer in time." : "The voice provider sent an unexpected answer.");
  }
  return { clientSecret: parsed.data.value, expiresAt: parsed.data.expires_at };
}

const ERROR_KIND = /^[A-Za-z0-9_.-]{1,64}$/;

async function providerErrorKind(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; type?: unknown } };
    const kind = [body.error?.code, body.error?.type].find((value) => typeof value === "string" && ERROR_KIND.test(value));
    return typeof kind === "string" ? kind : "";
  } catch {
    return "";
  }
}
