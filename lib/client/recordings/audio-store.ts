import { promisifyRequest, type UseStore } from "idb-keyval";

import { deviceOwner } from "@/lib/client/storage/device-owner";
import { isValidSavedAudio } from "@/lib/domain/audio/base64";
import { RECORDING_PART_SECONDS } from "@/lib/domain/transcription/long-recording";
import { withDeadline } from "@/lib/domain/with-deadline";

import { AUDIO_DATABASE_NAME } from "./audio-database";
import { blobToArrayBuffer, blobToBase64 } from "./blob";
import { openAudioStore } from "./open-audio-store";
import { holdRecordingLock, releaseRecordingLock } from "./recording-locks";

// Recorded audio lives in IndexedDB (design rule 5): localStorage holds ~5 MB and only strings. Each 500 ms chunk is
// written as it arrives, so a reload or a crash mid-recording loses at most the chunk in flight. Chunks are kept as
// ArrayBuffers, not Blobs: older Safari could not store Blobs in IndexedDB reliably.
//
// A long recording is kept in parts (issue 14 §2): each part is a complete audio file of its own (the recorder starts a
// new MediaRecorder at each cut), so its chunks must never be glued to another part's. A chunk's index carries its part:
// index = part * PART_CHUNK_STRIDE + i, so a recording from before parts is part 0 and key order is part order.
//
// Keys (IndexedDB orders array keys element by element, numbers before strings before arrays):
//   ["meta", id]            → StoredRecordingMeta (with each part's start)
//   ["chunk", id, index]    → ArrayBuffer; index order is recording order, part by part.
//   ["extra", id, key]      → anything structured-clonable the uploader keeps with the recording; deleted with it.

const DB_NAME = AUDIO_DATABASE_NAME;
const STORE_NAME = "recordings";

/** "transcribed": the transcript has arrived and waits in the tab's memory to be stored (its session, or its failed analysis). */
const RECORDING_STATUSES = ["recording", "stopped", "uploading", "transcribed", "failed", "saved-locally"] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
export type RecordingMode = "couple" | "solo";

/** Chunk i of part p is stored at index p * PART_CHUNK_STRIDE + i: a part of 500 ms chunks would need 5.8 days to overflow. */
export const PART_CHUNK_STRIDE = 1_000_000;

/** The store index of chunk `chunk` of part `part`. */
export function partChunkIndex(part: number, chunk: number): number {
  if (!Number.isInteger(part) || part < 0) throw new RangeError(`Part must be a non-negative integer, got ${part}`);
  if (!Number.isInteger(chunk) || chunk < 0 || chunk >= PART_CHUNK_STRIDE)
    throw new RangeError(`Chunk must be an integer in [0, ${PART_CHUNK_STRIDE}), got ${chunk}`);
  return part * PART_CHUNK_STRIDE + chunk;
}

export type StoredPartMeta = { startMs: number };

export type StoredRecordingMeta = {
  id: string;
  mimeType: string;
  startedAt: number;
  mode: RecordingMode;
  status: RecordingStatus;
  updatedAt: number;
  /**
   * Each part's start in ms from the recording's start, by part index. Read back it is always present (a recording from
   * before parts, or one whose list is damaged, reads as one part at 0); optional so older records still type-check.
   */
  parts?: StoredPartMeta[];
  /** The signed-in user who recorded it (lib/client/storage/device-owner.ts); none for a guest's. */
  ownerId?: string;
};
export type StoredRecordingSummary = StoredRecordingMeta & {
  /** Every stored chunk, all parts together (0: nothing was captured). */
  chunkCount: number;
  /** The parts holding at least one chunk (what readRecordingParts gives). */
  partCount: number;
};

/** One part as one Blob (a complete audio file), its index and its start in ms from the recording's start. */
export type StoredRecordingPart = { index: number; startMs: number; blob: Blob };
export type StoredRecordingParts = { mimeType: string; parts: StoredRecordingPart[] };

export type AudioStorageFailure = "unavailable" | "quota" | "failed";

export const AUDIO_STORAGE_MESSAGES: Record<AudioStorageFailure, string> = {
  unavailable: "This browser can't keep recordings on this device (private browsing can block it). Please try a regular browser window.",
  quota: "There isn't enough free space on this device to keep the recording. Please free some space and try again.",
  failed: "Could not save your recording on this device.",
};

