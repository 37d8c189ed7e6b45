/** @jest-environment node */
import "fake-indexeddb/auto";

import { promisifyRequest } from "idb-keyval";

import {
  appendChunk,
  AUDIO_STORAGE_MESSAGES,
  AudioStorageError,
  beginPart,
  beginRecording,
  deleteRecording,
  finishRecording,
  getRecordingExtra,
  listStoredRecordings,
  markRecordingStatus,
  PART_CHUNK_STRIDE,
  partChunkIndex,
  putRecordingExtra,
  readRecordingBase64,
  readRecordingBlob,
  readRecordingParts,
  RecordingInPartsError,
  withinTime,
} from "./audio-store";

const bytes = (...values: number[]) => new Blob([new Uint8Array(values)]);
const start = (id: string, startedAt = 1_000) => beginRecording({ id, mimeType: "audio/webm;codecs=opus", startedAt, mode: "couple" });

/** Every key in the app's audio database, read directly: what is on the device, whatever the store's lists show. */
async function storedKeys(): Promise<IDBValidKey[]> {
  const database = await promisifyRequest(indexedDB.open("coach-audio"));
  try {
    return await promisifyRequest(database.transaction("recordings").objectStore("recordings").getAllKeys());
  } finally {
    database.close();
  }
}

async function blobBytes(blob: Blob | null): Promise<number[]> {
  if (!blob) throw new Error("expected a blob");
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}

afterEach(async () => {
  jest.restoreAllMocks();
  for (const recording of await listStoredRecordings()) await deleteRecording(recording.id);
});

