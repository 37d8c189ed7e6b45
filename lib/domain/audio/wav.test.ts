import { encodeWav16, readWavInfo, wavDurationSeconds } from "./wav";

function ascii(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
}

function u16(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff];
}

function chunk(id: string, body: number[], declaredSize = body.length): number[] {
  return [...[...id].map((c) => c.charCodeAt(0)), ...u32(declaredSize), ...body, ...(body.length % 2 ? [0] : [])];
}

type Fmt = { format?: number; channels?: number; sampleRate?: number; bits?: number; blockAlign?: number };

function fmtBody({ format = 1, channels = 1, sampleRate = 16000, bits = 16, blockAlign }: Fmt = {}): number[] {
  const align = blockAlign ?? channels * (bits / 8);
  return [...u16(format), ...u16(channels), ...u32(sampleRate), ...u32(sampleRate * align), ...u16(align), ...u16(bits)];
}

/** A RIFF/WAVE file of the given chunks; the RIFF size is right unless given. */
function riff(chunks: number[][], riffSize?: number): Uint8Array {
  const body = chunks.flat();
  return Uint8Array.from(
    [..."RIFF"]
      .map((c) => c.charCodeAt(0))
      .concat(
        u32(riffSize ?? 4 + body.length),
        [..."WAVE"].map((c) => c.charCodeAt(0)),
        body,
      ),
  );
}

