import { http, HttpResponse } from "msw";

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

export const openAiError = (status: number, message: string) =>
  HttpResponse.json({ error: { message, type: "server_error", code: null } }, { status });

export const geminiError = (status: number, message: string) =>
  HttpResponse.json({ error: { code: status, message, status: status === 503 ? "UNAVAILABLE" : "INTERNAL" } }, { status });

export type SeenTranscription = { model: string; responseFormat: string; chunking: string; language: string; fileType: string; fileSize: number };

/** OpenAI's transcription endpoint; records the multipart fields it received. */
export function openAiTranscription(respond: (seen: SeenTranscription) => Response | Promise<Response>, seen: SeenTranscription[] = []) {
  return http.post(`${OPENAI_BASE_URL}/audio/transcriptions`, async ({ request }) => {
    const form = await request.formData();
    const file = form.get("file") as File;
    const entry = {
      model: String(form.get("model")),
      responseFormat: String(form.get("response_format")),
      chunking: String(form.get("chunking_strategy")),
      language: String(form.get("language")),
      fileType: file.type,
      fileSize: file.size,
    };
    seen.push(entry);
    return respond(entry);
  });
}

export type SeenGemini = { model: string; mimeType: string | undefined; responseMimeType: string | undefined; hasSchema: boolean };

export function geminiGenerate(respond: (seen: SeenGemini) => Response | Promise<Response>, seen: SeenGemini[] = []) {
  return http.post(`${GEMINI_BASE_URL}/:version/models/:modelAction`, async ({ request, params }) => {
    const body = (await request.json()) as {
      contents: { parts: { inlineData?: { mimeType: string } }[] }[];
      generationConfig?: { responseMimeType?: string; responseSchema?: unknown };
    };
    const entry = {
      model: String(params.modelAction).split(":")[0]!,
      mimeType: body.contents[0]?.parts.find((part) => part.inlineData)?.inlineData?.mimeType,
      responseMimeType: body.generationConfig?.responseMimeType,
      hasSchema: Boolean(body.generationConfig?.responseSchema),
    };
    seen.push(entry);
    return respond(entry);
  });
}
