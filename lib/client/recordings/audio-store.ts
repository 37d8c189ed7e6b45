import { createStore, promisifyRequest, type UseStore } from "idb-keyval";

import { isValidSavedAudio } from "@/lib/domain/audio/base64";

import { blobToArrayBuffer, blobToBase64 } from "./blob";
import { holdRecordingLock, releaseRecordingLock } from "./recording-locks";

// Recorded audio lives in IndexedDB (design rule 5): localStorage holds ~5 MB and only strings. Each 500 ms chunk is
// written as it arrives, so a reload or a crash mid-recording loses at most the chunk in flight. Chunks are kept as
// ArrayBuffers, not Blobs: older Safari could not store Blobs in IndexedDB reliably.
//
// Keys (IndexedDB orders array keys element by element, numbers before strings before arrays):
//   ["meta", id]            → StoredRecordingMeta
//   ["chunk", id, index]    → ArrayBuffer; index order is recording order.

const DB_NAME = "coach-audio";
const STORE_NAME = "recordings";

const RECORDING_STATUSES = ["recording", "stopped", "uploading", "failed", "saved-locally"] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
export type RecordingMode = "couple" | "solo";

export type StoredRecordingMeta = {
  id: string;
  mimeType: string;
  startedAt: number;
  mode: RecordingMode;
  status: RecordingStatus;
  updatedAt: number;
};
export type StoredRecordingSummary = StoredRecordingMeta & { chunkCount: number };

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

const metaKey = (id: string) => ["meta", id];
const chunkKey = (id: string, index: number) => ["chunk", id, index];
const chunkRange = (id: string) => IDBKeyRange.bound(["chunk", id, 0], ["chunk", id, Infinity]);
// Every ["meta", <string>] key: strings sort below arrays.
const allMetaRange = () => IDBKeyRange.bound(["meta", ""], ["meta", []]);

let connection: UseStore | null = null;

