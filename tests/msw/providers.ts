import { http, HttpResponse } from "msw";

import { audioDurationSeconds } from "../../lib/domain/audio/audio-duration.mjs";
import {
  dialogueFor,
  diarizeTooLong,
  GEMINI_INLINE_MAX_BYTES,
  geminiKnownSpeakerNames,
  geminiPayloadTooLarge,
  OPENAI_DIARIZE_MAX_SECONDS,
} from "../fake-providers/dialogue.mjs";

// Provider fakes at the network level, in the providers' real wire formats, so the official SDKs run unchanged.

export const OPENAI_BASE_URL = "http://openai.test/v1";
export const GEMINI_BASE_URL = "http://gemini.test";
export const PROVIDER_ENV = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL, GEMINI_API_KEY: "gemini-test", GEMINI_BASE_URL };

export type DiarizedSegment = { speaker: string; text: string; start: number; end: number };

export function openAiDiarized(segments: DiarizedSegment[]) {
  return {
    task: "transcribe",
    duration: segments.at(-1)?.end ?? 0,
    text: segments.map((segment) => segment.text).join(" "),
    segments: segments.map((segment, index) => ({ id: `seg_${index}`, type: "transcript.text.segment", ...segment })),
    usage: { type: "duration", seconds: Math.ceil(segments.at(-1)?.end ?? 0) },
  };
}

