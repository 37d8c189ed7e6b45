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
  /**
   * Known speakers (a recording sent in parts, issue 14 §2): a 2–10 s 16-bit WAV clip of each, cut from the first part. The
   * provider labels those voices with these names, so a later part's speakers are the first part's.
   */
  speakerReferences?: SpeakerReferenceClip[];
};

export type SpeakerReferenceClip = { name: string; audio: Buffer };

export type ProviderTranscript = { text: string; segments: RawSegment[]; durationSeconds?: number };

export interface TranscriptionProvider {
  readonly name: string;
  /** The longest audio the provider takes in one call, in seconds; absent when only the request's size bounds it. */
  readonly maxAudioSeconds?: number;
  transcribe(input: TranscriptionInput, signal: AbortSignal): Promise<ProviderTranscript>;
}

/** A provider answered, but not with a transcription: its words are not kept (they may be the conversation). */
export class InvalidProviderOutputError extends Error {
  constructor(provider: string) {
    super(`${provider} returned a transcription we could not read`);
    this.name = "InvalidProviderOutputError";
  }
}
