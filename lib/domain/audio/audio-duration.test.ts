import { readFileSync } from "node:fs";
import path from "node:path";

import { generateOggOpus } from "@/tests/helpers/generated-audio";

import { audioDurationSeconds, oggOpusDurationSeconds, wavDurationSeconds, webmDurationSeconds } from "./audio-duration.mjs";

// EBML writing, the way Chromium's MediaRecorder lays out a live WebM: an EBML header, a Segment of unknown size, Info with a
// TimecodeScale and no Duration, Tracks, then Clusters of unknown size with a Timecode and SimpleBlocks.
const UNKNOWN = Uint8Array.of(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
function size(bytes: number): Uint8Array {
  if (bytes < 0x7f) return Uint8Array.of(0x80 | bytes);
  if (bytes < 0x3fff) return Uint8Array.of(0x40 | (bytes >> 8), bytes & 0xff);
  return Uint8Array.of(0x10, (bytes >> 16) & 0xff, (bytes >> 8) & 0xff, bytes & 0xff);
}
const idBytes = (id: number) => {
  const out: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) out.unshift(rest & 0xff);
  return Uint8Array.from(out);
};
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const element = (id: number, body: Uint8Array, unknownSize = false) => concat(idBytes(id), unknownSize ? UNKNOWN : size(body.length), body);
const uint = (id: number, value: number, width: number) => {
  const body = new Uint8Array(width);
  for (let index = width - 1, rest = value; index >= 0; index -= 1, rest = Math.floor(rest / 256)) body[index] = rest & 0xff;
  return element(id, body);
};
const float = (id: number, value: number) => {
  const body = new Uint8Array(8);
  new DataView(body.buffer).setFloat64(0, value);
  return element(id, body);
};
const simpleBlock = (relative: number) => {
  const body = new Uint8Array(4 + 3);
  body[0] = 0x81; // track 1
  new DataView(body.buffer).setInt16(1, relative);
  body[3] = 0x80; // keyframe
  body.set([0xf8, 0xff, 0xfe], 4);
  return element(0xa3, body);
};

function webm({ scale = 1_000_000, duration, clusters }: { scale?: number; duration?: number; clusters: { timecode: number; blocks: number[] }[] }) {
  const header = element(0x1a45dfa3, concat(uint(0x4286, 1, 1), element(0x4282, new TextEncoder().encode("webm"))));
  const info = element(0x1549a966, concat(uint(0x2ad7b1, scale, 3), ...(duration === undefined ? [] : [float(0x4489, duration)])));
  const tracks = element(0x1654ae6b, element(0xae, concat(uint(0xd7, 1, 1), element(0x86, new TextEncoder().encode("A_OPUS")))));
  const body = clusters.map((cluster) => element(0x1f43b675, concat(uint(0xe7, cluster.timecode, 4), ...cluster.blocks.map(simpleBlock)), true));
  return concat(header, element(0x18538067, concat(info, tracks, ...body), true));
}

function wav(seconds: number, { rate = 16_000, channels = 1, streaming = false } = {}) {
  const dataBytes = Math.round(seconds * rate) * channels * 2;
  const file = new Uint8Array(44 + dataBytes);
  const data = new DataView(file.buffer);
  file.set(new TextEncoder().encode("RIFF"), 0);
  data.setUint32(4, 36 + dataBytes, true);
  file.set(new TextEncoder().encode("WAVEfmt "), 8);
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true);
  data.setUint16(22, channels, true);
  data.setUint32(24, rate, true);
  data.setUint32(28, rate * channels * 2, true);
  data.setUint16(32, channels * 2, true);
  data.setUint16(34, 16, true);
  file.set(new TextEncoder().encode("data"), 36);
  data.setUint32(40, streaming ? 0xffffffff : dataBytes, true);
  return file;
}

