#!/usr/bin/env node
// Fake AI providers for browser tests: a node:http server on loopback (its realtime calls load werift on first use) that
// speaks the HTTP formats the official SDKs use (openai 6.x, @google/genai 2.x/3.x), so the app's real provider code runs
// unchanged against it.
//
//   node tests/fake-providers/server.mjs [--port 3199]        (or FAKE_PROVIDERS_PORT; default 3199)
//   app env: OPENAI_BASE_URL=http://127.0.0.1:3199/v1   GEMINI_BASE_URL=http://127.0.0.1:3199   (any non-empty keys)
//
// Provider routes (a key is required, as with the real APIs: `Authorization: Bearer …` or `x-goog-api-key`):
//   POST /v1/audio/transcriptions             multipart; json | text | verbose_json | diarized_json (speakers "A", "B")
//   POST /v1/chat/completions                 chat completion (or SSE chunks when `stream: true`)
//   POST /v1/realtime/client_secrets          { value: "ek_test_…", expires_at, session }
//   POST /v1/realtime/calls                   the browser's SDP offer → a WebRTC answer from a fake coach (realtime.mjs)
//   POST /v1beta/models/{model}:generateContent and /v1/models/{model}:generateContent (+ :streamGenerateContent?alt=sse)
//   The conversation-signal labels (issue 17) come on those chat / generateContent routes but are their own routes here,
//   "openai.signals" and "gemini.signals" (told by the structured-output name or the `labels` response schema), so they
//   never take an answer queued for an analysis; by default they label the numbered lines with a few plain rules.
//   PayPal REST (PAYPAL_API_BASE=http://127.0.0.1:3199): POST /v1/oauth2/token (Basic auth, client_credentials),
//   POST /v2/checkout/orders (Bearer; answers 201 CREATED with a new id), POST /v2/checkout/orders/{id}/capture (COMPLETED)
//   Clerk's Backend API (CLERK_API_URL=http://127.0.0.1:3199): DELETE /v1/users/{id} (Bearer secret key; answers Clerk's
//   deleted-object shape), route "clerk.users.delete"
// Control API for tests:
//   POST /__control/queue     { route, responses: [{ status?, body?, raw?, delayMs?, headers? }] } — used in order, then defaults
//   POST /__control/reset     clears queues and the request log
//   GET  /__control/requests  recent requests (?route=…): route, model, headers without credentials, form fields, file sizes,
//                             JSON bodies with inline audio replaced by its length, the audio's duration
//                             (audioDurationSeconds, read from its Ogg Opus / WebM / WAV container) and the known speaker names
//                             sent with it (knownSpeakerNames). Never audio bytes, never keys.
// Caps, checked before anything queued is used, as the real services hold them: audio over 1,400 s to the diarization
// model → 400 with OpenAI's error ("audio duration X seconds is longer than 1400 seconds which is the maximum for this
// model"); a Gemini request over 20 MB (its inline-data limit) → 400. Transcriptions answer by default a dialogue as long
// as the audio (the two-voices dialogue for short audio), labelled with the known speaker names when given.
//   GET  /__control/health
// Queued 2xx bodies for "openai.chat", "gemini.generate" and the two ".signals" routes are the model's text output (strings as they are, anything else
// JSON-encoded) wrapped in the provider's envelope, unless `raw: true`; every other queued body is the HTTP body as it is.
// Nothing here logs request bodies: they carry user conversations.
import { randomBytes } from "node:crypto";
import http from "node:http";

import { audioDurationSeconds } from "../../lib/domain/audio/audio-duration.mjs";
import {
  DIALOGUE,
  DIALOGUE_DURATION,
  dialogueFor,
  diarizeTooLong,
  GEMINI_INLINE_MAX_BYTES,
  geminiKnownSpeakerNames,
  geminiPayloadTooLarge,
  OPENAI_DIARIZE_MAX_SECONDS,
} from "./dialogue.mjs";
import { closeRealtime, handleRealtimeCall, handleRealtimeControl, handleRealtimePreflight, REALTIME_CALLS_ROUTE, resetRealtime } from "./realtime.mjs";

