import OpusScript from "opusscript";

import { generateOggOpus, oggCrc32, oggOpusDurationSeconds, OPUS_PRE_SKIP, SILENT_OPUS_FRAME } from "./generated-audio";

type Page = { flags: number; granule: bigint; serial: number; sequence: number; crc: number; packets: Uint8Array[]; bytes: Uint8Array };

/** An independent page walk (RFC 3533): every page, its header fields and its packets joined from the lacing values. */
function readPages(file: Uint8Array): Page[] {
  const pages: Page[] = [];
  const data = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let offset = 0;
  while (offset < file.length) {
    if (String.fromCharCode(...file.subarray(offset, offset + 4)) !== "OggS") throw new Error(`no page at ${offset}`);
    const count = file[offset + 26]!;
    const lacing = file.subarray(offset + 27, offset + 27 + count);
    const packets: Uint8Array[] = [];
    let at = offset + 27 + count;
    let packetStart = at;
    for (const value of lacing) {
      at += value;
      if (value < 255) {
        packets.push(file.subarray(packetStart, at));
        packetStart = at;
      }
    }
    pages.push({
      flags: file[offset + 5]!,
      granule: data.getBigInt64(offset + 6, true),
      serial: data.getUint32(offset + 14, true),
      sequence: data.getUint32(offset + 18, true),
      crc: data.getUint32(offset + 22, true),
      packets,
      bytes: file.subarray(offset, at),
    });
    offset = at;
  }
  return pages;
}

describe("oggCrc32", () => {
  it("is CRC-32 with polynomial 0x04C11DB7, init 0, unreflected, no final XOR (CRC-32/CKSUM's check before its XOR)", () => {
    // CRC-32/CKSUM (same polynomial, init 0, unreflected) checks "123456789" as 0x765E7680 after XOR 0xFFFFFFFF.
    expect(oggCrc32(new TextEncoder().encode("123456789"))).toBe((0x765e7680 ^ 0xffffffff) >>> 0);
    expect(oggCrc32(new Uint8Array())).toBe(0);
  });
});

describe("generateOggOpus", () => {
  it.each([0.5, 1, 7.3, 600, 604])("makes a valid Ogg Opus file of %s s", (seconds) => {
    const file = generateOggOpus(seconds);
    const pages = readPages(file);
    const head = pages[0]!.packets[0]!;
    expect(String.fromCharCode(...head.subarray(0, 8))).toBe("OpusHead");
    expect(head[8]).toBe(1);
    expect(head[9]).toBe(1);
    expect(new DataView(head.buffer, head.byteOffset).getUint16(10, true)).toBe(OPUS_PRE_SKIP);
    expect(pages[0]!.flags).toBe(0x02);
    expect(String.fromCharCode(...pages[1]!.packets[0]!.subarray(0, 8))).toBe("OpusTags");
    expect(pages.at(-1)!.flags).toBe(0x04);
    // One expect per property (not per page): a 600 s file has 30,000 packets.
    const wrong: string[] = [];
    let samples = 0;
    pages.forEach((page, index) => {
      if (page.sequence !== index || page.serial !== pages[0]!.serial) wrong.push(`page ${index}: sequence or serial`);
      const zeroed = page.bytes.slice();
      zeroed.fill(0, 22, 26);
      if (oggCrc32(zeroed) !== page.crc) wrong.push(`page ${index}: CRC`);
      if (index < 2) {
        if (page.granule !== 0n) wrong.push(`page ${index}: header granule`);
        return;
      }
      if (!page.packets.every((packet) => Buffer.from(packet).equals(SILENT_OPUS_FRAME))) wrong.push(`page ${index}: packets`);
      samples += page.packets.length * 960;
      // Granules grow to the samples decoded so far; the last page ends at the exact length (end trimming).
      const expected = index < pages.length - 1 ? BigInt(samples) : BigInt(OPUS_PRE_SKIP + Math.round(seconds * 48_000));
      if (page.granule !== expected) wrong.push(`page ${index}: granule ${page.granule} ≠ ${expected}`);
    });
    expect(wrong).toEqual([]);
    expect(samples).toBeGreaterThanOrEqual(OPUS_PRE_SKIP + Math.round(seconds * 48_000));
    expect(samples - 960).toBeLessThan(OPUS_PRE_SKIP + Math.round(seconds * 48_000));
    expect(oggOpusDurationSeconds(file)).toBeCloseTo(seconds, 6);
  });

  it("makes a 2-hour file of about 1.5 MB", () => {
    const file = generateOggOpus(7200);
    expect(file.length).toBeGreaterThan(1_300_000);
    expect(file.length).toBeLessThan(1_700_000);
    expect(oggOpusDurationSeconds(file)).toBe(7200);
  });

  it("packets are real Opus: each decodes to 20 ms of silence", () => {
    const decoder = new OpusScript(48_000, 1);
    try {
      const pcm = decoder.decode(Buffer.from(readPages(generateOggOpus(1))[2]!.packets[0]!));
      expect(pcm.length).toBe(960 * 2);
      expect(pcm.every((byte) => byte === 0)).toBe(true);
    } finally {
      decoder.delete();
    }
  });

  it("a seed changes the bytes, not the duration", () => {
    const a = generateOggOpus(10, { seed: 1 });
    const b = generateOggOpus(10, { seed: 2 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(generateOggOpus(10, { seed: 1 })).equals(Buffer.from(a))).toBe(true);
    expect(oggOpusDurationSeconds(b)).toBe(10);
  });

  it("refuses a length that is not positive", () => {
    expect(() => generateOggOpus(0)).toThrow();
    expect(() => generateOggOpus(Number.NaN)).toThrow();
  });
});