describe("webmDurationSeconds", () => {
  it("reads a WebM Chromium's MediaRecorder made (4 s of tests/fixtures/two-voices.wav from the fake microphone)", () => {
    const fixture = new Uint8Array(readFileSync(path.join(__dirname, "../../../tests/fixtures/chromium-opus-4s.webm")));
    // No Duration in a live file: the last block's start, a frame short of the end.
    expect(webmDurationSeconds(fixture)).toBeGreaterThan(3.5);
    expect(webmDurationSeconds(fixture)).toBeLessThanOrEqual(4.1);
    expect(audioDurationSeconds(fixture)).toBe(webmDurationSeconds(fixture));
  });

  it("reads a live WebM without Duration from its last cluster and block (unknown-size Segment and Clusters)", () => {
    const file = webm({
      clusters: [
        { timecode: 0, blocks: [0, 20, 40] },
        { timecode: 5_000, blocks: [0, 20, 1_980] },
      ],
    });
    expect(webmDurationSeconds(file)).toBeCloseTo(6.98, 6);
    expect(audioDurationSeconds(file)).toBeCloseTo(6.98, 6);
  });

  it("takes Info's Duration when the muxer wrote one, in TimecodeScale units", () => {
    expect(webmDurationSeconds(webm({ duration: 1234.5, clusters: [{ timecode: 0, blocks: [0] }] }))).toBeCloseTo(1.2345, 6);
    expect(webmDurationSeconds(webm({ scale: 1_000_000, duration: 1_500_000, clusters: [] }))).toBe(1500);
  });

  it("honours a TimecodeScale other than 1 ms", () => {
    expect(webmDurationSeconds(webm({ scale: 500_000, clusters: [{ timecode: 2_000_000, blocks: [10] }] }))).toBeCloseTo(1000.005, 6);
  });

  it("a 25-minute live WebM reads as 1,500 s", () => {
    const clusters = Array.from({ length: 300 }, (_, index) => ({ timecode: index * 5_000, blocks: [0, 2_500, 4_980] }));
    expect(webmDurationSeconds(webm({ clusters }))).toBeCloseTo(1499.98, 6);
  });

  it("stops at a truncated element and keeps what it read", () => {
    const file = webm({
      clusters: [
        { timecode: 0, blocks: [0, 20] },
        { timecode: 1_000, blocks: [0, 500] },
      ],
    });
    expect(webmDurationSeconds(file.subarray(0, file.length - 4))).toBeCloseTo(1.0, 6);
  });
});

describe("wavDurationSeconds", () => {
  it("is the data size over the byte rate", () => {
    expect(wavDurationSeconds(wav(2.5))).toBe(2.5);
    expect(audioDurationSeconds(wav(3, { rate: 48_000, channels: 2 }))).toBe(3);
    expect(wavDurationSeconds(wav(1, { streaming: true }))).toBe(1);
  });

  it("reads the speech fixture", () => {
    const fixture = new Uint8Array(readFileSync(path.join(__dirname, "../../../tests/fixtures/two-voices.wav")));
    expect(wavDurationSeconds(fixture)).toBeGreaterThan(10);
    expect(wavDurationSeconds(fixture)).toBeLessThan(30);
  });
});

describe("audioDurationSeconds", () => {
  it("reads Ogg Opus as (last granule − pre-skip) / 48 kHz", () => {
    expect(audioDurationSeconds(generateOggOpus(600))).toBe(600);
    expect(oggOpusDurationSeconds(generateOggOpus(12.34))).toBeCloseTo(12.34, 6);
  });

  it("answers null for anything else or a damaged header", () => {
    expect(audioDurationSeconds(new TextEncoder().encode("not audio at all"))).toBeNull();
    expect(audioDurationSeconds(new Uint8Array())).toBeNull();
    expect(audioDurationSeconds(new TextEncoder().encode("OggS"))).toBeNull();
    expect(audioDurationSeconds(wav(1).subarray(0, 30))).toBeNull();
    expect(audioDurationSeconds(Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3))).toBeNull();
  });
});
