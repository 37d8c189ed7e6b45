import { apiRequest } from "@/lib/client/api/request";
import { getRecordingExtra, putRecordingExtra } from "@/lib/client/recordings/audio-store";
import { encodeWav16 } from "@/lib/domain/audio/wav";
import {
  SPEAKER_REFERENCE_MAX_BASE64_CHARS,
  SPEAKER_REFERENCE_MIN_SECONDS,
  type PartTranscript,
  type SpeakerReference,
} from "@/lib/domain/transcription/long-recording";
import { mergePartTranscripts } from "@/lib/domain/transcription/merge-parts";
import { pickReferenceWindows } from "@/lib/domain/transcription/speaker-references";

import type { LongRecordingDeps } from "./long-recording-upload";
import { withExtrasInMemory } from "./stored-upload";

// What transcribeInParts uses in the browser: the API client, the audio store's side store, Web Crypto's SHA-256, and Web
// Audio to cut each speaker's clip from the first part.

/** The speaker clips are 16 kHz mono: what the providers take for a reference, a fifth of the decoded part's memory. */
export const REFERENCE_SAMPLE_RATE = 16_000;

const extras = withExtrasInMemory({ put: putRecordingExtra, get: getRecordingExtra });

export const browserLongRecordingDeps: LongRecordingDeps = {
  send: (method, path, options) => apiRequest(method, path, options),
  putExtra: extras.put,
  getExtra: extras.get,
  sha256Hex: async (bytes) => toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))),
  speakerReferences: (part, transcript) => speakerReferencesFrom(part, transcript),
  merge: mergePartTranscripts,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Each speaker's clip (up to four) from the first part, as base64 16-bit WAV; throws when the browser cannot decode it. */
export async function speakerReferencesFrom(
  part: Blob,
  transcript: PartTranscript,
  decode: (audio: ArrayBuffer) => Promise<Float32Array> = decodeMono16k,
): Promise<SpeakerReference[]> {
  const windows = pickReferenceWindows(transcript.segments);
  if (windows.length === 0) return [];
  const samples = await decode(await part.arrayBuffer());
  const references: SpeakerReference[] = [];
  for (const window of windows) {
    const start = Math.max(0, Math.floor(window.start * REFERENCE_SAMPLE_RATE));
    const end = Math.min(samples.length, Math.ceil(window.end * REFERENCE_SAMPLE_RATE));
    // A transcript that runs past the decoded audio leaves too short a clip: that speaker goes without one.
    if (end - start < SPEAKER_REFERENCE_MIN_SECONDS * REFERENCE_SAMPLE_RATE) continue;
    const audio = bytesToBase64(encodeWav16(samples.subarray(start, end), REFERENCE_SAMPLE_RATE));
    if (audio.length <= SPEAKER_REFERENCE_MAX_BASE64_CHARS) references.push({ name: window.name, audio });
  }
  return references;
}

type OfflineContextConstructor = new (channels: number, length: number, sampleRate: number) => OfflineAudioContext;

/** The audio decoded and resampled to 16 kHz by the browser (decodeAudioData resamples to its context's rate), as mono. */
async function decodeMono16k(audio: ArrayBuffer): Promise<Float32Array> {
  const scope = globalThis as unknown as { OfflineAudioContext?: OfflineContextConstructor; webkitOfflineAudioContext?: OfflineContextConstructor };
  const Context = scope.OfflineAudioContext ?? scope.webkitOfflineAudioContext;
  if (!Context) throw new Error("Web Audio is not available");
  const decoded = await new Context(1, 1, REFERENCE_SAMPLE_RATE).decodeAudioData(audio);
  if (decoded.numberOfChannels === 1) return decoded.getChannelData(0);
  const mono = new Float32Array(decoded.length);
  for (let channel = 0; channel < decoded.numberOfChannels; channel += 1) {
    const data = decoded.getChannelData(channel);
    for (let index = 0; index < mono.length; index += 1) mono[index]! += data[index]! / decoded.numberOfChannels;
  }
  return mono;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}
