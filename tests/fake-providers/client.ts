// Typed helpers for the control API of tests/fake-providers/server.mjs, used by the Playwright tests.
//
//   await fakeProviders.reset();
//   await fakeProviders.queue("openai.transcriptions", { body: diarizedTranscript([["A", "Hello"], ["B", "Hi"]]) });
//   await fakeProviders.queue("gemini.generate", geminiOverloaded(), { body: { cards: [] } });
//   const calls = await fakeProviders.requests("gemini.generate");

import { FAKE_PROVIDERS_URL } from "../e2e/support/urls";

export type FakeRoute =
  | "openai.transcriptions"
  | "openai.chat"
  | "openai.realtime"
  | "gemini.generate"
  // The conversation-signal labelling call (issue 17), told apart from the analysis on the same provider endpoints.
  | "openai.signals"
  | "gemini.signals"
  | "paypal.token"
  | "paypal.orders"
  | "paypal.capture"
  // Clerk's Backend API deleting a user (DELETE /v1/users/{id}): "Delete my data and account".
  | "clerk.users.delete"
  // The realtime peer's SDP exchange (POST /v1/realtime/calls, tests/fake-providers/realtime.mjs): a queued 4xx/5xx fails it.
  | "openai.realtime.calls";

/**
 * One queued answer, used once, in order, before the route's default answer.
 * - `status` (default 200). From 400 up, `body` is the HTTP body as it is (default: the provider's error shape).
 * - 2xx `body`: for "openai.chat" and "gemini.generate" the model's text output (strings as they are, anything else
 *   JSON-encoded) wrapped in a chat completion / generateContent envelope; for the other routes the HTTP body itself.
 * - `raw: true` sends a 2xx `body` as the HTTP body without the envelope (malformed provider answers).
 * - `delayMs` answers late (time-outs); `disconnect: true` drops the connection (network errors).
 */
export type FakeResponse = {
  status?: number;
  body?: unknown;
  raw?: boolean;
  delayMs?: number;
  disconnect?: boolean;
  headers?: Record<string, string>;
};

/** What the server remembers of a provider request: never credentials, never audio bytes. */
export type RecordedRequest = {
  at: string;
  route: FakeRoute | "unknown";
  method: string;
  path: string;
  query?: Record<string, string>;
  model?: string;
  stream?: boolean;
  /** Which credential was sent (its value is not kept). */
  auth?: "bearer" | "basic" | "x-goog-api-key" | "api-key" | "none";
  headers: Record<string, string>;
  bodyBytes?: number;
  /** Multipart text fields (transcriptions); data URLs of reference audio are replaced by their length. */
  fields?: Record<string, string | string[]>;
  /** Multipart files (transcriptions): name, type, size and the audio's duration (null when not Ogg Opus, WebM or WAV). */
  files?: Record<string, { filename: string; contentType: string; bytes: number; durationSeconds: number | null }[]>;
  /** The recording's duration, read from its container (OpenAI's file, Gemini's last inline audio); absent when unreadable. */
  audioDurationSeconds?: number;
  /** The known speakers sent with a transcription (OpenAI's known_speaker_names[], Gemini's named reference clips). */
  knownSpeakerNames?: string[];
  /** The request was over the provider's cap (OpenAI diarize 1,400 s, Gemini 20 MB) and refused with a 400. */
  overCap?: boolean;
  /** JSON body (chat, Gemini, realtime) with inline base64 audio replaced by its length. */
  body?: unknown;
  queued?: boolean;
  status: number;
};

export type DiarizedSegment = {
  id: string;
  start: number;
  end: number;
  text: string;
  speaker: string;
  type: "transcript.text.segment";
};

export type DiarizedTranscript = {
  task: "transcribe";
  text: string;
  duration: number;
  segments: DiarizedSegment[];
  usage: { type: "duration"; seconds: number };
};

/** A `diarized_json` body from [speaker, text] turns, each `secondsPerTurn` long. */
export function diarizedTranscript(turns: ReadonlyArray<readonly [speaker: string, text: string]>, secondsPerTurn = 2.5): DiarizedTranscript {
  const segments = turns.map(([speaker, text], index): DiarizedSegment => ({
    id: `seg_${index}`,
    start: index * secondsPerTurn,
    end: (index + 1) * secondsPerTurn - 0.2,
    text,
    speaker,
    type: "transcript.text.segment",
  }));
  const duration = turns.length * secondsPerTurn;
  return { task: "transcribe", text: turns.map(([, text]) => text).join(" "), duration, segments, usage: { type: "duration", seconds: Math.ceil(duration) } };
}

/** OpenAI's error body at `status`. */
export function openAiError(status: number, message = `Fake ${status} error`): FakeResponse {
  const type = status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : "invalid_request_error";
  return { status, body: { error: { message, type, param: null, code: null } } };
}

/** Gemini's frequent 503 "The model is overloaded". */
export function geminiOverloaded(): FakeResponse {
  return { status: 503, body: { error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } } };
}

/** One call of the fake realtime peer: the client events it received (types), the guides' headlines, the microphone. */
export type FakeRealtimeCall = {
  id: string;
  clientEvents: string[];
  guides: string[];
  turnDetection: boolean;
  userTurns: number;
  micPackets: number;
  channel: string;
  closed: boolean;
};

export class FakeProviders {
  constructor(readonly baseUrl: string = FAKE_PROVIDERS_URL) {}

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__control/${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake providers ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Appends answers to a route's queue; returns how many are now waiting. */
  async queue(route: FakeRoute, ...responses: FakeResponse[]): Promise<number> {
    const result = await this.call<{ queued: number }>("POST", "queue", { route, responses });
    return result.queued;
  }

  /** Clears every queue and the request log. */
  async reset(): Promise<void> {
    await this.call("POST", "reset", {});
  }

  /** Recent provider requests, oldest first, optionally of one route. */
  async requests(route?: FakeRoute): Promise<RecordedRequest[]> {
    const query = route ? `?route=${encodeURIComponent(route)}` : "";
    const result = await this.call<{ requests: RecordedRequest[] }>("GET", `requests${query}`);
    return result.requests;
  }

  /** The fake realtime peer's calls since the last reset: what each received from the browser. */
  async realtimeCalls(): Promise<FakeRealtimeCall[]> {
    return (await this.call<{ calls: FakeRealtimeCall[] }>("GET", "realtime/calls")).calls;
  }

  /** Drops every live realtime call (data channel and connection), as a lost connection would. */
  async dropRealtimeCalls(): Promise<string[]> {
    return (await this.call<{ dropped: string[] }>("POST", "realtime/drop", {})).dropped;
  }

  async healthy(): Promise<boolean> {
    try {
      return (await this.call<{ ok: boolean }>("GET", "health")).ok;
    } catch {
      return false;
    }
  }
}

/** The server playwright.config.ts starts. */
export const fakeProviders = new FakeProviders();