const ROUTES = [
  "openai.transcriptions",
  "openai.chat",
  "openai.realtime",
  "gemini.generate",
  "openai.signals",
  "gemini.signals",
  "paypal.token",
  "paypal.orders",
  "paypal.capture",
  "clerk.users.delete",
  REALTIME_CALLS_ROUTE,
];
const MAX_BODY_BYTES = 30 * 1024 * 1024;
const MAX_LOGGED_REQUESTS = 200;
const CREDENTIAL_HEADERS = new Set(["authorization", "x-goog-api-key", "api-key", "cookie", "proxy-authorization"]);
const verbose = Boolean(process.env.FAKE_PROVIDERS_VERBOSE);

const DEFAULT_CHAT_CONTENT = { ok: true, provider: "fake-openai" };
const DEFAULT_GEMINI_TEXT = { ok: true, provider: "fake-gemini" };

/** @type {Map<string, Array<Record<string, unknown>>>} */
const queues = new Map();
/** @type {Array<Record<string, unknown>>} */
let requestLog = [];
let sequence = 0;

function parsePort() {
  const args = process.argv.slice(2);
  const flag = args.indexOf("--port");
  const raw = flag >= 0 ? args[flag + 1] : (args.find((arg) => /^\d+$/.test(arg)) ?? process.env.FAKE_PROVIDERS_PORT);
  const port = Number(raw ?? 3199);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`fake-providers: bad port ${raw}`);
  return port;
}

// ---------- HTTP helpers ----------

function send(res, status, body, headers = {}) {
  const isText = typeof body === "string";
  const payload = isText ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": isText ? "text/plain; charset=utf-8" : "application/json",
    "x-request-id": `req_fake_${++sequence}`,
    ...headers,
  });
  res.end(payload);
}

function sendSse(res, events, headers = {}) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers });
  for (const event of events) res.write(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
  res.end();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error("Request body too large"), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function parseJson(buffer) {
  try {
    return buffer.length ? JSON.parse(buffer.toString("utf8")) : {};
  } catch {
    return undefined;
  }
}

/**
 * Minimal multipart/form-data parser: text fields as strings, files as { filename, contentType, bytes, durationSeconds }
 * (the content itself dropped).
 */
function parseMultipart(buffer, contentType) {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  if (!match) return undefined;
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  const fields = {};
  const files = {};
  let start = buffer.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (buffer.subarray(partStart, partStart + 2).toString() === "--") break;
    const next = buffer.indexOf(delimiter, partStart);
    if (next === -1) break;
    const part = buffer.subarray(partStart + 2, next - 2); // skip CRLF after the delimiter and before the next one
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const head = part.subarray(0, headerEnd).toString("utf8");
      const content = part.subarray(headerEnd + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      const filename = /filename="([^"]*)"/i.exec(head)?.[1];
      if (name !== undefined) {
        if (filename !== undefined) {
          const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? "application/octet-stream";
          // The duration read from the container, never the bytes themselves.
          (files[name] ??= []).push({ filename, contentType: type, bytes: content.length, durationSeconds: audioDurationSeconds(content) });
        } else {
          const value = content.toString("utf8");
          // Array fields (known_speaker_names[], include[]) repeat.
          if (name in fields) fields[name] = [fields[name]].flat().concat(value);
          else fields[name] = value;
        }
      }
    }
    start = next;
  }
  return { fields, files };
}

/** Copies a JSON request body for the log, replacing inline binary data (base64 audio) with its length. */
function redactInlineData(value, key = "") {
  if (typeof value === "string") {
    if ((key === "data" || key === "audio" || key === "file_data") && value.length > 256) return `<${value.length} chars redacted>`;
    if (/^data:[^;]+;base64,/.test(value) && value.length > 256) return `<data URL, ${value.length} chars redacted>`;
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => redactInlineData(item));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactInlineData(v, k)]));
  }
  return value;
}

function safeHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));
}

