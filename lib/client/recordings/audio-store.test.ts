/** @jest-environment node */
import "fake-indexeddb/auto";

import {
  appendChunk,
  AUDIO_STORAGE_MESSAGES,
  AudioStorageError,
  beginRecording,
  deleteRecording,
  finishRecording,
  listStoredRecordings,
  markRecordingStatus,
  readRecordingBase64,
  readRecordingBlob,
} from "./audio-store";

const bytes = (...values: number[]) => new Blob([new Uint8Array(values)]);
const start = (id: string, startedAt = 1_000) => beginRecording({ id, mimeType: "audio/webm;codecs=opus", startedAt, mode: "couple" });

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
      { id: "new", status: "recording", chunkCount: 2, mode: "couple" },
      { id: "old", status: "recording", chunkCount: 0 },
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
