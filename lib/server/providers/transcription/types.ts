import "server-only";

import type { RawSegment } from "@/lib/domain/transcription/segments";

export type TranscriptionInput = {
  audio: Buffer;
  /** Container type without codec parameters, e.g. "audio/webm". */
  mimeType: string;
  /** ISO-639-1 code, e.g. "en". */
  language: string;
  minSpeakers: number;
  maxSpeakers: number;
};

export type ProviderTranscript = { text: string; segments: RawSegment[]; durationSeconds?: number };

export interface TranscriptionProvider {
  readonly name: string;
  transcribe(input: TranscriptionInput, signal: AbortSignal): Promise<ProviderTranscript>;
}
