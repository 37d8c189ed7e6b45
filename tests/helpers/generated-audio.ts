// Test audio of any length without a codec: a valid Ogg Opus file (RFC 7845) whose packets are all the same silent 20 ms
// Opus frame. A 2-hour recording is about 1.5 MB. The API tests cut recordings into parts from it, and the browser tests
// seed it into IndexedDB as a recording. Pages carry correct CRCs and granule positions, so a demuxer (a browser's
// decodeAudioData, the fake providers' duration parser) reads the real duration.

export { oggOpusDurationSeconds } from "../../lib/domain/audio/audio-duration.mjs";

/** One 20 ms CELT frame of silence: TOC 0xF8 (config 31: fullband 20 ms, mono, one frame), then "no energy". */
export const SILENT_OPUS_FRAME = Uint8Array.of(0xf8, 0xff, 0xfe);
/** Samples at 48 kHz the decoder discards at the start (libopus' usual 6.5 ms). */
export const OPUS_PRE_SKIP = 312;
const SAMPLES_PER_FRAME = 960;
/** Frames per Ogg page: each packet is one lacing value, so a page holds at most 255. 250 frames = 5 s. */
const FRAMES_PER_PAGE = 250;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let crc = index << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[index] = crc >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04C11DB7, initial value 0, not reflected, no final XOR. */
export function oggCrc32(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

const HEADER_BOS = 0x02;
const HEADER_EOS = 0x04;

function oggPage(packets: Uint8Array[], flags: number, granule: bigint, serial: number, sequence: number): Uint8Array {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  if (lacing.length > 255) throw new Error("too many segments for one Ogg page");
  const bodySize = packets.reduce((sum, packet) => sum + packet.length, 0);
  const page = new Uint8Array(27 + lacing.length + bodySize);
  const data = new DataView(page.buffer);
  page.set([0x4f, 0x67, 0x67, 0x53], 0); // "OggS"
  page[4] = 0; // version
  page[5] = flags;
  data.setBigInt64(6, granule, true);
  data.setUint32(14, serial, true);
  data.setUint32(18, sequence, true);
  page[26] = lacing.length;
  page.set(lacing, 27);
  let at = 27 + lacing.length;
  for (const packet of packets) {
    page.set(packet, at);
    at += packet.length;
  }
  data.setUint32(22, oggCrc32(page), true);
  return page;
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

function opusHead(): Uint8Array {
  const head = new Uint8Array(19);
  const data = new DataView(head.buffer);
  head.set(ascii("OpusHead"), 0);
  head[8] = 1; // version
  head[9] = 1; // channels
  data.setUint16(10, OPUS_PRE_SKIP, true);
  data.setUint32(12, 48_000, true); // the input's rate, informational
  data.setInt16(16, 0, true); // output gain
  head[18] = 0; // channel mapping family 0: mono or stereo
  return head;
}

function opusTags(comment: string): Uint8Array {
  const vendor = ascii("relationship-coach test audio");
  const text = ascii(comment);
  const tags = new Uint8Array(8 + 4 + vendor.length + 4 + 4 + text.length);
  const data = new DataView(tags.buffer);
  tags.set(ascii("OpusTags"), 0);
  data.setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  data.setUint32(12 + vendor.length, 1, true);
  data.setUint32(16 + vendor.length, text.length, true);
  tags.set(text, 20 + vendor.length);
  return tags;
}

/**
 * A valid Ogg Opus file of `seconds` of silence (rounded to the sample). `seed` changes the stream's serial number and a
 * comment, so two files of the same length differ in their bytes (and hashes).
 */
export function generateOggOpus(seconds: number, { seed = 0 }: { seed?: number } = {}): Uint8Array {
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("seconds must be positive");
  const samples = Math.round(seconds * 48_000);
  const frames = Math.ceil((samples + OPUS_PRE_SKIP) / SAMPLES_PER_FRAME);
  const finalGranule = BigInt(OPUS_PRE_SKIP + samples);
  const serial = (0x5eed0000 + seed * 2654435761) >>> 0;
  const pages: Uint8Array[] = [oggPage([opusHead()], HEADER_BOS, 0n, serial, 0), oggPage([opusTags(`seed=${seed}`)], 0, 0n, serial, 1)];
  for (let first = 0; first < frames; first += FRAMES_PER_PAGE) {
    const count = Math.min(FRAMES_PER_PAGE, frames - first);
    const last = first + count === frames;
    // The last page's granule is the exact end: the decoder trims the final frame's samples beyond it (RFC 7845 §4.4).
    const granule = last ? finalGranule : BigInt((first + count) * SAMPLES_PER_FRAME);
    pages.push(oggPage(new Array<Uint8Array>(count).fill(SILENT_OPUS_FRAME), last ? HEADER_EOS : 0, granule, serial, pages.length));
  }
  const out = new Uint8Array(pages.reduce((sum, page) => sum + page.length, 0));
  let at = 0;
  for (const page of pages) {
    out.set(page, at);
    at += page.length;
  }
  return out;
}