/** Opened lazily: there is no IndexedDB during server rendering, and opening can fail (private mode). */
function openStore(): UseStore {
  if (typeof indexedDB === "undefined" || typeof IDBKeyRange === "undefined") throw new AudioStorageError("unavailable");
  connection ??= createStore(DB_NAME, STORE_NAME);
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
 * Runs one store operation; every failure leaves as an AudioStorageError. Safari sometimes drops its IndexedDB
 * connection ("Connection to Indexed Database server lost"): a connection-level failure reopens and tries once more.
 * Only those are retried: they fail before anything is written, so a retry cannot write twice.
 */
async function run<T>(operation: (store: UseStore) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(openStore());
    } catch (error) {
      const failure = toAudioStorageError(error);
      if (failure.reason !== "unavailable") throw failure;
      connection = null;
      if (attempt >= 2) throw failure;
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Lenient on purpose: a meta record damaged by an older version must not hide the audio stored under it. */
function parseMeta(value: unknown): StoredRecordingMeta | null {
  if (!isRecord(value) || typeof value.id !== "string" || value.id === "") return null;
  const status = RECORDING_STATUSES.find((known) => known === value.status) ?? "failed";
  return {
    id: value.id,
    mimeType: typeof value.mimeType === "string" && value.mimeType ? value.mimeType : "audio/webm",
    startedAt: typeof value.startedAt === "number" ? value.startedAt : 0,
    mode: value.mode === "solo" ? "solo" : "couple",
    status,
    updatedAt: typeof value.updatedAt === "number" ? value.updatedAt : 0,
  };
}

const isBinary = (value: unknown): value is ArrayBuffer | Blob =>
  Object.prototype.toString.call(value) === "[object ArrayBuffer]" || (typeof Blob !== "undefined" && value instanceof Blob);

/**
 * Starts a recording: its meta record says "recording" until finishRecording, so an interrupted one can be found, and
 * this tab holds its lock (recording-locks.ts) until it is saved locally, failed or deleted.
 */
export async function beginRecording(input: { id: string; mimeType: string; startedAt: number; mode: RecordingMode }): Promise<StoredRecordingMeta> {
  const meta: StoredRecordingMeta = { ...input, status: "recording", updatedAt: Date.now() };
  await run((store) =>
    store("readwrite", (objects) => {
      // add, not put: reusing an id must fail rather than mix two recordings' chunks.
      objects.add(meta, metaKey(input.id));
      return promisifyRequest(objects.transaction);
    }),
  );
  holdRecordingLock(input.id);
  return meta;
}

/** Stores one chunk as soon as it arrives. Empty chunks (MediaRecorder emits some) are skipped. */
export async function appendChunk(id: string, index: number, chunk: Blob): Promise<void> {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Chunk index must be a non-negative integer, got ${index}`);
  if (chunk.size === 0) return;
  let bytes: ArrayBuffer;
  try {
    // Read before the transaction opens: an IndexedDB transaction closes while it waits on a non-IndexedDB promise.
    bytes = await blobToArrayBuffer(chunk);
  } catch (error) {
    throw new AudioStorageError("failed", error);
  }
  await run((store) =>
    store("readwrite", (objects) => {
      objects.put(bytes, chunkKey(id, index));
      return promisifyRequest(objects.transaction);
    }),
  );
}

/** Sets a recording's status; false when no such recording is stored. */
export async function markRecordingStatus(id: string, status: RecordingStatus): Promise<boolean> {
  // Failed or saved locally: this tab is done with it, so recovery in another tab may take it over.
  if (status === "failed" || status === "saved-locally") releaseRecordingLock(id);
  return run((store) =>
    store(
      "readwrite",
      (objects) =>
        new Promise<boolean>((resolve, reject) => {
          const transaction = objects.transaction;
          let found = false;
          let thrown: unknown;
          const request = objects.get(metaKey(id));
          // Read and write in one transaction, with a plain callback (a promise continuation could outlive the
          // transaction). An exception escaping an IndexedDB callback would be uncaught: catch it and abort instead.
          request.onsuccess = () => {
            const meta = parseMeta(request.result);
            if (!meta) return;
            try {
              objects.put({ ...meta, status, updatedAt: Date.now() }, metaKey(id));
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

/** The recording is complete: every chunk has been stored. */
export function finishRecording(id: string): Promise<boolean> {
  return markRecordingStatus(id, "stopped");
}

/** The whole recording as one Blob of its own mime type; null when it is not stored or has no audio. */
export async function readRecordingBlob(id: string): Promise<Blob | null> {
  const [rawMeta, rawChunks] = await run((store) =>
    store("readonly", (objects) => Promise.all([promisifyRequest(objects.get(metaKey(id))), promisifyRequest(objects.getAll(chunkRange(id)))])),
  );
  const meta = parseMeta(rawMeta);
  if (!meta) return null;
  const parts = rawChunks.filter(isBinary);
  if (parts.length < rawChunks.length) console.warn(`Recording ${id}: skipped ${rawChunks.length - parts.length} unreadable chunk(s).`);
  if (parts.length === 0) return null;
  return new Blob(parts, { type: meta.mimeType });
}

/** The recording as plain base64 for upload; null when it is missing or its audio is not valid base64. */
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

/** Removes the recording and all its chunks, in one transaction. Call only once the server has confirmed the transcript. */
export async function deleteRecording(id: string): Promise<void> {
  releaseRecordingLock(id);
  await run((store) =>
    store("readwrite", (objects) => {
      objects.delete(metaKey(id));
      objects.delete(chunkRange(id));
      return promisifyRequest(objects.transaction);
    }),
  );
}

/** Every stored recording with its chunk count, newest first. */
export async function listStoredRecordings(): Promise<StoredRecordingSummary[]> {
  const rawMetas = await run((store) => store("readonly", (objects) => promisifyRequest(objects.getAll(allMetaRange()))));
  const metas = rawMetas.map(parseMeta).filter((meta): meta is StoredRecordingMeta => meta !== null);
  const summaries = await Promise.all(
    metas.map(async (meta) => {
      const chunkCount = await run((store) => store("readonly", (objects) => promisifyRequest(objects.count(chunkRange(meta.id)))));
      return { ...meta, chunkCount };
    }),
  );
  return summaries.sort((a, b) => b.startedAt - a.startedAt);
}