export function geminiJson(value: unknown) {
  return {
    candidates: [{ content: { role: "model", parts: [{ text: JSON.stringify(value) }] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: "gemini-2.5-flash",
  };
}

export const openAiError = (status: number, message: string) => HttpResponse.json({ error: { message, type: "server_error", code: null } }, { status });

export const geminiError = (status: number, message: string) =>
  HttpResponse.json({ error: { code: status, message, status: status === 503 ? "UNAVAILABLE" : "INTERNAL" } }, { status });

export type SeenTranscription = {
  model: string;
  responseFormat: string;
  chunking: string;
  language: string;
  fileType: string;
  fileSize: number;
  /** Read from the file's container (Ogg Opus, WebM, WAV); absent when it is none of them. */
  durationSeconds?: number;
  /** known_speaker_names[], when sent, and how many known_speaker_references[] came with them. */
  knownSpeakerNames?: string[];
  knownSpeakerReferences?: number;
};

/**
 * OpenAI's transcription endpoint; records the multipart fields it received (never the audio). Like the real diarization
 * model it refuses audio over 1,400 s with a 400 before `respond` is asked.
 */
export function openAiTranscription(respond: (seen: SeenTranscription) => Response | Promise<Response>, seen: SeenTranscription[] = []) {
  return http.post(`${OPENAI_BASE_URL}/audio/transcriptions`, async ({ request }) => {
    const form = await request.formData();
    const file = form.get("file") as File;
    const durationSeconds = audioDurationSeconds(new Uint8Array(await file.arrayBuffer()));
    const names = form.getAll("known_speaker_names[]").map(String);
    const entry: SeenTranscription = {
      model: String(form.get("model")),
      responseFormat: String(form.get("response_format")),
      chunking: String(form.get("chunking_strategy")),
      language: String(form.get("language")),
      fileType: file.type,
      fileSize: file.size,
      ...(durationSeconds === null ? {} : { durationSeconds }),
      ...(names.length > 0 ? { knownSpeakerNames: names, knownSpeakerReferences: form.getAll("known_speaker_references[]").length } : {}),
    };
    seen.push(entry);
    if (entry.model.includes("diarize") && durationSeconds !== null && durationSeconds > OPENAI_DIARIZE_MAX_SECONDS) {
      return HttpResponse.json(diarizeTooLong(durationSeconds), { status: 400 });
    }
    return respond(entry);
  });
}

/** The diarized answer to audio of the request's length: a dialogue to its end, labelled with the known speakers if any. */
export const openAiDialogue = (seen: SeenTranscription) => HttpResponse.json(openAiDiarized(dialogueFor(seen.durationSeconds ?? null, seen.knownSpeakerNames)));

export type SeenGemini = {
  model: string;
  /** The recording's type: the last inline audio (speaker reference clips come before it). */
  mimeType: string | undefined;
  responseMimeType: string | undefined;
  hasSchema: boolean;
  /** The recording's duration, read from its container; absent when unknown. */
  durationSeconds?: number;
  /** The known speakers named before their reference clips, when sent. */
  knownSpeakerNames?: string[];
};

// The conversation-signal labels (issue 17) are a call of their own beside the analysis: the analysis fakes leave it to the
// signal-label handlers below (each file's default answers "no labels"), so a test of the analysis sees only its own calls.
type GeminiBody = {
  contents: { parts: { text?: string; inlineData?: { mimeType: string; data?: string } }[] }[];
  systemInstruction?: { parts?: { text?: string }[] };
  generationConfig?: { responseMimeType?: string; responseSchema?: { properties?: Record<string, unknown> }; temperature?: number };
};
type ChatBody = {
  model: string;
  temperature?: number;
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
  messages: { role: string; content: string }[];
};
const isGeminiSignalLabels = (body: GeminiBody) => Boolean(body.generationConfig?.responseSchema?.properties?.labels);
const isChatSignalLabels = (body: ChatBody) => body.response_format?.json_schema?.name === "conversation_signal_labels";

export function geminiGenerate(respond: (seen: SeenGemini) => Response | Promise<Response>, seen: SeenGemini[] = []) {
  return http.post(`${GEMINI_BASE_URL}/:version/models/:modelAction`, async ({ request, params }) => {
    const text = await request.clone().text();
    const body = JSON.parse(text) as GeminiBody;
    if (isGeminiSignalLabels(body)) return undefined;
    const parts = body.contents[0]?.parts ?? [];
    const recording = parts.filter((part) => part.inlineData).at(-1)?.inlineData;
    const durationSeconds = recording?.data ? audioDurationSeconds(Buffer.from(recording.data, "base64")) : null;
    const names = geminiKnownSpeakerNames(parts.map((part) => part.text));
    const entry: SeenGemini = {
      model: String(params.modelAction).split(":")[0]!,
      mimeType: recording?.mimeType,
      responseMimeType: body.generationConfig?.responseMimeType,
      hasSchema: Boolean(body.generationConfig?.responseSchema),
      ...(durationSeconds === null ? {} : { durationSeconds }),
      ...(names.length > 0 ? { knownSpeakerNames: names } : {}),
    };
    seen.push(entry);
    // Inline data counts against Gemini's request limit (larger audio would need its Files API).
    if (Buffer.byteLength(text) > GEMINI_INLINE_MAX_BYTES) return HttpResponse.json(geminiPayloadTooLarge(), { status: 400 });
    return respond(entry);
  });
}

/** Gemini's transcription answer to audio of the request's length, labelled with the known speakers if any. */
export const geminiDialogue = (seen: SeenGemini) =>
  HttpResponse.json(geminiJson({ segments: dialogueFor(seen.durationSeconds ?? null, seen.knownSpeakerNames) }));

export function openAiChatJson(value: unknown) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "gpt-4.1-mini",
    choices: [
      { index: 0, finish_reason: "stop", message: { role: "assistant", content: typeof value === "string" ? value : JSON.stringify(value), refusal: null } },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export type SeenChat = { model: string; responseFormat: string | undefined; system: string; user: string };

export function openAiChat(respond: (seen: SeenChat) => Response | Promise<Response>, seen: SeenChat[] = []) {
  return http.post(`${OPENAI_BASE_URL}/chat/completions`, async ({ request }) => {
    const body = (await request.clone().json()) as ChatBody;
    if (isChatSignalLabels(body)) return undefined;
    const entry = {
      model: body.model,
      responseFormat: body.response_format?.type,
      system: body.messages.find((message) => message.role === "system")?.content ?? "",
      user: body.messages.find((message) => message.role === "user")?.content ?? "",
    };
    seen.push(entry);
    return respond(entry);
  });
}

/** A model analysis in the shape the prompt asks for. */
export function modelAnalysis(overrides: Record<string, unknown> = {}) {
  return {
    cards: [
      {
        dimension: "Curiosity",
        insight: "Ben asked Ana how her day felt, and followed up.",
        tips: ["Ask one more open question.", "Check back on what you heard."],
        color: "deep-teal",
        icon: "search",
        evidence: ["Tell me more"],
      },
      {
        dimension: "Timing",
        insight: "Ana spoke for most of the conversation.",
        tips: ["Take turns of similar length."],
        color: "sunflower",
        icon: "clock",
        evidence: ["I felt unheard"],
      },
      {
        dimension: "Appreciation",
        insight: "Both thanked each other.",
        tips: ["Name one thing you appreciated today."],
        color: "soft-tangerine",
        icon: "sparkles",
        evidence: ["Thank you"],
      },
    ],
    coachResponse: "You two talked about **weekends**. [More](https://example.org)",
    briefSummary: "Planning weekends together",
    recommendations: ["Plan Saturday together", "Ask one open question a day", " "],
    encouragement: "You're building something good.",
    mutualGrowthCard: {
      dimension: "Mutual Aspirations & Growth",
      insight: "Make time for each other.",
      tips: ["What would a perfect Saturday look like?"],
      icon: "sparkles",
      color: "soft-tangerine",
    },
    ...overrides,
  };
}

/** A signal-labels call as the provider received it. */
export type SeenSignalLabels = {
  provider: "gemini" | "openai";
  system: string;
  user: string;
  schema: unknown;
  temperature: number | undefined;
  strict?: boolean;
};

/** Gemini's answer to the signal-labels call (the analysis fakes pass it by). */
export function geminiSignalLabels(respond: (seen: SeenSignalLabels) => Response | Promise<Response>, seen: SeenSignalLabels[] = []) {
  return http.post(`${GEMINI_BASE_URL}/:version/models/:modelAction`, async ({ request }) => {
    const body = (await request.clone().json()) as GeminiBody;
    if (!isGeminiSignalLabels(body)) return undefined;
    const entry: SeenSignalLabels = {
      provider: "gemini",
      system: body.systemInstruction?.parts?.map((part) => part.text ?? "").join("") ?? "",
      user: body.contents[0]?.parts.map((part) => part.text ?? "").join("") ?? "",
      schema: body.generationConfig?.responseSchema,
      temperature: body.generationConfig?.temperature,
    };
    seen.push(entry);
    return respond(entry);
  });
}

/** OpenAI's answer to the signal-labels call (the analysis fakes pass it by). */
export function openAiSignalLabels(respond: (seen: SeenSignalLabels) => Response | Promise<Response>, seen: SeenSignalLabels[] = []) {
  return http.post(`${OPENAI_BASE_URL}/chat/completions`, async ({ request }) => {
    const body = (await request.clone().json()) as ChatBody;
    if (!isChatSignalLabels(body)) return undefined;
    const entry: SeenSignalLabels = {
      provider: "openai",
      system: body.messages.find((message) => message.role === "system")?.content ?? "",
      user: body.messages.find((message) => message.role === "user")?.content ?? "",
      schema: body.response_format?.json_schema?.schema,
      temperature: body.temperature,
      strict: body.response_format?.json_schema?.strict,
    };
    seen.push(entry);
    return respond(entry);
  });
}

/** Every file's default: both providers answer the signal-labels call with no labels. */
export const NO_SIGNAL_LABELS = [
  geminiSignalLabels(() => HttpResponse.json(geminiJson({ labels: [] }))),
  openAiSignalLabels(() => HttpResponse.json(openAiChatJson({ labels: [] }))),
];

/** OpenAI's Realtime API (GA): POST /v1/realtime/client_secrets → { value: "ek_…", expires_at, session }. */
export function openAiRealtimeClientSecret(value = "ek_68af296e8e408191a1120ab6383263c2") {
  return http.post(`${OPENAI_BASE_URL}/realtime/client_secrets`, async ({ request }) => {
    const body = (await request.json()) as { session?: Record<string, unknown> };
    const expiresAt = Math.floor(Date.now() / 1000) + 600;
    return HttpResponse.json({
      value,
      expires_at: expiresAt,
      session: { ...body.session, id: "sess_C9CiUVUzUzYIssh3ELY1d", object: "realtime.session", expires_at: 0 },
    });
  });
}

/**
 * Providers that outlive their client: OpenAI's transcription aborts `client` (the client goes away while the provider
 * works) and then answers a 503, which a server still listening would retry and send on to Gemini (a 503 too). The
 * handlers go to `server.use`; the seen lists say who was asked.
 */
export function providersOutlivingTheClient(client: AbortController) {
  const seenOpenAi: SeenTranscription[] = [];
  const seenGemini: SeenGemini[] = [];
  const handlers = [
    openAiTranscription(async () => {
      client.abort();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return openAiError(503, "Service Unavailable");
    }, seenOpenAi),
    geminiGenerate(() => geminiError(503, "overloaded"), seenGemini),
  ];
  return { handlers, seenOpenAi, seenGemini };
}