function credentialKind(headers) {
  if (/^Bearer\s+\S+/i.test(headers.authorization ?? "")) return "bearer";
  if (headers["x-goog-api-key"]) return "x-goog-api-key";
  if (headers["api-key"]) return "api-key";
  return "none";
}

function record(entry) {
  requestLog.push({ at: new Date().toISOString(), ...entry });
  if (requestLog.length > MAX_LOGGED_REQUESTS) requestLog = requestLog.slice(-MAX_LOGGED_REQUESTS);
}

function takeQueued(route) {
  const queue = queues.get(route);
  return queue && queue.length > 0 ? queue.shift() : undefined;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => Math.floor(Date.now() / 1000);
const asText = (value) => (typeof value === "string" ? value : JSON.stringify(value));
const estimateTokens = (text) => Math.max(1, Math.ceil(text.length / 4));

function openAiError(status, message) {
  const type = status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: status === 401 ? "invalid_api_key" : null } };
}

function geminiError(status, message) {
  const names = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
  };
  return { error: { code: status, message, status: names[status] ?? "UNKNOWN" } };
}

// ---------- Default provider answers ----------

const knownSpeakerNames = (fields) => [fields["known_speaker_names[]"] ?? fields.known_speaker_names ?? []].flat();

function transcription(fields, durationSeconds) {
  const format = fields.response_format ?? "json";
  const text = DIALOGUE.map(([, , , line]) => line).join(" ");
  const usage = {
    type: "tokens",
    input_tokens: 160,
    output_tokens: estimateTokens(text),
    total_tokens: 160 + estimateTokens(text),
    input_token_details: { audio_tokens: 160, text_tokens: 0 },
  };
  switch (format) {
    case "text":
      return text;
    case "diarized_json": {
      // A dialogue as long as the audio, its speakers named after the known speakers when they were sent.
      const turns = dialogueFor(durationSeconds, knownSpeakerNames(fields));
      const duration = Math.max(DIALOGUE_DURATION, durationSeconds ?? 0);
      return {
        task: "transcribe",
        duration,
        text: turns.map((turn) => turn.text).join(" "),
        segments: turns.map((turn, index) => ({ type: "transcript.text.segment", id: `seg_${index}`, ...turn })),
        usage: { type: "duration", seconds: Math.ceil(duration) },
      };
    }
    case "verbose_json":
      return {
        task: "transcribe",
        language: "english",
        duration: DIALOGUE_DURATION,
        text,
        segments: DIALOGUE.map(([, start, end, line], index) => ({
          id: index,
          seek: 0,
          start,
          end,
          text: ` ${line}`,
          tokens: [],
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1.2,
          no_speech_prob: 0.01,
        })),
        usage: { type: "duration", seconds: Math.ceil(DIALOGUE_DURATION) },
      };
    default:
      return { text, usage };
  }
}

function chatCompletion(model, content) {
  const promptTokens = 120;
  const completionTokens = estimateTokens(content);
  return {
    id: `chatcmpl-fake${++sequence}`,
    object: "chat.completion",
    created: now(),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: "fp_fake",
    service_tier: "default",
  };
}

function chatChunks(model, content) {
  const base = { id: `chatcmpl-fake${++sequence}`, object: "chat.completion.chunk", created: now(), model, system_fingerprint: "fp_fake" };
  return [
    { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "", refusal: null }, logprobs: null, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }] },
    "[DONE]",
  ];
}

function geminiResponse(model, text) {
  const candidatesTokenCount = estimateTokens(text);
  return {
    candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: 540,
      candidatesTokenCount,
      totalTokenCount: 540 + candidatesTokenCount,
      promptTokensDetails: [
        { modality: "AUDIO", tokenCount: 516 },
        { modality: "TEXT", tokenCount: 24 },
      ],
    },
    modelVersion: model,
    responseId: `fake-${++sequence}`,
  };
}

function clientSecret(session) {
  const expiresAt = now() + 600;
  return {
    value: `ek_test_${randomBytes(12).toString("hex")}`,
    expires_at: expiresAt,
    session: {
      type: "realtime",
      object: "realtime.session",
      id: `sess_fake${++sequence}`,
      model: session?.model ?? "gpt-realtime",
      output_modalities: ["audio"],
      expires_at: expiresAt,
    },
  };
}

