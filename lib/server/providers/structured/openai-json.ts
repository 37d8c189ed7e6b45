import "server-only";

import OpenAI from "openai";

import { parseModelJson, type StructuredJsonProvider, type StructuredPrompt } from "./types";

export const OPENAI_ANALYSIS_MODEL = "gpt-4.1-mini";

/** OpenAI chat completions with a strict JSON schema: the fallback for analysis and summaries. */
export class OpenAiJsonProvider implements StructuredJsonProvider {
  readonly name = "openai";
  private readonly client: OpenAI;

  constructor({ apiKey, baseURL }: { apiKey: string; baseURL?: string }) {
    // The log level is fixed: at "debug" (OPENAI_LOG in the environment) the SDK would log every prompt and answer.
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 0, logLevel: "warn" });
  }

  async generate(prompt: StructuredPrompt, signal: AbortSignal): Promise<unknown> {
    const completion = await this.client.chat.completions.create(
      {
        model: OPENAI_ANALYSIS_MODEL,
        temperature: prompt.temperature ?? 0.4,
        messages: [
          { role: "system", content: prompt.system },
          { role: "user", content: prompt.user },
        ],
        response_format: { type: "json_schema", json_schema: { name: prompt.name, schema: prompt.openAiSchema, strict: true } },
      },
      { signal },
    );
    return parseModelJson(this.name, completion.choices[0]?.message?.content);
  }
}