describe("audio store", () => {
  it("assembles the chunks in index order with the recording's mime type, whatever order they were written in", async () => {
    await start("a");
    await appendChunk("a", 2, bytes(5, 6));
    await appendChunk("a", 0, bytes(1, 2));
    await appendChunk("a", 10, bytes(7));
    await appendChunk("a", 1, bytes(3, 4));

    const blob = await readRecordingBlob("a");
    expect(blob?.type).toBe("audio/webm;codecs=opus");
    expect(await blobBytes(blob)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("keeps recordings apart, including ids that share a prefix", async () => {
    await start("rec-1");
    await start("rec-10");
    await appendChunk("rec-1", 0, bytes(1));
    await appendChunk("rec-10", 0, bytes(9));
    expect(await blobBytes(await readRecordingBlob("rec-1"))).toEqual([1]);
    expect(await blobBytes(await readRecordingBlob("rec-10"))).toEqual([9]);
  });

  it("tracks the status from recording to stopped and beyond, and lists recordings newest first with chunk counts", async () => {
    await start("old", 1_000);
    await start("new", 2_000);
    await appendChunk("new", 0, bytes(1));
    await appendChunk("new", 1, bytes(2));
    await appendChunk("new", 2, new Blob([])); // empty chunks are skipped

    expect(await listStoredRecordings()).toMatchObject([
      { id: "new", status: "recording", chunkCount: 2, partCount: 1, mode: "couple", parts: [{ startMs: 0 }] },
      { id: "old", status: "recording", chunkCount: 0, partCount: 0 },
    ]);
    expect(await finishRecording("new")).toBe(true);
    expect(await markRecordingStatus("old", "uploading")).toBe(true);
    expect(await markRecordingStatus("missing", "failed")).toBe(false);
    expect((await listStoredRecordings()).map((r) => [r.id, r.status])).toEqual([
      ["new", "stopped"],
      ["old", "uploading"],
    ]);
  });

  it("refuses to begin a recording under an id already in use instead of mixing two recordings", async () => {
    await start("dup");
    await appendChunk("dup", 0, bytes(1));
    await expect(start("dup")).rejects.toBeInstanceOf(AudioStorageError);
    expect(await blobBytes(await readRecordingBlob("dup"))).toEqual([1]);
  });

  it("asks for a recording's lock before its record is written, so another tab never lists it unlocked", async () => {
    // Web Locks as the browser keeps them: a lock asked for is listed at once (pending), and held until released.
    const names = new Set<string>();
    let listedWhenAsked: Promise<string[]> | null = null;
    const locks = {
      request: (name: string, callback: () => Promise<void>) => {
        names.add(name);
        listedWhenAsked ??= listStoredRecordings().then((recordings) => recordings.map((recording) => recording.id));
        return callback().then(() => void names.delete(name));
      },
      query: async () => ({ held: [...names].map((name) => ({ name })), pending: [] }),
    };
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
    try {
      await start("fresh");
      expect(await listedWhenAsked).toEqual([]);
      expect(names).toEqual(new Set(["coach-audio:fresh"]));

      // A recording that cannot begin (its id in use) leaves the lock to the one that holds it.
      await expect(start("fresh")).rejects.toBeInstanceOf(AudioStorageError);
      expect(names).toEqual(new Set(["coach-audio:fresh"]));
      await deleteRecording("fresh");
      expect(names).toEqual(new Set());

      // One the browser refuses to store lets its lock go.
      jest.spyOn(IDBObjectStore.prototype, "add").mockImplementationOnce(() => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      });
      await expect(start("refused")).rejects.toBeInstanceOf(AudioStorageError);
      expect(names).toEqual(new Set());
    } finally {
      Reflect.deleteProperty(globalThis, "navigator");
    }
  });

  it("returns base64 for upload, and null for a missing recording or one without audio", async () => {
    await start("b");
    await appendChunk("b", 0, new Blob(["hello"]));
    expect(await readRecordingBase64("b")).toBe(Buffer.from("hello").toString("base64"));

    await start("silent");
    expect(await readRecordingBlob("silent")).toBeNull();
    expect(await readRecordingBase64("silent")).toBeNull();
    expect(await readRecordingBase64("nope")).toBeNull();
  });

  it("deletes the meta record and every chunk of one recording only", async () => {
    await start("gone");
    await start("kept");
    await appendChunk("gone", 0, bytes(1));
    await appendChunk("gone", 1, bytes(2));
    await appendChunk("kept", 0, bytes(3));

    await deleteRecording("gone");
    expect(await readRecordingBlob("gone")).toBeNull();
    expect((await listStoredRecordings()).map((r) => r.id)).toEqual(["kept"]);
    // A new recording under the old id starts empty: no chunk survived the delete.
    await start("gone");
    expect(await readRecordingBlob("gone")).toBeNull();
  });

  it("stores no chunk for a recording that is not stored: a late last chunk after its recording was deleted leaves nothing", async () => {
    await start("sent");
    expect(await appendChunk("sent", 0, bytes(1))).toBe(true);
    await deleteRecording("sent");

    // The stop's final chunk, arriving after the recording was sent and deleted; and one of a recording never begun.
    expect(await appendChunk("sent", 1, bytes(2))).toBe(false);
    expect(await appendChunk("never-begun", 0, bytes(3))).toBe(false);

    expect(await storedKeys()).toEqual([]);
  });

  it("turns a full disk into a typed, user-safe error and keeps the chunks already stored", async () => {
    await start("q");
    await appendChunk("q", 0, bytes(1, 2));
    jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });

    const failure = await appendChunk("q", 1, bytes(3)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AudioStorageError);
    expect(failure).toMatchObject({ reason: "quota", message: AUDIO_STORAGE_MESSAGES.quota });
    expect((failure as AudioStorageError).cause).toBeInstanceOf(DOMException);
    await expect(markRecordingStatus("q", "stopped")).rejects.toMatchObject({ name: "AudioStorageError", reason: "quota" });

    jest.restoreAllMocks();
    expect(await blobBytes(await readRecordingBlob("q"))).toEqual([1, 2]);
  });

  it("turns a transaction the browser aborts without an error into a typed error, not a crash", async () => {
    await start("aborted");
    const put = IDBObjectStore.prototype.put;
    jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, value, key) {
      const request = put.call(this, value, key);
      this.transaction.abort();
      return request;
    });
    await expect(appendChunk("aborted", 0, bytes(1))).rejects.toMatchObject({
      name: "AudioStorageError",
      reason: "failed",
      message: AUDIO_STORAGE_MESSAGES.failed,
    });
  });

  it("reports IndexedDB missing altogether (private mode, old browsers) as unavailable from every function", async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error simulate a browser without IndexedDB
    delete globalThis.indexedDB;
    try {
      const calls = [
        start("x"),
        appendChunk("x", 0, bytes(1)),
        finishRecording("x"),
        markRecordingStatus("x", "failed"),
        readRecordingBlob("x"),
        readRecordingBase64("x"),
        readRecordingParts("x"),
        beginPart("x", 1, 600_000),
        putRecordingExtra("x", "upload", { uploadId: "u" }),
        getRecordingExtra("x", "upload"),
        deleteRecording("x"),
        listStoredRecordings(),
      ];
      for (const call of calls) await expect(call).rejects.toMatchObject({ name: "AudioStorageError", reason: "unavailable" });
    } finally {
      globalThis.indexedDB = saved;
    }
    // Once IndexedDB is back, the store works again.
    await start("x");
    expect((await listStoredRecordings()).map((r) => r.id)).toEqual(["x"]);
  });

  it("reports a database that refuses to open (Firefox private mode) as unavailable, then reopens when it can", async () => {
    await jest.isolateModulesAsync(async () => {
      const store = await import("./audio-store");
      const open = jest.spyOn(indexedDB, "open").mockImplementation(() => {
        const request = {} as IDBOpenDBRequest & { error: DOMException };
        setTimeout(() => {
          Object.assign(request, {
            error: new DOMException("A mutation operation was attempted on a database that did not allow mutations.", "InvalidStateError"),
          });
          request.onerror?.(new Event("error"));
        }, 0);
        return request;
      });
      await expect(store.listStoredRecordings()).rejects.toMatchObject({ name: "AudioStorageError", reason: "unavailable" });
      expect(open).toHaveBeenCalledTimes(2); // one reopen, then give up

      open.mockRestore();
      await expect(store.listStoredRecordings()).resolves.toEqual([]);
    });
  });
});