// ---------- Routing ----------

/** Maps a request to a provider route, or undefined. OpenAI paths accept the base URL with or without /v1. */
function matchRoute(method, pathname) {
  if (method !== "POST") return undefined;
  const openai = /^(?:\/v1)?\/(audio\/transcriptions|chat\/completions|realtime\/client_secrets)$/.exec(pathname);
  if (openai) {
    const kind = { "audio/transcriptions": "openai.transcriptions", "chat/completions": "openai.chat", "realtime/client_secrets": "openai.realtime" };
    return { route: kind[openai[1]] };
  }
  const gemini = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(pathname);
  if (gemini) return { route: "gemini.generate", model: decodeURIComponent(gemini[2]), stream: gemini[3] === "streamGenerateContent" };
  return undefined;
}

// ---------- Conversation-signal labels ----------

/** The labelling call of issue 17: OpenAI's json_schema name, or a Gemini response schema with `labels`. */
function signalLabelsRoute(route, json) {
  if (route === "openai.chat" && json?.response_format?.json_schema?.name === "conversation_signal_labels") return "openai.signals";
  if (route === "gemini.generate" && json?.generationConfig?.responseSchema?.properties?.labels) return "gemini.signals";
  return route;
}

/** The `[n] Name: text` lines the model is asked to label. */
function signalLines(route, json) {
  const text =
    route === "gemini.signals"
      ? (json?.contents ?? [])
          .flatMap((content) => content?.parts ?? [])
          .map((part) => part?.text ?? "")
          .join("\n")
      : (json?.messages ?? [])
          .filter((message) => message?.role === "user")
          .map((message) => String(message.content ?? ""))
          .join("\n");
  return [...text.matchAll(/^\[(\d+)\] ([^:\n]+): (.*)$/gm)].map((match) => ({ turn: Number(match[1]), name: match[2], text: match[3] }));
}

/**
 * A deterministic labeller for browser tests: a question is a bid (its first three words), "you do not / never / always" is
 * criticism (those words), and the other speaker's next line answers a bid or a criticism (its first three words): interest
 * after a bid, validation after a criticism. Every quote is copied from its line, so the app's checks keep them.
 */
function defaultSignalLabels(lines) {
  const labels = [];
  const kinds = new Map();
  const firstWords = (text) => text.split(/\s+/).filter(Boolean).slice(0, 3).join(" ");
  lines.forEach((line, index) => {
    const own = new Set();
    const previous = lines[index - 1];
    if (previous && previous.name !== line.name && previous.turn === line.turn - 1) {
      const before = kinds.get(previous.turn) ?? new Set();
      const answer = before.has("bid") ? "interest" : before.has("criticism") ? "validation" : null;
      if (answer) {
        labels.push({ turn: line.turn, label: answer, quote: firstWords(line.text), responds_to: previous.turn });
        own.add(answer);
      }
    }
    const question = /[^.?!]*\?/.exec(line.text);
    if (question && firstWords(question[0].trim()).split(" ").length >= 2) {
      labels.push({ turn: line.turn, label: "bid", quote: firstWords(question[0].trim()), responds_to: null });
      own.add("bid");
    }
    const attack = /\byou (?:do not|never|always)\b/i.exec(line.text);
    if (attack) {
      labels.push({ turn: line.turn, label: "criticism", quote: attack[0], responds_to: null });
      own.add("criticism");
    }
    kinds.set(line.turn, own);
  });
  return { labels };
}

