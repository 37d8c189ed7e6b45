import { readWavInfo } from "@/lib/domain/audio/wav";
import type { PartTranscript } from "@/lib/domain/transcription/long-recording";

import { REFERENCE_SAMPLE_RATE, speakerReferencesFrom } from "./long-recording-browser";

// The speaker clips cut from the first part of a recording sent in parts: one 16 kHz mono WAV per speaker, from the
// windows pickReferenceWindows chose, none when the audio is shorter than the transcript claims.

const transcript: PartTranscript = {
  part: 0,
  segments: [
    { speaker: "A", text: "I wanted to talk about the weekend and how we spend it.", start: 0, end: 6 },
    { speaker: "B", text: "Sure, I have been thinking about that too, honestly.", start: 6, end: 20 },
    { speaker: "A", text: "Good.", start: 20, end: 21 },
  ],
  referencesUsed: false,
  fallback: false,
};

const seconds = (count: number) => new Float32Array(count * REFERENCE_SAMPLE_RATE).fill(0.25);

test("one clip per speaker, as 16-bit 16 kHz mono WAV between 2 and 10 seconds, named by the part's labels", async () => {
  const decode = jest.fn(async () => seconds(30));
  const references = await speakerReferencesFrom(new Blob([new Uint8Array(10)]), transcript, decode);

  expect(decode).toHaveBeenCalledWith(expect.any(ArrayBuffer));
  expect(references.map((reference) => reference.name)).toEqual(["A", "B"]);
  for (const reference of references) {
    const info = readWavInfo(new Uint8Array(Buffer.from(reference.audio, "base64")));
    expect(info).toEqual(expect.objectContaining({ sampleRate: REFERENCE_SAMPLE_RATE, channels: 1 }));
    const duration = info!.dataBytes / 2 / REFERENCE_SAMPLE_RATE;
    expect(duration).toBeGreaterThanOrEqual(2);
    expect(duration).toBeLessThanOrEqual(10);
  }
});

test("a speaker whose window lies past the decoded audio gets no clip; no windows, no decoding", async () => {
  const short = await speakerReferencesFrom(new Blob([new Uint8Array(10)]), transcript, async () => seconds(7));
  expect(short.map((reference) => reference.name)).toEqual(["A"]);

  const decode = jest.fn(async () => seconds(30));
  const none = await speakerReferencesFrom(
    new Blob([new Uint8Array(10)]),
    { ...transcript, segments: [{ speaker: "A", text: "Hi.", start: 0, end: 1 }] },
    decode,
  );
  expect(none).toEqual([]);
  expect(decode).not.toHaveBeenCalled();
});
