import "server-only";

import { isStrictBase64 } from "@/lib/domain/audio/base64";
import { SPEAKER_REFERENCE_MAX_SECONDS, SPEAKER_REFERENCE_MIN_SECONDS, type SpeakerReference } from "@/lib/domain/transcription/long-recording";
import { ApiError } from "@/lib/server/http/errors";
import type { SpeakerReferenceClip } from "@/lib/server/providers/transcription/types";

// The speaker clips a later part is transcribed with (issue 14 §2): each must be what OpenAI accepts as a known speaker
// reference, a real 2–10 s clip; here 16-bit PCM WAV, read from its header. Anything else is the caller's mistake: a 400.

/** A few ms of slack: a clip cut at exactly 2 or 10 s may round by a sample. */
const SLACK_SECONDS = 0.01;

export type WavInfo = { sampleRate: number; channels: number; bitsPerSample: number; durationSeconds: number };

/** The format and duration of a PCM WAV file, or null when it is not one (or its header does not add up). */
export function readWavHeader(bytes: Uint8Array): WavInfo | null {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 44 || text(0) !== "RIFF" || text(8) !== "WAVE") return null;
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavInfo, "durationSeconds"> | null = null;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const size = data.getUint32(offset + 4, true);
    const body = offset + 8;
    if (text(offset) === "fmt ") {
      if (size < 16 || body + 16 > bytes.length) return null;
      const audioFormat = data.getUint16(body, true);
      // 1: PCM; 0xFFFE: WAVE_FORMAT_EXTENSIBLE (PCM in its sub-format, as some encoders write it).
      if (audioFormat !== 1 && audioFormat !== 0xfffe) return null;
      format = { channels: data.getUint16(body + 2, true), sampleRate: data.getUint32(body + 4, true), bitsPerSample: data.getUint16(body + 14, true) };
    } else if (text(offset) === "data") {
      if (!format || format.channels < 1 || format.channels > 2 || format.sampleRate < 8_000 || format.sampleRate > 48_000) return null;
      if (format.bitsPerSample !== 16 || body + size > bytes.length) return null;
      return { ...format, durationSeconds: size / (format.sampleRate * format.channels * 2) };
    }
    offset = body + size + (size % 2);
  }
  return null;
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
