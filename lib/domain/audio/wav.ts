// WAV (RIFF/WAVE) in pure TypeScript: the browser encodes the speaker reference clips of a long recording (issue 14 §2) as
// 16 kHz mono 16-bit PCM, and the server checks how long a clip it is sent lasts before passing it to a provider.

const HEADER_BYTES = 44;
const FORMAT_PCM = 1;
const FORMAT_IEEE_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

export type WavInfo = {
  /** 1 PCM, 3 IEEE float, 0xFFFE extensible. */
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes per frame (all channels of one sample). */
  blockAlign: number;
  /** Where the samples start, and how many bytes of them the data chunk declares (all present in the file). */
  dataOffset: number;
  dataBytes: number;
};

/**
 * Mono 16-bit PCM WAV of `samples` (-1…1; beyond is clamped, NaN is silence), with the canonical 44-byte header.
 * Throws a RangeError for a sample rate that is not a positive integer (a caller's mistake, never user input).
 */
export function encodeWav16(samples: Float32Array, sampleRate: number): Uint8Array {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0 || sampleRate > 1_000_000) throw new RangeError(`invalid sample rate ${sampleRate}`);
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  writeAscii(bytes, 0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(bytes, 8, "WAVE");
  writeAscii(bytes, 12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, FORMAT_PCM, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  writeAscii(bytes, 36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    const clamped = Number.isNaN(sample) ? 0 : Math.max(-1, Math.min(1, sample));
    view.setInt16(HEADER_BYTES + i * 2, Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff), true);
  }
  return bytes;
}

/**
 * The format and sample data of a PCM (or float) WAV, or null when `bytes` is not one: not RIFF/WAVE, no "fmt " or "data"
 * chunk (in any order, other chunks skipped), a chunk or the RIFF size running past the end (truncated, or a streaming
 * placeholder size), inconsistent format fields, or a compressed format. Never throws.
 */
export function readWavInfo(bytes: Uint8Array): WavInfo | null {
  if (bytes.byteLength < 12 || readAscii(bytes, 0) !== "RIFF" || readAscii(bytes, 8) !== "WAVE") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.byteLength) return null;

  let fmt: Omit<WavInfo, "dataOffset" | "dataBytes"> | null = null;
  let data: { offset: number; bytes: number } | null = null;
  let offset = 12;
  while ((fmt === null || data === null) && offset + 8 <= riffEnd) {
    const id = readAscii(bytes, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (body + size > riffEnd) return null;
    if (id === "fmt " && fmt === null) {
      if (size < 16) return null;
      fmt = {
        format: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data" && data === null) {
      data = { offset: body, bytes: size };
    }
    offset = body + size + (size % 2);
  }
  if (fmt === null || data === null) return null;
  if (fmt.format !== FORMAT_PCM && fmt.format !== FORMAT_IEEE_FLOAT && fmt.format !== FORMAT_EXTENSIBLE) return null;
  if (![8, 16, 24, 32, 64].includes(fmt.bitsPerSample) || fmt.channels < 1 || fmt.sampleRate < 1) return null;
  if (fmt.blockAlign !== fmt.channels * (fmt.bitsPerSample / 8)) return null;
  return { ...fmt, dataOffset: data.offset, dataBytes: data.bytes };
}

/** Seconds of audio in a PCM (or float) WAV, or null when it is not a well-formed one (see readWavInfo). Never throws. */
export function wavDurationSeconds(bytes: Uint8Array): number | null {
  const info = readWavInfo(bytes);
  if (!info) return null;
  return Math.floor(info.dataBytes / info.blockAlign) / info.sampleRate;
}

function writeAscii(bytes: Uint8Array, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
}

function readAscii(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}