async function handleProvider(req, res, url, match) {
  let { route } = match;
  const isGemini = route === "gemini.generate";
  const errorBody = isGemini ? geminiError : openAiError;
  const body = await readBody(req);
  const contentType = req.headers["content-type"] ?? "";

  let fields = {};
  let files;
  let json;
  if (route === "openai.transcriptions") {
    const form = parseMultipart(body, contentType);
    if (!form) return send(res, 400, openAiError(400, "Expected multipart/form-data"));
    ({ fields, files } = form);
  } else {
    json = parseJson(body);
    if (json === undefined) return send(res, 400, errorBody(400, "We could not parse the JSON body of your request."));
    route = signalLabelsRoute(route, json);
  }

  const model = match.model ?? fields.model ?? json?.model ?? json?.session?.model;
  const stream = Boolean(match.stream || json?.stream === true);
  const auth = credentialKind(req.headers);
  const entry = {
    route,
    method: req.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    model,
    stream,
    auth,
    headers: safeHeaders(req.headers),
    bodyBytes: body.length,
  };
  // The audio's duration (from its container) and the known speakers, for the tests and the caps below.
  let durationSeconds = null;
  if (route === "openai.transcriptions") {
    entry.fields = redactInlineData(fields); // known_speaker_references[] are audio data URLs
    entry.files = files;
    durationSeconds = files?.file?.[0]?.durationSeconds ?? null;
    const names = knownSpeakerNames(fields);
    if (names.length > 0) entry.knownSpeakerNames = names;
  } else {
    entry.body = redactInlineData(json);
    if (route === "gemini.generate") {
      const parts = json?.contents?.[0]?.parts ?? [];
      const recording = parts.filter((part) => part?.inlineData).at(-1)?.inlineData;
      if (typeof recording?.data === "string") durationSeconds = audioDurationSeconds(Buffer.from(recording.data, "base64"));
      const names = geminiKnownSpeakerNames(parts.map((part) => part?.text));
      if (names.length > 0) entry.knownSpeakerNames = names;
    }
  }
  if (durationSeconds !== null) entry.audioDurationSeconds = durationSeconds;

  if (auth === "none") {
    entry.status = 401;
    record(entry);
    return send(res, 401, errorBody(401, "Missing API key (fake provider)."));
  }

  // Each request must stay within the provider's cap, as the real services hold it (nothing queued is used up).
  const overCap =
    route === "openai.transcriptions" && String(model).includes("diarize") && durationSeconds !== null && durationSeconds > OPENAI_DIARIZE_MAX_SECONDS
      ? diarizeTooLong(durationSeconds)
      : isGemini && body.length > GEMINI_INLINE_MAX_BYTES
        ? geminiPayloadTooLarge()
        : null;
  if (overCap) {
    entry.status = 400;
    entry.overCap = true;
    record(entry);
    return send(res, 400, overCap);
  }

  const queued = takeQueued(route);
  entry.queued = Boolean(queued);
  if (queued?.delayMs) await sleep(Number(queued.delayMs));
  const status = Number(queued?.status ?? 200);
  entry.status = status;
  record(entry);
  if (verbose) console.log(`[fake-providers] ${req.method} ${url.pathname} ${route} ${model ?? "-"} -> ${status}`);

  if (queued?.disconnect) {
    req.socket.destroy();
    return;
  }
  const headers = queued?.headers ?? {};
  if (status >= 400) return send(res, status, queued && "body" in queued ? queued.body : errorBody(status, `Fake ${status} error`), headers);
  if (queued?.raw) return send(res, status, queued.body ?? {}, headers);

  switch (route) {
    case "openai.transcriptions":
      return send(res, status, queued && "body" in queued ? queued.body : transcription(fields, durationSeconds), headers);
    case "openai.chat": {
      const content = asText(queued && "body" in queued ? queued.body : DEFAULT_CHAT_CONTENT);
      const modelName = model ?? "gpt-4o-mini";
      return stream ? sendSse(res, chatChunks(modelName, content), headers) : send(res, status, chatCompletion(modelName, content), headers);
    }
    case "openai.realtime":
      return send(res, status, queued && "body" in queued ? queued.body : clientSecret(json?.session), headers);
    case "openai.signals":
      return send(
        res,
        status,
        chatCompletion(model ?? "gpt-4.1-mini", asText(queued && "body" in queued ? queued.body : defaultSignalLabels(signalLines(route, json)))),
        headers,
      );
    case "gemini.signals":
      return send(
        res,
        status,
        geminiResponse(model ?? "gemini", asText(queued && "body" in queued ? queued.body : defaultSignalLabels(signalLines(route, json)))),
        headers,
      );
    case "gemini.generate": {
      // A transcription (its schema asks for segments) gets a dialogue as long as the audio by default.
      const transcribing = Boolean(json?.generationConfig?.responseSchema?.properties?.segments);
      const fallback = transcribing ? { segments: dialogueFor(durationSeconds, entry.knownSpeakerNames ?? []) } : DEFAULT_GEMINI_TEXT;
      const text = asText(queued && "body" in queued ? queued.body : fallback);
      const answer = geminiResponse(model ?? "gemini", text);
      return stream ? sendSse(res, [answer], headers) : send(res, status, answer, headers);
    }
    default:
      return send(res, 500, { error: `unhandled route ${route}` });
  }
}

