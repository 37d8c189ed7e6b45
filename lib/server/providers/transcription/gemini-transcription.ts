import "server-only";

import { GoogleGenAI, Type } from "@google/genai";
import { z } from "zod";

import { buildDiarizationPrompt, speakerReferenceLabel } from "@/lib/server/prompts/transcription";

import { InvalidProviderOutputError, type ProviderTranscript, type TranscriptionInput, type TranscriptionProvider } from "./types";

export const GEMINI_TRANSCRIBE_MODEL = "gemini-2.5-flash";

const RESPONSE_SCHEMA = {
  type: Type.OBJECT,
  properties: {
    segments: {
      type: Type.ARRAY,
      items: {
        type: Type.OBJECT,
        properties: {
          speaker: { type: Type.STRING },
          text: { type: Type.STRING },
          start: { type: Type.NUMBER },
          end: { type: Type.NUMBER },
        },
        required: ["speaker", "text", "start"],
      },
    },
  },
  required: ["segments"],
};

const answerSchema = z.object({
  segments: z
    .array(
      z.object({
        speaker: z.string().max(100).optional(),
        text: z.string().max(20_000),
        start: z.number().nonnegative().optional(),
        end: z.number().nonnegative().optional(),
      }),
    )
    .max(5_000),
});

/** The backup service: audio in, diarized segments out as schema-constrained JSON. */
export class GeminiTranscriptionProvider implements TranscriptionProvider {
  readonly name = "gemini";
  private readonly client: GoogleGenAI;

  constructor({ apiKey, baseUrl }: { apiKey: string; baseUrl?: string }) {
    this.client = new GoogleGenAI({ apiKey, httpOptions: baseUrl ? { baseUrl } : undefined });
  }

  async transcribe(input: TranscriptionInput, signal: AbortSignal): Promise<ProviderTranscript> {
    const response = await this.client.models.generateContent({
      model: GEMINI_TRANSCRIBE_MODEL,
      contents: [
        {
          role: "user",
          parts: [
            // Known speakers first: each clip follows a line naming it, then the recording and the instructions.
            ...(input.speakerReferences ?? []).flatMap((reference) => [
              { text: speakerReferenceLabel(reference.name) },
              { inlineData: { mimeType: "audio/wav", data: reference.audio.toString("base64") } },
            ]),
            { inlineData: { mimeType: input.mimeType, data: input.audio.toString("base64") } },
            { text: buildDiarizationPrompt(input) },
          ],
        },
      ],
      config: { responseMimeType: "application/json", responseSchema: RESPONSE_SCHEMA, temperature: 0, abortSignal: signal },
    });

    let parsed: z.infer<typeof answerSchema>;
    try {
      parsed = answerSchema.parse(JSON.parse(response.text ?? ""));
    } catch {
      throw new InvalidProviderOutputError(this.name);
    }
    return { text: parsed.segments.map((segment) => segment.text.trim()).join(" "), segments: parsed.segments };
  }
}