describe("audio store: a connection that never answers", () => {
  it("is let go once an operation times out, so the next one opens a new connection instead of waiting again", async () => {
    await jest.isolateModulesAsync(async () => {
      const store = await import("./audio-store");
      // The first open never answers (a lost connection nobody reports); later ones are the browser's.
      const open = jest.spyOn(indexedDB, "open").mockImplementationOnce(() => ({}) as IDBOpenDBRequest);
      jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask"] });
      try {
        const first = expect(store.listStoredRecordings()).rejects.toMatchObject({ name: "AudioStorageError", reason: "failed" });
        await jest.advanceTimersByTimeAsync(store.STORE_OPERATION_TIMEOUT_MS);
        await first;
      } finally {
        jest.useRealTimers();
      }
      await expect(store.listStoredRecordings()).resolves.toEqual([]);
      expect(open).toHaveBeenCalledTimes(2);
    });
  });
});

const partsOf = async (id: string) => {
  const recording = await readRecordingParts(id);
  if (!recording) throw new Error("expected parts");
  return {
    mimeType: recording.mimeType,
    parts: await Promise.all(recording.parts.map(async ({ index, startMs, blob }) => ({ index, startMs, type: blob.type, bytes: await blobBytes(blob) }))),
  };
};

describe("audio store: recordings in parts", () => {
  it("puts chunk i of part p at p * PART_CHUNK_STRIDE + i, part 0 being today's indexes", () => {
    expect(PART_CHUNK_STRIDE).toBe(1_000_000);
    expect(partChunkIndex(0, 7)).toBe(7);
    expect(partChunkIndex(3, 12)).toBe(3_000_012);
    expect(() => partChunkIndex(1, PART_CHUNK_STRIDE)).toThrow(RangeError);
    expect(() => partChunkIndex(-1, 0)).toThrow(RangeError);
    expect(() => partChunkIndex(1.5, 0)).toThrow(RangeError);
  });

  it("groups the chunks by part, in part order and chunk order whatever order they were written in, with each part's start", async () => {
    await start("long");
    expect(await beginPart("long", 1, 600_012.4)).toBe(true);
    expect(await beginPart("long", 2, 1_200_020)).toBe(true);
    await appendChunk("long", partChunkIndex(2, 0), bytes(20));
    await appendChunk("long", partChunkIndex(1, 1), bytes(11));
    await appendChunk("long", partChunkIndex(0, 10), bytes(2));
    await appendChunk("long", partChunkIndex(1, 0), bytes(10));
    await appendChunk("long", partChunkIndex(0, 9), bytes(1));
    await appendChunk("long", partChunkIndex(2, 1), bytes(21, 22));

    expect(await partsOf("long")).toEqual({
      mimeType: "audio/webm;codecs=opus",
      parts: [
        { index: 0, startMs: 0, type: "audio/webm;codecs=opus", bytes: [1, 2] },
        { index: 1, startMs: 600_012, type: "audio/webm;codecs=opus", bytes: [10, 11] },
        { index: 2, startMs: 1_200_020, type: "audio/webm;codecs=opus", bytes: [20, 21, 22] },
      ],
    });
    expect(await listStoredRecordings()).toMatchObject([
      { id: "long", chunkCount: 6, partCount: 3, parts: [{ startMs: 0 }, { startMs: 600_012 }, { startMs: 1_200_020 }] },
    ]);
  });

  it("keeps each part's start through later status changes", async () => {
    await start("kept-starts");
    await beginPart("kept-starts", 1, 600_500);
    await finishRecording("kept-starts");
    await markRecordingStatus("kept-starts", "saved-locally");
    expect(await listStoredRecordings()).toMatchObject([{ id: "kept-starts", status: "saved-locally", parts: [{ startMs: 0 }, { startMs: 600_500 }] }]);
  });

  it("refuses a part begun out of order or with a nonsense start, and answers false for a missing recording", async () => {
    await start("order");
    await expect(beginPart("order", 2, 1_200_000)).rejects.toThrow(RangeError);
    await expect(beginPart("order", 1, -5)).rejects.toThrow(RangeError);
    await expect(beginPart("order", 1, Number.NaN)).rejects.toThrow(RangeError);
    await expect(beginPart("order", -1, 0)).rejects.toThrow(RangeError);
    expect(await beginPart("missing", 1, 600_000)).toBe(false);
    // Nothing was written by the refused calls.
    expect((await listStoredRecordings()).find((r) => r.id === "order")?.parts).toEqual([{ startMs: 0 }]);
    // Beginning the same part again replaces its start.
    expect(await beginPart("order", 1, 600_000)).toBe(true);
    expect(await beginPart("order", 1, 600_100)).toBe(true);
    expect((await listStoredRecordings()).find((r) => r.id === "order")?.parts).toEqual([{ startMs: 0 }, { startMs: 600_100 }]);
  });

  it("leaves out a part that has no chunk, and keeps the others' starts", async () => {
    await start("gap");
    await beginPart("gap", 1, 600_000);
    await beginPart("gap", 2, 1_200_000);
    await appendChunk("gap", partChunkIndex(0, 0), bytes(1));
    await appendChunk("gap", partChunkIndex(2, 0), bytes(3));
    expect(await partsOf("gap")).toMatchObject({
      parts: [
        { index: 0, startMs: 0, bytes: [1] },
        { index: 2, startMs: 1_200_000, bytes: [3] },
      ],
    });
    expect(await listStoredRecordings()).toMatchObject([{ id: "gap", chunkCount: 2, partCount: 2 }]);
  });

  it("reads a recording from before parts (no parts in its meta, plain indexes) as one part at 0", async () => {
    const put = async (key: IDBValidKey, value: unknown) => {
      const request = indexedDB.open("coach-audio");
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction("recordings", "readwrite");
      transaction.objectStore("recordings").put(value, key);
      await new Promise((resolve) => (transaction.oncomplete = resolve));
      db.close();
    };
    await put(["meta", "old"], { id: "old", mimeType: "audio/ogg", startedAt: 5, mode: "couple", status: "failed", updatedAt: 5 });
    await put(["chunk", "old", 0], new Uint8Array([1, 2]).buffer);
    await put(["chunk", "old", 1], new Uint8Array([3]).buffer);

    expect(await partsOf("old")).toEqual({ mimeType: "audio/ogg", parts: [{ index: 0, startMs: 0, type: "audio/ogg", bytes: [1, 2, 3] }] });
    expect(await blobBytes(await readRecordingBlob("old"))).toEqual([1, 2, 3]);
    expect(await listStoredRecordings()).toMatchObject([{ id: "old", chunkCount: 2, partCount: 1, parts: [{ startMs: 0 }] }]);

    // A damaged list of starts does not hide the audio: a missing start is where the recorder would have cut.
    await put(["meta", "damaged"], {
      id: "damaged",
      mimeType: "audio/ogg",
      startedAt: 6,
      mode: "couple",
      status: "failed",
      updatedAt: 6,
      parts: [{ startMs: 9 }, "x"],
    });
    await put(["chunk", "damaged", 0], new Uint8Array([1]).buffer);
    await put(["chunk", "damaged", PART_CHUNK_STRIDE], new Uint8Array([2]).buffer);
    await put(["chunk", "damaged", 2 * PART_CHUNK_STRIDE], new Uint8Array([3]).buffer);
    expect((await partsOf("damaged")).parts.map(({ index, startMs }) => [index, startMs])).toEqual([
      [0, 0],
      [1, 600_000],
      [2, 1_200_000],
    ]);
  });

  it("does not glue parts into one blob: the one-file readers refuse a recording of several parts", async () => {
    await start("two");
    await beginPart("two", 1, 600_000);
    await appendChunk("two", partChunkIndex(0, 0), bytes(1));
    await appendChunk("two", partChunkIndex(1, 0), bytes(2));

    await expect(readRecordingBlob("two")).rejects.toBeInstanceOf(RecordingInPartsError);
    await expect(readRecordingBase64("two")).rejects.toMatchObject({ name: "RecordingInPartsError", parts: 2 });
    // A recording begun in parts of which only one holds audio is still one file.
    await start("one-of-two");
    await beginPart("one-of-two", 1, 600_000);
    await appendChunk("one-of-two", partChunkIndex(1, 0), bytes(7));
    expect(await blobBytes(await readRecordingBlob("one-of-two"))).toEqual([7]);
  });

  it("answers null for parts of a missing recording or one without audio", async () => {
    await start("quiet");
    expect(await readRecordingParts("quiet")).toBeNull();
    expect(await readRecordingParts("nope")).toBeNull();
  });

  it("keeps extras with their recording, replaces them, and deletes them with it and nothing else", async () => {
    await start("up");
    await start("other");
    expect(await getRecordingExtra("up", "upload")).toBeUndefined();
    expect(await putRecordingExtra("up", "upload", { uploadId: "u1", uploadToken: "t" })).toBe(true);
    expect(await putRecordingExtra("up", "part-0", { part: 0, segments: [{ speaker: "A", text: "hi", start: 0, end: 1 }] })).toBe(true);
    expect(await putRecordingExtra("up", "upload", { uploadId: "u2" })).toBe(true);
    expect(await putRecordingExtra("other", "upload", { uploadId: "o" })).toBe(true);

    expect(await getRecordingExtra("up", "upload")).toEqual({ uploadId: "u2" });
    expect(await getRecordingExtra("up", "part-0")).toEqual({ part: 0, segments: [{ speaker: "A", text: "hi", start: 0, end: 1 }] });
    // Extras are not chunks: they change neither the counts nor the audio.
    await appendChunk("up", 0, bytes(1));
    expect((await listStoredRecordings()).find((r) => r.id === "up")).toMatchObject({ chunkCount: 1, partCount: 1 });
    expect(await blobBytes(await readRecordingBlob("up"))).toEqual([1]);

    await deleteRecording("up");
    expect(await getRecordingExtra("up", "upload")).toBeUndefined();
    expect(await getRecordingExtra("up", "part-0")).toBeUndefined();
    expect(await getRecordingExtra("other", "upload")).toEqual({ uploadId: "o" });
    // A recording begun again under the id starts without the old extras.
    await start("up");
    expect(await getRecordingExtra("up", "upload")).toBeUndefined();
  });

  it("keeps no extra for a recording that is not stored, and refuses values that cannot be stored", async () => {
    expect(await putRecordingExtra("ghost", "upload", { uploadId: "u" })).toBe(false);
    expect(await getRecordingExtra("ghost", "upload")).toBeUndefined();
    await start("clone");
    await expect(putRecordingExtra("clone", "bad", { run: () => undefined })).rejects.toBeInstanceOf(AudioStorageError);
    expect(await getRecordingExtra("clone", "bad")).toBeUndefined();
    await expect(putRecordingExtra("clone", "", 1)).rejects.toThrow(RangeError);
  });
});

describe("withinTime", () => {
  it("passes an answer that comes in time", async () => {
    await expect(withinTime(Promise.resolve("stored"), 50)).resolves.toBe("stored");
  });

  it("fails as the store failing when IndexedDB does not answer, so nothing waits on it for ever", async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withinTime(never, 20)).rejects.toMatchObject({ name: "AudioStorageError", reason: "failed", message: AUDIO_STORAGE_MESSAGES.failed });
  });
});
