/** @jest-environment node */
import { ApiError } from "@/lib/server/http/errors";

import { parseIndex, partSegments } from "./uploads";
import { readWavHeader, speakerReferenceClips } from "./uploads-references";

function wav({
  seconds = 3,
  rate = 16_000,
  channels = 1,
  bits = 16,
  format = 1,
  extraChunk = false,
  dataSize,
}: Partial<Record<string, number | boolean>> & { dataSize?: number } = {}) {
  const frames = Math.round(Number(seconds) * Number(rate));
  const data = frames * Number(channels) * (Number(bits) / 8);
  const list = extraChunk ? 8 + 6 : 0;
  const bytes = Buffer.alloc(44 + list + data);
  bytes.write("RIFF", 0);
  bytes.writeUInt32LE(36 + list + data, 4);
  bytes.write("WAVEfmt ", 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(Number(format), 20);
  bytes.writeUInt16LE(Number(channels), 22);
  bytes.writeUInt32LE(Number(rate), 24);
  bytes.writeUInt32LE(Number(rate) * Number(channels) * (Number(bits) / 8), 28);
  bytes.writeUInt16LE(Number(channels) * (Number(bits) / 8), 32);
  bytes.writeUInt16LE(Number(bits), 34);
  let at = 36;
  if (extraChunk) {
    bytes.write("LIST", at);
    bytes.writeUInt32LE(6, at + 4);
    at += 14;
  }
  bytes.write("data", at);
  bytes.writeUInt32LE(dataSize ?? data, at + 4);
  return bytes;
}

describe("readWavHeader", () => {
  it.each([
    ["16 kHz mono", wav(), { sampleRate: 16_000, channels: 1, bitsPerSample: 16, durationSeconds: 3 }],
    ["48 kHz stereo", wav({ rate: 48_000, channels: 2, seconds: 2 }), { sampleRate: 48_000, channels: 2, bitsPerSample: 16, durationSeconds: 2 }],
    ["a chunk before data", wav({ extraChunk: true }), { sampleRate: 16_000, channels: 1, bitsPerSample: 16, durationSeconds: 3 }],
    ["WAVE_FORMAT_EXTENSIBLE", wav({ format: 0xfffe }), { sampleRate: 16_000, channels: 1, bitsPerSample: 16, durationSeconds: 3 }],
  ])("reads %s", (_, bytes, expected) => {
    expect(readWavHeader(bytes)).toEqual(expected);
  });

  it.each([
    ["text", Buffer.from("hello, this is not a wav file, not at all, really not")],
    ["8-bit samples", wav({ bits: 8 })],
    ["float samples", wav({ format: 3 })],
    ["a data size past the end", wav({ dataSize: 1_000_000 })],
    ["six channels", wav({ channels: 6 })],
    ["a header cut short", wav().subarray(0, 40)],
  ])("refuses %s", (_, bytes) => {
    expect(readWavHeader(bytes)).toBeNull();
  });
});

describe("speakerReferenceClips", () => {
  const ref = (name: string, bytes: Buffer) => ({ name, audio: bytes.toString("base64") });
  it("passes 2–10 s clips through as bytes", () => {
    const clips = speakerReferenceClips([ref("SPEAKER_01", wav({ seconds: 2 })), ref("SPEAKER_02", wav({ seconds: 10 }))]);
    expect(clips.map((clip) => [clip.name, clip.audio.length])).toEqual([
      ["SPEAKER_01", 44 + 64_000],
      ["SPEAKER_02", 44 + 320_000],
    ]);
  });

  it.each([
    ["1.9 s", [ref("A", wav({ seconds: 1.9 }))], "speakerReferences.0: audio must last 2 to 10 seconds"],
    ["10.1 s", [ref("A", wav({ seconds: 10.1 }))], "speakerReferences.0: audio must last 2 to 10 seconds"],
    ["not a WAV", [ref("A", wav()), ref("B", Buffer.from("x".repeat(60)))], "speakerReferences.1: audio must be a 16-bit PCM WAV file"],
    ["a repeated name", [ref("A", wav()), ref("A", wav())], "speakerReferences.1: names must differ"],
    ["bad base64", [{ name: "A", audio: "a=b=" }], "speakerReferences.0: audio must be base64-encoded"],
  ])("refuses %s with a 400", (_, references, message) => {
    expect(() => speakerReferenceClips(references)).toThrow(new ApiError("bad_request", `Invalid request: ${message}`));
  });
});

describe("partSegments", () => {
  const raw = (...turns: [string | undefined, string, number?, number?][]) => turns.map(([speaker, text, start, end]) => ({ speaker, text, start, end }));

  it("numbers a first part's voices as the one-piece path does, dropping empty text and filling times", () => {
    expect(partSegments(raw(["B", "Hi.", 0, 1], ["A", " ", 1, 2], ["A", "Hello.", 2], ["B", "Bye.", 4, 5]), [], false)).toEqual([
      { speaker: "SPEAKER_01", text: "Hi.", start: 0, end: 1 },
      { speaker: "SPEAKER_02", text: "Hello.", start: 2, end: 4 },
      { speaker: "SPEAKER_01", text: "Bye.", start: 4, end: 5 },
    ]);
  });

  it("keeps the known speakers' names and numbers other voices around them", () => {
    const segments = partSegments(
      raw(["C", "Who?", 0, 1], ["SPEAKER_02", "Me.", 1, 2], ["SPEAKER_01", "Us.", 2, 3], ["D", "Them.", 3, 4]),
      ["SPEAKER_01", "SPEAKER_02"],
      false,
    );
    expect(segments.map((segment) => segment.speaker)).toEqual(["SPEAKER_03", "SPEAKER_02", "SPEAKER_01", "SPEAKER_04"]);
  });

  it("a segment without a speaker is an unknown voice, never a known one", () => {
    expect(partSegments(raw([undefined, "Mm.", 0, 1]), ["SPEAKER_01"], false)[0]!.speaker).toBe("SPEAKER_02");
  });

  it("a Solo Journal part is one voice", () => {
    expect(new Set(partSegments(raw(["A", "One.", 0, 1], ["B", "Two.", 1, 2]), [], true).map((segment) => segment.speaker))).toEqual(new Set(["SPEAKER_01"]));
  });
});

describe("parseIndex", () => {
  it.each([
    ["0", 3, 0],
    ["2", 3, 2],
  ])("%s of %s → %s", (value, count, expected) => expect(parseIndex(value, count, "part")).toBe(expected));
  it.each(["3", "-1", "1.0", "01x", "", " 1", "1e1", "9999", "\u0000"])("refuses %j", (value) => {
    expect(() => parseIndex(value, 3, "piece")).toThrow(ApiError);
  });
});