describe("encodeWav16", () => {
  it("writes the canonical 44-byte header of mono 16-bit PCM", () => {
    const bytes = encodeWav16(new Float32Array(16000), 16000);
    const view = new DataView(bytes.buffer);
    expect(bytes.byteLength).toBe(44 + 32000);
    expect(ascii(bytes, 0)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(36 + 32000);
    expect(ascii(bytes, 8)).toBe("WAVE");
    expect(ascii(bytes, 12)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(28, true)).toBe(32000); // byte rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36)).toBe("data");
    expect(view.getUint32(40, true)).toBe(32000);
  });

  it("scales, rounds and clamps the samples; NaN is silence", () => {
    const bytes = encodeWav16(Float32Array.from([0, 1, -1, 0.5, -0.5, 2, -3, NaN, Infinity, -Infinity]), 8000);
    const view = new DataView(bytes.buffer);
    const samples = Array.from({ length: 10 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768, 0, 32767, -32768]);
  });

  it("round-trips through wavDurationSeconds and readWavInfo", () => {
    expect(wavDurationSeconds(encodeWav16(new Float32Array(16000 * 8), 16000))).toBe(8);
    expect(wavDurationSeconds(encodeWav16(new Float32Array(24000), 16000))).toBe(1.5);
    expect(wavDurationSeconds(encodeWav16(new Float32Array(0), 16000))).toBe(0);
    expect(readWavInfo(encodeWav16(new Float32Array(3), 44100))).toEqual({
      format: 1,
      channels: 1,
      sampleRate: 44100,
      bitsPerSample: 16,
      blockAlign: 2,
      dataOffset: 44,
      dataBytes: 6,
    });
  });

  it.each([0, -16000, 16000.5, NaN])("refuses the sample rate %p", (rate) => {
    expect(() => encodeWav16(new Float32Array(1), rate)).toThrow(RangeError);
  });
});

describe("wavDurationSeconds", () => {
  const samples = (count: number) => Array.from({ length: count * 2 }, () => 0);

  it("finds fmt and data in any order, skipping other chunks (odd sizes padded)", () => {
    expect(wavDurationSeconds(riff([chunk("fmt ", fmtBody()), chunk("data", samples(16000))]))).toBe(1);
    expect(wavDurationSeconds(riff([chunk("LIST", [1, 2, 3]), chunk("data", samples(8000)), chunk("junk", [9]), chunk("fmt ", fmtBody())]))).toBe(0.5);
  });

  it("reads stereo, 24-bit, float and extensible PCM; a fmt chunk longer than 16 bytes", () => {
    expect(wavDurationSeconds(riff([chunk("fmt ", fmtBody({ channels: 2, sampleRate: 8000 })), chunk("data", samples(16000))]))).toBe(1);
    expect(wavDurationSeconds(riff([chunk("fmt ", fmtBody({ bits: 24, sampleRate: 1000 })), chunk("data", Array(3000).fill(0))]))).toBe(1);
    expect(wavDurationSeconds(riff([chunk("fmt ", fmtBody({ format: 3, bits: 32, sampleRate: 1000 })), chunk("data", Array(2000).fill(0))]))).toBe(0.5);
    const extensible = [...fmtBody({ format: 0xfffe, sampleRate: 1000 }), ...u16(22), ...Array(22).fill(0)];
    expect(wavDurationSeconds(riff([chunk("fmt ", extensible), chunk("data", samples(2000))]))).toBe(2);
  });

  it("ignores bytes after the RIFF chunk and a partial last frame", () => {
    const file = riff([chunk("fmt ", fmtBody({ sampleRate: 4 })), chunk("data", [0, 0, 0, 0, 0, 0])]);
    expect(wavDurationSeconds(Uint8Array.from([...file, 1, 2, 3]))).toBe(0.75);
    expect(wavDurationSeconds(riff([chunk("fmt ", fmtBody({ channels: 2, sampleRate: 1 })), chunk("data", [0, 0, 0, 0, 0])]))).toBe(1);
  });

  it("reads a WAV inside a larger buffer (a Node Buffer slice)", () => {
    const file = encodeWav16(new Float32Array(32000), 16000);
    const padded = new Uint8Array(file.byteLength + 10);
    padded.set(file, 7);
    expect(wavDurationSeconds(padded.subarray(7, 7 + file.byteLength))).toBe(2);
  });

  const good = encodeWav16(new Float32Array(16000), 16000);
  it.each<[string, Uint8Array]>([
    ["empty", new Uint8Array(0)],
    ["a few bytes", Uint8Array.from([0x52, 0x49, 0x46])],
    ["not RIFF", Uint8Array.from([...good.subarray(0, 0), ...[..."RIFX"].map((c) => c.charCodeAt(0)), ...good.subarray(4)])],
    ["not WAVE", riff([chunk("fmt ", fmtBody()), chunk("data", samples(10))]).map((b, i) => (i === 8 ? 0x41 : b))],
    ["truncated samples", good.subarray(0, good.byteLength - 1)],
    ["truncated header", good.subarray(0, 30)],
    ["a huge declared data size", riff([chunk("fmt ", fmtBody()), chunk("data", samples(10), 0xfffffff0)], 0xfffffff0)],
    ["a data size past the RIFF end", riff([chunk("fmt ", fmtBody()), chunk("data", samples(10), 1000)])],
    ["a huge RIFF size", riff([chunk("fmt ", fmtBody()), chunk("data", samples(10))], 0xffffffff)],
    ["no data chunk", riff([chunk("fmt ", fmtBody()), chunk("LIST", [1, 2])])],
    ["no fmt chunk", riff([chunk("data", samples(10))])],
    ["a short fmt chunk", riff([chunk("fmt ", fmtBody().slice(0, 14)), chunk("data", samples(10))])],
    ["a compressed format (ADPCM)", riff([chunk("fmt ", fmtBody({ format: 2, bits: 4, blockAlign: 256 })), chunk("data", samples(10))])],
    ["a zero sample rate", riff([chunk("fmt ", fmtBody({ sampleRate: 0 })), chunk("data", samples(10))])],
    ["no channels", riff([chunk("fmt ", fmtBody({ channels: 0, blockAlign: 2 })), chunk("data", samples(10))])],
    ["a block align that does not match", riff([chunk("fmt ", fmtBody({ blockAlign: 3 })), chunk("data", samples(10))])],
    ["odd bits per sample", riff([chunk("fmt ", fmtBody({ bits: 12, blockAlign: 2 })), chunk("data", samples(10))])],
  ])("%s → null, without throwing", (_name, bytes) => {
    expect(wavDurationSeconds(bytes)).toBeNull();
  });

  it("never throws on random bytes behind a RIFF/WAVE header", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    for (let round = 0; round < 500; round++) {
      const tail = Array.from({ length: random() }, random);
      const bytes = Uint8Array.from([...good.subarray(0, 12 + (round % 30)), ...tail]);
      expect(() => wavDurationSeconds(bytes)).not.toThrow();
    }
  });
});
