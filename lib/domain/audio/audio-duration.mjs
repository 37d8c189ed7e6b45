// The duration of an audio file, read from its container. The server refuses audio longer than a transcription call takes
// before it reaches a provider (lib/server/services/transcription.ts, uploads.ts); the fake providers
// (tests/fake-providers/server.mjs, tests/msw/providers.ts) refuse a request over the provider's duration cap and answer a
// dialogue as long as the audio, as the real ones do. Plain JS so the node fake server runs it as it is. Knows Ogg Opus,
// WebM (Matroska) and WAV; anything else → null. Every walk moves forward by at least one byte per element, so a hostile
// file ends the walk at its end.

const OPUS_RATE = 48_000;

/** @param {Uint8Array} bytes */
const view = (bytes) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** @param {Uint8Array} bytes @param {number} at @param {string} text */
function startsWith(bytes, at, text) {
  if (at + text.length > bytes.length) return false;
  for (let index = 0; index < text.length; index += 1) if (bytes[at + index] !== text.charCodeAt(index)) return false;
  return true;
}

/**
 * Ogg Opus: (granule position of the last page − pre-skip) / 48,000, per RFC 7845. Pages are walked from the start; the walk
 * stops at the first damaged page (a truncated file still has the duration of what arrived).
 * @param {Uint8Array} bytes
 * @returns {number | null}
 */
export function oggOpusDurationSeconds(bytes) {
  if (!startsWith(bytes, 0, "OggS")) return null;
  const data = view(bytes);
  let offset = 0;
  let preSkip = null;
  let lastGranule = null;
  while (offset + 27 <= bytes.length && startsWith(bytes, offset, "OggS")) {
    const segments = bytes[offset + 26];
    const tableEnd = offset + 27 + segments;
    if (tableEnd > bytes.length) break;
    let size = 0;
    for (let index = offset + 27; index < tableEnd; index += 1) size += bytes[index];
    if (tableEnd + size > bytes.length) break;
    if (preSkip === null) {
      if (!startsWith(bytes, tableEnd, "OpusHead") || size < 19) return null;
      preSkip = data.getUint16(tableEnd + 10, true);
    }
    const granule = data.getBigInt64(offset + 6, true);
    if (granule >= 0n) lastGranule = granule;
    offset = tableEnd + size;
  }
  if (preSkip === null || lastGranule === null) return null;
  return Math.max(0, Number(lastGranule) - preSkip) / OPUS_RATE;
}

/**
 * WAV: the data chunk's size / the format's byte rate. A data size the file cannot hold (a stream's 0xFFFFFFFF) counts what
 * is there.
 * @param {Uint8Array} bytes
 * @returns {number | null}
 */
export function wavDurationSeconds(bytes) {
  if (!startsWith(bytes, 0, "RIFF") || !startsWith(bytes, 8, "WAVE")) return null;
  const data = view(bytes);
  let offset = 12;
  let byteRate = null;
  while (offset + 8 <= bytes.length) {
    const size = data.getUint32(offset + 4, true);
    if (startsWith(bytes, offset, "fmt ") && size >= 16 && offset + 24 <= bytes.length) byteRate = data.getUint32(offset + 16, true);
    if (startsWith(bytes, offset, "data")) {
      if (!byteRate) return null;
      return Math.min(size, bytes.length - offset - 8) / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const SIMPLE_BLOCK = 0xa3;
/** Master elements the walk goes into (their children follow them), whether their size is known or not. */
const DESCEND = new Set([SEGMENT, INFO, CLUSTER, BLOCK_GROUP]);

/** An EBML variable-length integer at `at`: its value (the marker bit removed unless `keepMarker`) and its length. */
function readVint(bytes, at, keepMarker = false) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    value = value * 256 + bytes[at + index];
    if (bytes[at + index] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes, at, size) {
  let value = 0;
  for (let index = 0; index < size; index += 1) value = value * 256 + bytes[at + index];
  return value;
}

/**
 * WebM: the Segment Info's Duration when the muxer wrote one; otherwise (MediaRecorder's live files have none) the last
 * cluster's Timecode plus its last block's relative timecode. Both in TimecodeScale units (1 ms by default).
 * @param {Uint8Array} bytes
 * @returns {number | null}
 */
export function webmDurationSeconds(bytes) {
  if (readUint(bytes, 0, 4) !== EBML_HEADER) return null;
  const data = view(bytes);
  let scale = 1_000_000;
  let duration = null;
  let clusterTime = null;
  let lastBlockTime = null;
  let offset = 0;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true);
    if (!id) break;
    const size = readVint(bytes, offset + id.length);
    if (!size) break;
    const body = offset + id.length + size.length;
    if (DESCEND.has(id.value)) {
      offset = body;
      continue;
    }
    if (size.unknown || body + size.value > bytes.length) break;
    if (id.value === TIMECODE_SCALE) scale = readUint(bytes, body, size.value);
    else if (id.value === DURATION && (size.value === 4 || size.value === 8)) duration = size.value === 4 ? data.getFloat32(body) : data.getFloat64(body);
    else if (id.value === CLUSTER_TIMECODE) clusterTime = readUint(bytes, body, size.value);
    else if ((id.value === SIMPLE_BLOCK || id.value === BLOCK) && clusterTime !== null) {
      const track = readVint(bytes, body);
      if (track && track.length + 2 <= size.value) lastBlockTime = clusterTime + data.getInt16(body + track.length);
    }
    offset = body + size.value;
  }
  if (duration !== null && duration > 0) return (duration * scale) / 1e9;
  if (lastBlockTime !== null) return Math.max(0, lastBlockTime * scale) / 1e9;
  return null;
}

/**
 * The duration in seconds of an Ogg Opus, WebM or WAV file, or null when it is none of them (or unreadable).
 * @param {Uint8Array} bytes
 * @returns {number | null}
 */
export function audioDurationSeconds(bytes) {
  if (startsWith(bytes, 0, "OggS")) return oggOpusDurationSeconds(bytes);
  if (startsWith(bytes, 0, "RIFF")) return wavDurationSeconds(bytes);
  if (readUint(bytes, 0, 4) === EBML_HEADER) return webmDurationSeconds(bytes);
  return null;
}
