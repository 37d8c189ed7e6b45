import "server-only";

import OpenAI, { toFile } from "openai";

import { InvalidProviderOutputError, type ProviderTranscript, type TranscriptionInput, type TranscriptionProvider } from "./types";

export const OPENAI_DIARIZE_MODEL = "gpt-4o-transcribe-diarize";
/** The diarization model refuses longer audio: "audio duration … seconds is longer than 1400 seconds which is the maximum". */
export const OPENAI_DIARIZE_MAX_AUDIO_SECONDS = 1_400;

const EXTENSION_BY_MIME: Record<string, string> = {
  "audio/webm": "webm",
  "audio/mp4": "mp4",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/aac": "aac",
  "audio/flac": "flac",
};

/** OpenAI speech-to-text with speaker diarization: segments come back labelled "A", "B", … */
export class OpenAiTranscriptionProvider implements TranscriptionProvider {
  readonly name = "openai";
  readonly maxAudioSeconds = OPENAI_DIARIZE_MAX_AUDIO_SECONDS;
  private readonly client: OpenAI;

  constructor({ apiKey, baseURL }: { apiKey: string; baseURL?: string }) {
    // Retries and time-outs belong to our policy (providers/retry.ts), not the SDK's. The log level is fixed: at "debug"
    // (OPENAI_LOG in the environment) the SDK would log every request and answer, audio and transcript included.
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 0, logLevel: "warn" });
  }

  async transcribe(input: TranscriptionInput, signal: AbortSignal): Promise<ProviderTranscript> {
    const extension = EXTENSION_BY_MIME[input.mimeType] ?? "webm";
    const file = await toFile(input.audio, `recording.${extension}`, { type: input.mimeType });
    const result = await this.client.audio.transcriptions.create(
      {
        file,
        model: OPENAI_DIARIZE_MODEL,
        response_format: "diarized_json",
        // Required by the diarization model for audio over 30 s.
        chunking_strategy: "auto",
        language: input.language,
        // Up to four known speakers: their names label the matching voices (instead of "A", "B"…).
        ...(input.speakerReferences?.length
          ? {
              known_speaker_names: input.speakerReferences.map((reference) => reference.name),
              known_speaker_references: input.speakerReferences.map((reference) => `data:audio/wav;base64,${reference.audio.toString("base64")}`),
            }
          : {}),
      },
      { signal },
    );
    // An OpenAI-compatible server answering with something else than JSON gives the SDK's raw text: not a transcript.
    if (typeof result !== "object" || result === null) throw new InvalidProviderOutputError(this.name);
    return {
      text: result.text ?? "",
      durationSeconds: "duration" in result && typeof result.duration === "number" ? result.duration : undefined,
      segments: ("segments" in result && Array.isArray(result.segments) ? result.segments : []).map((segment) => ({
        speaker: "speaker" in segment ? segment.speaker : undefined,
        text: segment.text ?? "",
        start: segment.start,
        end: segment.end,
      })),
    };
  }
}