/** Every failure of the audio store, with a message fit to show the user; the browser's own error is the cause. */
export class AudioStorageError extends Error {
  readonly reason: AudioStorageFailure;
  constructor(reason: AudioStorageFailure, cause?: unknown) {
    super(AUDIO_STORAGE_MESSAGES[reason], { cause });
    this.name = "AudioStorageError";
    this.reason = reason;
  }
}

/**
 * readRecordingBlob and readRecordingBase64 give one audio file: a recording in several parts is several files, and
 * gluing them together would make audio a provider reads only the first part of (or refuses). They throw this instead
 * of handing over part of the audio, so a caller still on the one-file path fails (and keeps the recording) rather than
 * transcribing ten minutes and deleting the rest. Read such a recording with readRecordingParts.
 */
export class RecordingInPartsError extends Error {
  readonly parts: number;
  constructor(parts: number) {
    super("This recording is kept in parts and is sent part by part.");
    this.name = "RecordingInPartsError";
    this.parts = parts;
  }
}

const metaKey = (id: string) => ["meta", id];
const chunkKey = (id: string, index: number) => ["chunk", id, index];
const chunkRange = (id: string) => IDBKeyRange.bound(["chunk", id, 0], ["chunk", id, Infinity]);
const extraKey = (id: string, key: string) => ["extra", id, key];
// Every ["extra", id, <string>] key: strings sort below arrays.
const extraRange = (id: string) => IDBKeyRange.bound(["extra", id, ""], ["extra", id, []]);
// Every ["meta", <string>] key: strings sort below arrays.
const allMetaRange = () => IDBKeyRange.bound(["meta", ""], ["meta", []]);

let connection: UseStore | null = null;

/** Opened lazily: there is no IndexedDB during server rendering, and opening can fail (private mode). */
function openStore(): UseStore {
  if (typeof indexedDB === "undefined" || typeof IDBKeyRange === "undefined") throw new AudioStorageError("unavailable");
  connection ??= openAudioStore(DB_NAME, STORE_NAME);
  return connection;
}

const UNAVAILABLE_NAMES = new Set(["InvalidStateError", "SecurityError", "UnknownError", "NotFoundError", "VersionError", "ReferenceError"]);

function toAudioStorageError(error: unknown): AudioStorageError {
  if (error instanceof AudioStorageError) return error;
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED") return new AudioStorageError("quota", error);
  if (UNAVAILABLE_NAMES.has(name)) return new AudioStorageError("unavailable", error);
  return new AudioStorageError("failed", error);
}

/**
 * How long one store operation may take. IndexedDB has been known to stop answering (Safari's lost connections): then the
 * recording flow must not wait on "transcribing" for ever but fail, with the audio it holds in memory.
 */
export const STORE_OPERATION_TIMEOUT_MS = 30_000;

/** IndexedDB gave no answer in time (the cause of an AudioStorageError "failed"). */
class StoreTimeoutError extends Error {
  constructor(ms: number) {
    super(`IndexedDB did not answer within ${ms} ms`);
    this.name = "StoreTimeoutError";
  }
}

/** `operation`, or an AudioStorageError ("failed") once `ms` have passed without an answer. */
export function withinTime<T>(operation: Promise<T>, ms: number): Promise<T> {
  return withDeadline(operation, ms, () => new AudioStorageError("failed", new StoreTimeoutError(ms)));
}

/**
 * Runs one store operation; every failure leaves as an AudioStorageError. Safari sometimes drops its IndexedDB
 * connection ("Connection to Indexed Database server lost"): a connection-level failure reopens and tries once more.
 * Only those are retried: they fail before anything is written, so a retry cannot write twice.
 */
