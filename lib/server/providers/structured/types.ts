import "server-only";

/** A prompt whose answer must be JSON of a given shape (analysis, summary). */
export type StructuredPrompt = {
  name: string;
  system: string;
  user: string;
  /** Gemini responseSchema (OBJECT/ARRAY/STRING type names). */
  geminiSchema: Record<string, unknown>;
  /** Standard JSON Schema for OpenAI structured outputs. */
  openAiSchema: Record<string, unknown>;
  temperature?: number;
};

export interface StructuredJsonProvider {
  readonly name: string;
  /** The model's answer parsed as JSON (not yet validated: callers validate it). */
  generate(prompt: StructuredPrompt, signal: AbortSignal): Promise<unknown>;
}

export class ModelOutputNotJsonError extends Error {
  constructor(provider: string) {
    super(`${provider} answered with something that is not JSON`);
    this.name = "ModelOutputNotJsonError";
  }
}

export function parseModelJson(provider: string, text: string | null | undefined): unknown {
  const trimmed = (text ?? "")
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "");
  try {
    return JSON.parse(trimmed);
  } catch {
    throw new ModelOutputNotJsonError(provider);
  }
}
