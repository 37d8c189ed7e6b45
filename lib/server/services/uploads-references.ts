import "server-only";

import { isStrictBase64 } from "@/lib/domain/audio/base64";
import { readWavInfo } from "@/lib/domain/audio/wav";
import { SPEAKER_REFERENCE_MAX_SECONDS, SPEAKER_REFERENCE_MIN_SECONDS, type SpeakerReference } from "@/lib/domain/transcription/long-recording";
import { ApiError } from "@/lib/server/http/errors";
import type { SpeakerReferenceClip } from "@/lib/server/providers/transcription/types";

// The speaker clips a later part is transcribed with (issue 14 §2): each must be what OpenAI accepts as a known speaker
// reference, a real 2–10 s clip; here 16-bit PCM WAV, read from its header. Anything else is the caller's mistake: a 400.

/** A few ms of slack: a clip cut at exactly 2 or 10 s may round by a sample. */
const SLACK_SECONDS = 0.01;

export type WavInfo = { sampleRate: number; channels: number; bitsPerSample: number; durationSeconds: number };

/**
 * The format and duration of a clip OpenAI takes as a speaker reference — 16-bit PCM (plain or extensible), one or two
 * channels, 8–48 kHz — or null. The RIFF parsing itself is lib/domain/audio/wav.ts's, which the browser encodes with.
 */
export function readWavHeader(bytes: Uint8Array): WavInfo | null {
  const info = readWavInfo(bytes);
  if (!info || (info.format !== 1 && info.format !== 0xfffe) || info.bitsPerSample !== 16) return null;
  if (info.channels > 2 || info.sampleRate < 8_000 || info.sampleRate > 48_000) return null;
  const { sampleRate, channels, bitsPerSample } = info;
  return { sampleRate, channels, bitsPerSample, durationSeconds: Math.floor(info.dataBytes / info.blockAlign) / sampleRate };
}

/** The clips for the providers, or a 400 naming the clip that is not a 2–10 s 16-bit PCM WAV. */
export function speakerReferenceClips(references: SpeakerReference[]): SpeakerReferenceClip[] {
  const names = new Set<string>();
  return references.map((reference, index) => {
    const invalid = (why: string) => new ApiError("bad_request", `Invalid request: speakerReferences.${index}: ${why}`);
    if (names.has(reference.name)) throw invalid("names must differ");
    names.add(reference.name);
    if (!isStrictBase64(reference.audio)) throw invalid("audio must be base64-encoded");
    const audio = Buffer.from(reference.audio, "base64");
    const wav = readWavHeader(audio);
    if (!wav) throw invalid("audio must be a 16-bit PCM WAV file");
    if (wav.durationSeconds < SPEAKER_REFERENCE_MIN_SECONDS - SLACK_SECONDS || wav.durationSeconds > SPEAKER_REFERENCE_MAX_SECONDS + SLACK_SECONDS) {
      throw invalid(`audio must last ${SPEAKER_REFERENCE_MIN_SECONDS} to ${SPEAKER_REFERENCE_MAX_SECONDS} seconds`);
    }
    return { name: reference.name, audio };
  });
}
