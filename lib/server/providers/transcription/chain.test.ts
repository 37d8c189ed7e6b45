/** @jest-environment node */
import { generateOggOpus } from "@/tests/helpers/generated-audio";

import { RequestAbortedError } from "../retry";
import { runTranscriptionChain, TranscriptionTooLongError, TranscriptionUnavailableError, type TranscriptionStep } from "./chain";
import type { TranscriptionInput } from "./types";

// The chain reads the audio's duration before it asks anyone: a provider whose limit the audio exceeds is skipped (its
// refusal is certain, and it is a paid call), and audio no provider takes is refused without a call.

const policy = { attempts: 1, timeoutMs: 5_000, baseDelayMs: 1, maxDelayMs: 1 };
const input = (audio: Uint8Array): TranscriptionInput => ({ audio: Buffer.from(audio), mimeType: "audio/ogg", language: "en", minSpeakers: 2, maxSpeakers: 6 });

function provider(name: string, maxAudioSeconds?: number) {
  const transcribe = jest.fn(async () => ({ text: `${name} heard it`, segments: [] }));
  const step: TranscriptionStep = { provider: { name, ...(maxAudioSeconds ? { maxAudioSeconds } : {}), transcribe }, policy };
  return { step, transcribe };
}

const tenMinutes = generateOggOpus(600, { seed: 1 });
const twentyFiveMinutes = generateOggOpus(1500, { seed: 2 });

test("audio within the primary's limit goes to the primary", async () => {
  const openai = provider("openai", 1400);
  const gemini = provider("gemini");
  await expect(runTranscriptionChain([openai.step, gemini.step], input(tenMinutes))).resolves.toMatchObject({ provider: "openai", fallback: false });
  expect(gemini.transcribe).not.toHaveBeenCalled();
});

test("audio over the primary's limit skips it: the backup answers, flagged as the fallback with the reason", async () => {
  const openai = provider("openai", 1400);
  const gemini = provider("gemini");
  await expect(runTranscriptionChain([openai.step, gemini.step], input(twentyFiveMinutes))).resolves.toEqual({
    transcript: { text: "gemini heard it", segments: [] },
    provider: "gemini",
    fallback: true,
    fallbackReason: "openai: audio longer than its 1400 s limit",
  });
  expect(openai.transcribe).not.toHaveBeenCalled();
});

test("audio no provider takes is refused without a call", async () => {
  const openai = provider("openai", 1400);
  const error = await runTranscriptionChain([openai.step], input(twentyFiveMinutes)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(TranscriptionTooLongError);
  expect((error as TranscriptionTooLongError).reasons).toEqual(["openai: audio longer than its 1400 s limit"]);
  expect(openai.transcribe).not.toHaveBeenCalled();
});

test("audio whose duration cannot be read (MP4, damaged) goes to every provider, which has the last word", async () => {
  const openai = provider("openai", 1400);
  openai.transcribe.mockRejectedValueOnce(new Error("bad audio"));
  const gemini = provider("gemini");
  await expect(runTranscriptionChain([openai.step, gemini.step], input(Uint8Array.of(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70)))).resolves.toMatchObject({
    provider: "gemini",
    fallback: true,
    fallbackReason: "openai: bad audio",
  });
  expect(openai.transcribe).toHaveBeenCalledTimes(1);
});

test("a skipped provider's reason stays with the failures of those asked", async () => {
  const openai = provider("openai", 1400);
  const gemini = provider("gemini");
  gemini.transcribe.mockRejectedValue(new Error("overloaded"));
  const error = await runTranscriptionChain([openai.step, gemini.step], input(twentyFiveMinutes)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(TranscriptionUnavailableError);
  expect((error as TranscriptionUnavailableError).reasons).toEqual(["openai: audio longer than its 1400 s limit", "gemini: overloaded"]);
});

test("a client gone while the primary is asked ends the chain: the backup is never called", async () => {
  const caller = new AbortController();
  const openai = provider("openai");
  // The primary fails as the client leaves: without the caller's signal this failure would go to the backup.
  openai.transcribe.mockImplementationOnce(async () => {
    caller.abort();
    throw new Error("bad audio");
  });
  const gemini = provider("gemini");
  const error = await runTranscriptionChain([openai.step, gemini.step], input(tenMinutes), { signal: caller.signal }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestAbortedError);
  expect(openai.transcribe).toHaveBeenCalledTimes(1);
  expect(gemini.transcribe).not.toHaveBeenCalled();
});

test.each([
  ["a parse error quoting the answer", new SyntaxError(`Unexpected token 'M', "Maya: I never said that" is not valid JSON`), "gemini: SyntaxError"],
  ["a type error quoting a value", new TypeError("Cannot use 'in' operator to search for 'duration' in Maya: I never said that"), "gemini: TypeError"],
  ["the network failing", new TypeError("fetch failed"), "gemini: TypeError: fetch failed"],
  ["a provider's own words", new Error("overloaded"), "gemini: overloaded"],
])("the reason kept for %s says nothing of the conversation", async (_, thrown, reason) => {
  const gemini = provider("gemini");
  gemini.transcribe.mockRejectedValue(thrown);
  const error = await runTranscriptionChain([gemini.step], input(tenMinutes)).catch((caught: unknown) => caught);
  expect((error as TranscriptionUnavailableError).reasons).toEqual([reason]);
});