async function run<T>(operation: (store: UseStore) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withinTime(operation(openStore()), STORE_OPERATION_TIMEOUT_MS);
    } catch (error) {
      // A caller's mistake (a part begun out of order) is not the browser's storage failing.
      if (error instanceof RangeError) throw error;
      const failure = toAudioStorageError(error);
      // A connection that gave no answer (lost without a word, or an open that never ends) is let go, so the next
      // operation opens a new one instead of waiting on it again; this one still fails, as it may yet write.
      if (failure.cause instanceof StoreTimeoutError) connection = null;
      if (failure.reason !== "unavailable") throw failure;
      connection = null;
      if (attempt >= 2) throw failure;
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const PART_MS = RECORDING_PART_SECONDS * 1000;

/**
 * Part `index`'s start: the stored one, else (a damaged or missing entry) where the recorder would have cut. The first
 * part starts at 0 and each later one after the one before, as an upload plan requires.
 */
function partStart(parts: readonly StoredPartMeta[], index: number, previous: number | undefined): number {
  if (index === 0) return 0;
  const stored = parts[index]?.startMs;
  const start = stored !== undefined && Number.isFinite(stored) && stored >= 0 ? Math.round(stored) : index * PART_MS;
  return previous === undefined ? start : Math.max(start, previous + 1);
}

/** A recording from before parts (no list) is one part at 0; an entry that is not { startMs } gets a guessed start. */
function parseParts(value: unknown): StoredPartMeta[] {
  if (!Array.isArray(value) || value.length === 0) return [{ startMs: 0 }];
  const raw = Array.from(value, (entry: unknown) => ({ startMs: isRecord(entry) && typeof entry.startMs === "number" ? entry.startMs : Number.NaN }));
  const parts: StoredPartMeta[] = [];
  raw.forEach((_, index) => parts.push({ startMs: partStart(raw, index, parts[index - 1]?.startMs) }));
  return parts;
}

/** Lenient on purpose: a meta record damaged by an older version must not hide the audio stored under it. */
function parseMeta(value: unknown): (StoredRecordingMeta & { parts: StoredPartMeta[] }) | null {
  if (!isRecord(value) || typeof value.id !== "string" || value.id === "") return null;
  const status = RECORDING_STATUSES.find((known) => known === value.status) ?? "failed";
  return {
    id: value.id,
    mimeType: typeof value.mimeType === "string" && value.mimeType ? value.mimeType : "audio/webm",
    startedAt: typeof value.startedAt === "number" ? value.startedAt : 0,
    mode: value.mode === "solo" ? "solo" : "couple",
    status,
    updatedAt: typeof value.updatedAt === "number" ? value.updatedAt : 0,
    parts: parseParts(value.parts),
    ...(typeof value.ownerId === "string" && value.ownerId ? { ownerId: value.ownerId } : {}),
  };
}

const partOfIndex = (index: number) => Math.floor(index / PART_CHUNK_STRIDE);
const chunkIndexOfKey = (key: IDBValidKey): number | null => (Array.isArray(key) && typeof key[2] === "number" ? key[2] : null);

const isBinary = (value: unknown): value is ArrayBuffer | Blob =>
  Object.prototype.toString.call(value) === "[object ArrayBuffer]" || (typeof Blob !== "undefined" && value instanceof Blob);

/**
 * Starts a recording: its meta record says "recording" until finishRecording, so an interrupted one can be found, and
 * this tab holds its lock (recording-locks.ts) until it is saved locally, failed or deleted. The lock is asked for before
 * the record is written: recovery in another tab that lists the record then finds the lock too (recover-interrupted.ts
 * reads the locks after listing), and never takes a recording that has just begun, with no chunk yet, for an empty one.
 */
export async function beginRecording(input: { id: string; mimeType: string; startedAt: number; mode: RecordingMode }): Promise<StoredRecordingMeta> {
  const owner = deviceOwner();
  const meta: StoredRecordingMeta = { ...input, status: "recording", updatedAt: Date.now(), parts: [{ startMs: 0 }], ...(owner ? { ownerId: owner } : {}) };
  const asked = holdRecordingLock(input.id);
  try {
    await run((store) =>
      store("readwrite", (objects) => {
        // add, not put: reusing an id must fail rather than mix two recordings' chunks.
        objects.add(meta, metaKey(input.id));
        return promisifyRequest(objects.transaction);
      }),
    );
  } catch (error) {
    // Not begun: the lock goes with it, unless it was held already (an id in use, whose recording keeps it).
    if (asked) releaseRecordingLock(input.id);
    throw error;
  }
  return meta;
}

/**
 * Stores one chunk as soon as it arrives, at its store index (partChunkIndex(part, i); part 0's chunk i is index i), and
 * says whether it did. Empty chunks (MediaRecorder emits some) are skipped. Only into a stored recording, checked in the
 * same transaction: a last chunk that arrives after its recording was sent and deleted (a stop whose event came late),
 * or one of a recording that could not be begun, would otherwise stay on this device for good, audio that no list shows
 * and nothing deletes.
 */
export async function appendChunk(id: string, index: number, chunk: Blob): Promise<boolean> {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Chunk index must be a non-negative integer, got ${index}`);
  if (chunk.size === 0) return false;
  let bytes: ArrayBuffer;
  try {
    // Read before the transaction opens: an IndexedDB transaction closes while it waits on a non-IndexedDB promise.
    bytes = await blobToArrayBuffer(chunk);
  } catch (error) {
    throw new AudioStorageError("failed", error);
  }
  return writeIfRecordingExists(id, (objects) => objects.put(bytes, chunkKey(id, index)));
}

/**
 * Runs `write` in a readwrite transaction that first checks the recording is stored, so a deletion cannot slip in
 * between; false (nothing written) when it is not. `write` runs in a plain IndexedDB callback (a promise continuation
 * could outlive the transaction); an exception escaping it would be uncaught, so it aborts the transaction and rejects
 * instead.
 */
function writeIfRecordingExists(
  id: string,
  write: (objects: IDBObjectStore, meta: StoredRecordingMeta & { parts: StoredPartMeta[] }) => void,
): Promise<boolean> {
  return run((store) =>
    store(
      "readwrite",
      (objects) =>
        new Promise<boolean>((resolve, reject) => {
          const transaction = objects.transaction;
          let found = false;
          let thrown: unknown;
          const request = objects.get(metaKey(id));
          request.onsuccess = () => {
            const meta = parseMeta(request.result);
            if (!meta) return;
            try {
              write(objects, meta);
              found = true;
            } catch (error) {
              thrown = error;
              transaction.abort();
            }
          };
          transaction.oncomplete = () => resolve(found);
          transaction.onerror = transaction.onabort = () => reject(thrown ?? transaction.error);
        }),
    ),
  );
}

/** Reads and rewrites a recording's meta record in one transaction; false when no such recording is stored. */
function updateMeta(id: string, change: (meta: StoredRecordingMeta & { parts: StoredPartMeta[] }) => StoredRecordingMeta): Promise<boolean> {
  return writeIfRecordingExists(id, (objects, meta) => objects.put({ ...change(meta), updatedAt: Date.now() }, metaKey(id)));
}

/** Sets a recording's status; false when no such recording is stored. */
export async function markRecordingStatus(id: string, status: RecordingStatus): Promise<boolean> {
  // Failed or saved locally: this tab is done with it, so recovery in another tab may take it over.
  if (status === "failed" || status === "saved-locally") releaseRecordingLock(id);
  return updateMeta(id, (meta) => ({ ...meta, status }));
}

/**
 * Records that part `part` starts `startMs` ms after the recording's start: call it before the part's first chunk.
 * Parts begin in order: `part` is the next one (or one already begun, whose start is then replaced). False when no such
 * recording is stored.
 */
export async function beginPart(id: string, part: number, startMs: number): Promise<boolean> {
  if (!Number.isInteger(part) || part < 0) throw new RangeError(`Part must be a non-negative integer, got ${part}`);
  if (!Number.isFinite(startMs) || startMs < 0) throw new RangeError(`A part's start must be a non-negative number of ms, got ${startMs}`);
  return updateMeta(id, (meta) => {
    if (part > meta.parts.length) throw new RangeError(`Part ${part} of recording ${id} begun before part ${meta.parts.length}`);
    const parts = meta.parts.slice();
    parts[part] = { startMs: part === 0 ? 0 : Math.round(startMs) };
    return { ...meta, parts };
  });
}

/** The recording is complete: every chunk has been stored. */
export function finishRecording(id: string): Promise<boolean> {
  return markRecordingStatus(id, "stopped");
}

/** The meta record and every chunk with its index, read in one transaction; null when the recording is not stored. */
async function readChunks(
  id: string,
): Promise<{ meta: StoredRecordingMeta & { parts: StoredPartMeta[] }; chunks: { index: number; bytes: ArrayBuffer | Blob }[] } | null> {
  const [rawMeta, keys, values] = await run((store) =>
    store("readonly", (objects) =>
      Promise.all([
        promisifyRequest(objects.get(metaKey(id))),
        promisifyRequest(objects.getAllKeys(chunkRange(id))),
        promisifyRequest(objects.getAll(chunkRange(id))),
      ]),
    ),
  );
  const meta = parseMeta(rawMeta);
  if (!meta) return null;
  const chunks: { index: number; bytes: ArrayBuffer | Blob }[] = [];
  values.forEach((value: unknown, position) => {
    const index = chunkIndexOfKey(keys[position] as IDBValidKey);
    if (index !== null && isBinary(value)) chunks.push({ index, bytes: value });
  });
  if (chunks.length < values.length) console.warn(`Recording ${id}: skipped ${values.length - chunks.length} unreadable chunk(s).`);
  return { meta, chunks };
}

/**
 * The recording part by part, in order, each part one Blob of the recording's mime type (a complete audio file). A part
 * with no chunk is left out; a part whose start was not stored gets where the recorder would have cut. Null when the
 * recording is not stored or has no audio.
 */
export async function readRecordingParts(id: string): Promise<StoredRecordingParts | null> {
  const read = await readChunks(id);
  if (!read) return null;
  const byPart = new Map<number, (ArrayBuffer | Blob)[]>();
  // getAll answers in key order: parts in order, chunks in order within each.
  for (const { index, bytes } of read.chunks) {
    const part = partOfIndex(index);
    const list = byPart.get(part);
    if (list) list.push(bytes);
    else byPart.set(part, [bytes]);
  }
  if (byPart.size === 0) return null;
  const parts: StoredRecordingPart[] = [];
  // The map's keys came in key order, so the parts are in order too.
  for (const [index, chunks] of byPart) {
    const startMs = partStart(read.meta.parts, index, parts.at(-1)?.startMs);
    parts.push({ index, startMs, blob: new Blob(chunks, { type: read.meta.mimeType }) });
  }
  return { mimeType: read.meta.mimeType, parts };
}

/**
 * A recording of one part as one Blob of its own mime type; null when it is not stored or has no audio. Throws
 * RecordingInPartsError for a recording of several parts (read it with readRecordingParts).
 */
export async function readRecordingBlob(id: string): Promise<Blob | null> {
  const recording = await readRecordingParts(id);
  if (!recording) return null;
  if (recording.parts.length > 1) throw new RecordingInPartsError(recording.parts.length);
  return recording.parts[0]!.blob;
}

/**
 * A recording of one part as plain base64 for upload; null when it is missing or its audio is not valid base64. Throws
 * RecordingInPartsError for a recording of several parts.
 */
export async function readRecordingBase64(id: string): Promise<string | null> {
  const blob = await readRecordingBlob(id);
  if (!blob) return null;
  let base64: string;
  try {
    base64 = await blobToBase64(blob);
  } catch (error) {
    throw new AudioStorageError("failed", error);
  }
  return isValidSavedAudio(base64) ? base64 : null;
}

/**
 * Keeps `value` (anything structured-clonable) under `key` with a stored recording, for the uploader to resume where it
 * was; false (nothing kept) when no such recording is stored, so nothing outlives its recording. deleteRecording
 * removes it with the audio.
 */
export async function putRecordingExtra(id: string, key: string, value: unknown): Promise<boolean> {
  if (typeof key !== "string" || key === "") throw new RangeError("An extra's key must be a non-empty string");
  // A value that cannot be cloned (a function, a DOM node) throws DataCloneError in put, which rejects.
  return writeIfRecordingExists(id, (objects) => objects.put(value, extraKey(id, key)));
}

/** The extra naming the session a growth follow-up's recording belongs to (its id), for a retry after a crash. */
export const FOLLOW_UP_OF_EXTRA = "followUpOf";

/** What putRecordingExtra kept under `key` for the recording, as stored (check its shape); undefined when nothing is. */
export async function getRecordingExtra(id: string, key: string): Promise<unknown> {
  return run((store) => store("readonly", (objects) => promisifyRequest<unknown>(objects.get(extraKey(id, key)))));
}

/**
 * Removes the recording, all its chunks and its extras, in one transaction. Call only once the transcript is stored.
 */
export async function deleteRecording(id: string): Promise<void> {
  releaseRecordingLock(id);
  await run((store) =>
    store("readwrite", (objects) => {
      objects.delete(metaKey(id));
      objects.delete(chunkRange(id));
      objects.delete(extraRange(id));
      return promisifyRequest(objects.transaction);
    }),
  );
}

/** Every stored recording with its chunk and part counts, newest first. */
export async function listStoredRecordings(): Promise<StoredRecordingSummary[]> {
  const rawMetas = await run((store) => store("readonly", (objects) => promisifyRequest(objects.getAll(allMetaRange()))));
  const metas = rawMetas.map(parseMeta).filter((meta): meta is StoredRecordingMeta & { parts: StoredPartMeta[] } => meta !== null);
  const summaries = await Promise.all(
    metas.map(async (meta) => {
      // Keys only: the audio itself is not read to be counted.
      const keys = await run((store) => store("readonly", (objects) => promisifyRequest(objects.getAllKeys(chunkRange(meta.id)))));
      const parts = new Set<number>();
      for (const key of keys) {
        const index = chunkIndexOfKey(key);
        if (index !== null) parts.add(partOfIndex(index));
      }
      return { ...meta, chunkCount: keys.length, partCount: parts.size };
    }),
  );
  return summaries.sort((a, b) => b.startedAt - a.startedAt);
}