// ---------- PayPal (Orders v2) ----------

/** PayPal's REST routes: the app's donation handlers create and capture orders here in the browser tests. */
function matchPayPal(method, pathname) {
  if (method !== "POST") return undefined;
  if (pathname === "/v1/oauth2/token") return { route: "paypal.token" };
  if (pathname === "/v2/checkout/orders") return { route: "paypal.orders" };
  const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(pathname);
  return capture ? { route: "paypal.capture", orderId: capture[1] } : undefined;
}

async function handlePayPal(req, res, url, match) {
  const body = (await readBody(req)).toString("utf8");
  const basic = /^Basic\s+\S+/i.test(req.headers.authorization ?? "");
  const bearer = /^Bearer\s+\S+/i.test(req.headers.authorization ?? "");
  const entry = {
    route: match.route,
    method: req.method,
    path: url.pathname,
    auth: basic ? "basic" : bearer ? "bearer" : "none",
    headers: safeHeaders(req.headers),
  };
  if (match.route !== "paypal.token") entry.body = parseJson(Buffer.from(body));
  const authorized = match.route === "paypal.token" ? basic && body === "grant_type=client_credentials" : bearer;
  if (!authorized) {
    entry.status = 401;
    record(entry);
    return send(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
  }
  const queued = takeQueued(match.route);
  entry.queued = Boolean(queued);
  if (queued?.delayMs) await sleep(Number(queued.delayMs));
  const status = Number(queued?.status ?? (match.route === "paypal.token" ? 200 : 201));
  entry.status = status;
  record(entry);
  if (queued && "body" in queued) return send(res, status, queued.body, queued.headers ?? {});
  if (status >= 400) return send(res, status, { name: "INTERNAL_SERVER_ERROR", message: `Fake ${status} error`, debug_id: "fake", details: [] });
  const orderId = match.orderId ?? `FAKE${randomBytes(6).toString("hex").toUpperCase()}`;
  const amount = entry.body?.purchase_units?.[0]?.amount ?? { currency_code: "USD", value: "2.00" };
  switch (match.route) {
    case "paypal.token":
      return send(res, 200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: `A21AA${randomBytes(8).toString("hex")}`,
        token_type: "Bearer",
        expires_in: 32400,
      });
    case "paypal.orders":
      return send(res, status, {
        id: orderId,
        status: "CREATED",
        links: [{ href: `${url.origin}/v2/checkout/orders/${orderId}`, rel: "self", method: "GET" }],
      });
    default:
      // As PayPal: the whole order only when asked for (Prefer: return=representation), else its id, status and links.
      if (req.headers.prefer !== "return=representation") return send(res, status, { id: orderId, status: "COMPLETED", links: [] });
      return send(res, status, {
        id: orderId,
        status: "COMPLETED",
        purchase_units: [
          { reference_id: "default", payments: { captures: [{ id: `CAP${randomBytes(6).toString("hex").toUpperCase()}`, status: "COMPLETED", amount }] } },
        ],
      });
  }
}

// ---------- Clerk Backend API ----------

/** Clerk's user deletion: the app's "Delete my data and account" calls it through @clerk/backend after the data is gone. */
function handleClerkUserDelete(req, res, url, userId) {
  const bearer = /^Bearer\s+sk_\S+/i.test(req.headers.authorization ?? "");
  const entry = { route: "clerk.users.delete", method: req.method, path: url.pathname, auth: bearer ? "bearer" : "none", headers: safeHeaders(req.headers) };
  if (!bearer) {
    entry.status = 401;
    record(entry);
    return send(res, 401, clerkErrors("authentication_invalid", "Unauthorized request", "You are not authorized to perform this request"));
  }
  const queued = takeQueued("clerk.users.delete");
  entry.queued = Boolean(queued);
  const status = Number(queued?.status ?? 200);
  entry.status = status;
  record(entry);
  if (queued && "body" in queued) return send(res, status, queued.body, queued.headers ?? {});
  if (status >= 400) return send(res, status, clerkErrors("internal_clerk_error", "Oops, an unexpected error occurred", `Fake ${status} error`));
  return send(res, 200, { object: "user", id: userId, deleted: true });
}

/** Clerk's error body. */
function clerkErrors(code, message, longMessage) {
  return { errors: [{ code, message, long_message: longMessage, meta: {} }], clerk_trace_id: "fake" };
}

async function handleControl(req, res, url) {
  const action = url.pathname.slice("/__control/".length);
  if (req.method === "GET" && action === "health") return send(res, 200, { ok: true });
  if (req.method === "GET" && action === "requests") {
    const route = url.searchParams.get("route");
    return send(res, 200, { requests: route ? requestLog.filter((entry) => entry.route === route) : requestLog });
  }
  if (action.startsWith("realtime/")) {
    const handled = handleRealtimeControl(req, res, action, send);
    if (handled !== undefined) return handled;
  }
  if (req.method === "POST" && action === "reset") {
    queues.clear();
    requestLog = [];
    resetRealtime();
    return send(res, 200, { ok: true });
  }
  if (req.method === "POST" && action === "queue") {
    const json = parseJson(await readBody(req));
    if (!json || !ROUTES.includes(json.route) || !Array.isArray(json.responses)) {
      return send(res, 400, { error: `Expected { route: ${ROUTES.join(" | ")}, responses: [{ status, body }] }` });
    }
    const queue = queues.get(json.route) ?? [];
    queue.push(...json.responses.map((response) => (response && typeof response === "object" ? response : { body: response })));
    queues.set(json.route, queue);
    return send(res, 200, { ok: true, route: json.route, queued: queue.length });
  }
  return send(res, 404, { error: `Unknown control endpoint ${req.method} ${url.pathname}` });
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  try {
    if (url.pathname.startsWith("/__control/")) return await handleControl(req, res, url);
    if (/^(?:\/v1)?\/realtime\/calls$/.test(url.pathname)) {
      if (req.method === "OPTIONS") return handleRealtimePreflight(res);
      if (req.method === "POST") return await handleRealtimeCall(req, res, url, { readBody, takeQueued, record, safeHeaders, send, sleep });
    }
    const match = matchRoute(req.method, url.pathname);
    if (match) return await handleProvider(req, res, url, match);
    const paypal = matchPayPal(req.method, url.pathname);
    if (paypal) return await handlePayPal(req, res, url, paypal);
    const clerkUser = req.method === "DELETE" ? /^\/v1\/users\/([^/]+)$/.exec(url.pathname) : null;
    if (clerkUser) return handleClerkUserDelete(req, res, url, decodeURIComponent(clerkUser[1]));
    record({ route: "unknown", method: req.method, path: url.pathname, headers: safeHeaders(req.headers), status: 404 });
    return send(res, 404, { error: { message: `Fake provider server has no route ${req.method} ${url.pathname}`, type: "invalid_request_error" } });
  } catch (error) {
    const status = error?.status ?? 500;
    if (!res.headersSent) send(res, status, { error: { message: status === 413 ? "Request body too large" : "Fake provider server error" } });
    if (status === 500) console.error("[fake-providers]", error?.message ?? error);
  }
});

const port = parsePort();
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.log(`[fake-providers] listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    closeRealtime();
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
