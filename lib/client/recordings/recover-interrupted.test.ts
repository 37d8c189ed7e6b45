/** @jest-environment node */
import "fake-indexeddb/auto";

import { STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { setDeviceOwner } from "@/lib/client/storage/device-owner";

import {
  appendChunk,
  beginPart,
  beginRecording,
  deleteRecording,
  FOLLOW_UP_OF_EXTRA,
  listStoredRecordings,
  markRecordingStatus,
  partChunkIndex,
  putRecordingExtra,
  readRecordingBlob,
  readRecordingParts,
  type RecordingStatus,
} from "./audio-store";
import { listFailedLocalRecordings, listLocalSessions, LocalStorageError, saveFailedRecordingAsLocalSession } from "./local-recordings";
import { recoverInterruptedRecordings } from "./recover-interrupted";

jest.mock("./audio-store", () => {
  const store = jest.requireActual("./audio-store");
  return { ...store, listStoredRecordings: jest.fn(store.listStoredRecordings) };
});

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

async function stored(id: string, status: RecordingStatus, chunks: number[][], startedAt = new Date(2026, 10, 22, 15, 4).getTime()) {
  await beginRecording({ id, mimeType: "audio/webm;codecs=opus", startedAt, mode: "couple" });
  for (const [index, chunk] of chunks.entries()) await appendChunk(id, index, new Blob([new Uint8Array(chunk)]));
  if (status !== "recording") await markRecordingStatus(id, status);
}

const statusOf = async (id: string) => (await listStoredRecordings()).find((recording) => recording.id === id)?.status;

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
});
afterEach(async () => {
  jest.restoreAllMocks();
  Reflect.deleteProperty(globalThis, "navigator");
  for (const recording of await listStoredRecordings()) await deleteRecording(recording.id);
});

describe("recoverInterruptedRecordings", () => {
  it("a growth follow-up's audio is listed still tied to its session, so that its retry appends it there", async () => {
    await stored("growth-1", "transcribed", [[7]]);
    await putRecordingExtra("growth-1", FOLLOW_UP_OF_EXTRA, "session-42");

    await recoverInterruptedRecordings(storage);

    expect(listFailedLocalRecordings(storage)).toEqual([expect.objectContaining({ audioKey: "growth-1", followUpOf: "session-42" })]);
  });

  it("deletes such audio when its transcript was kept after all (a failed analysis listed to retry)", async () => {
    await stored("kept-transcript", "transcribed", [[5, 6]]);
    storage.setItem(
      STORAGE_KEYS.localSessions,
      JSON.stringify([
        { id: "local-1", isLocal: true, transcript: "Ana: hi", failedAnalysis: { error: "x" }, audioKey: null, transcribedFrom: "kept-transcript" },
      ]),
    );

    expect(await recoverInterruptedRecordings(storage)).toEqual([]);
    expect(await statusOf("kept-transcript")).toBeUndefined();
    expect(listLocalSessions(storage).map((session) => session.id)).toEqual(["local-1"]);
  });

  it("lists audio whose transcript had arrived but was not stored yet (the tab closed while naming or analysing)", async () => {
    await stored("mid-analysis", "transcribed", [[5, 6]]);

    const [id] = await recoverInterruptedRecordings(storage);

    expect(listFailedLocalRecordings(storage)).toEqual([expect.objectContaining({ id, audioKey: "mid-analysis", failedTranscription: expect.anything() })]);
    expect(await statusOf("mid-analysis")).toBe("saved-locally");
    expect(await readRecordingBlob("mid-analysis")).toEqual(expect.objectContaining({ size: 2 }));
  });

  it("turns audio left recording or uploading into a failed local session the user can retry", async () => {
    await stored("mid-recording", "recording", [[1, 2], [3]]);
    await stored("mid-upload", "uploading", [[4]], new Date(2026, 10, 21, 9, 0).getTime());

    const ids = await recoverInterruptedRecordings(storage);

    expect(ids).toHaveLength(2);
    const sessions = listFailedLocalRecordings(storage);
    expect(sessions.map((session) => session.id).sort()).toEqual([...ids].sort());
    expect(sessions[0]).toMatchObject({
      audioKey: "mid-recording",
      name: "Recording Nov 22, 2026, 3:04 PM",
      size: 3,
      mimeType: "audio/webm;codecs=opus",
      // The spec's offline recording failure text (part 2 section 8).
      failedTranscription: { error: "This recording couldn't be transcribed due to connection issues.", attemptCount: 1 },
    });
    expect(sessions[1]).toMatchObject({ audioKey: "mid-upload", name: "Recording Nov 21, 2026, 9:00 AM", size: 1 });
    expect(await statusOf("mid-recording")).toBe("saved-locally");
    expect(await statusOf("mid-upload")).toBe("saved-locally");
    // The audio itself is still there for the retry.
    expect((await readRecordingBlob("mid-recording"))?.size).toBe(3);
  });

  it("also recovers audio stopped but never uploaded, and leaves failed and saved recordings alone", async () => {
    await stored("stopped", "stopped", [[1]]);
    await stored("failed", "failed", [[1]]);
    await stored("saved", "saved-locally", [[1]]);

    expect(await recoverInterruptedRecordings(storage)).toHaveLength(1);
    expect(listLocalSessions(storage).map((session) => session.audioKey)).toEqual(["stopped"]);
    expect(await statusOf("failed")).toBe("failed");
  });

  it("deletes interrupted recordings that never captured a chunk", async () => {
    await stored("empty", "recording", []);
    expect(await recoverInterruptedRecordings(storage)).toEqual([]);
    expect(await listStoredRecordings()).toEqual([]);
    expect(listLocalSessions(storage)).toEqual([]);
  });

  it("is idempotent: a second run creates nothing new", async () => {
    await stored("a", "recording", [[1]]);
    const first = await recoverInterruptedRecordings(storage);
    const snapshot = storage.values.get(STORAGE_KEYS.localSessions);

    expect(first).toHaveLength(1);
    expect(await recoverInterruptedRecordings(storage)).toEqual([]);
    expect(storage.values.get(STORAGE_KEYS.localSessions)).toBe(snapshot);
  });

  it("does not duplicate audio that already has a local session (saved just before the tab closed)", async () => {
    await stored("known", "uploading", [[1]]);
    saveFailedRecordingAsLocalSession({ audioKey: "known", mimeType: "audio/webm", size: 1, error: "Transcription failed", failedSessionId: "srv-1" }, storage);

    expect(await recoverInterruptedRecordings(storage)).toEqual([]);
    expect(listLocalSessions(storage).map((session) => session.id)).toEqual(["srv-1"]);
    expect(await statusOf("known")).toBe("saved-locally");
  });

  it("leaves alone a recording another live tab still holds", async () => {
    await stored("live", "recording", [[1]]);
    await stored("orphan", "recording", [[1]]);
    const locks = { query: async () => ({ held: [{ name: "coach-audio:live", mode: "exclusive" as const }], pending: [] }) };
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });

    const ids = await recoverInterruptedRecordings(storage);

    expect(listLocalSessions(storage).map((session) => session.audioKey)).toEqual(["orphan"]);
    expect(ids).toHaveLength(1);
    expect(await statusOf("live")).toBe("recording");
  });

  it("leaves alone a recording another tab begins while the listing runs (not yet a chunk), instead of deleting it as empty", async () => {
    // Web Locks as the browser keeps them: a lock asked for is listed (pending) at once.
    const names = new Set<string>();
    const locks = {
      request: (name: string, callback: () => Promise<void>) => {
        names.add(name);
        return callback().then(() => void names.delete(name));
      },
      query: async () => ({ held: [...names].map((name) => ({ name })), pending: [] }),
    };
    Object.defineProperty(globalThis, "navigator", { value: { locks }, configurable: true });
    // A listing that takes its time (many recordings' chunks to count); the other tab begins meanwhile.
    let listed!: () => void;
    const { listStoredRecordings: list } = jest.requireActual("./audio-store");
    jest.mocked(listStoredRecordings).mockImplementationOnce(() => new Promise<void>((resolve) => (listed = resolve)).then(list));

    const recovery = recoverInterruptedRecordings(storage);
    await beginRecording({ id: "just-begun", mimeType: "audio/webm;codecs=opus", startedAt: Date.now(), mode: "couple" });
    listed();
    await recovery;

    expect(await statusOf("just-begun")).toBe("recording");
    expect(listLocalSessions(storage)).toEqual([]);
  });

  it("keeps the audio untouched when the session cannot be saved, and recovers it on the next load", async () => {
    await stored("later", "recording", [[1]]);
    await stored("later-too", "uploading", [[2]]);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const full: KeyValueStorage = {
      ...storage,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };

    const notListed = jest.fn();
    expect(await recoverInterruptedRecordings(full, { onNotListed: notListed })).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(await statusOf("later")).toBe("recording");
    // The user is told: a recording this device keeps but cannot list is one no tap can retry until space is freed.
    expect(notListed).toHaveBeenCalledTimes(1);
    expect(notListed.mock.calls[0]![0]).toBeInstanceOf(LocalStorageError);

    expect(await recoverInterruptedRecordings(storage)).toHaveLength(2);
  });

  it("recovers a recording kept in parts with the size of all its parts, and leaves its parts in place", async () => {
    await beginRecording({ id: "long", mimeType: "audio/webm;codecs=opus", startedAt: new Date(2026, 10, 22, 15, 4).getTime(), mode: "couple" });
    await beginPart("long", 1, 600_000);
    await appendChunk("long", partChunkIndex(0, 0), new Blob([new Uint8Array([1, 2])]));
    await appendChunk("long", partChunkIndex(1, 0), new Blob([new Uint8Array([3, 4, 5])]));

    expect(await recoverInterruptedRecordings(storage)).toHaveLength(1);
    expect(listFailedLocalRecordings(storage)).toMatchObject([{ audioKey: "long", size: 5, mimeType: "audio/webm;codecs=opus" }]);
    expect(await statusOf("long")).toBe("saved-locally");
    expect((await readRecordingParts("long"))?.parts.map((part) => [part.index, part.startMs, part.blob.size])).toEqual([
      [0, 0, 2],
      [1, 600_000, 3],
    ]);
  });
});

describe("an interrupted recording on a shared browser", () => {
  afterEach(() => setDeviceOwner(null));

  it("one account's is left for it, not listed to the guest or the next account; its own next visit lists it as its own", async () => {
    setDeviceOwner("user_a");
    await stored("rec-of-a", "recording", [[1, 2, 3]]);
    for (const next of [null, "user_b"]) {
      setDeviceOwner(next);
      expect(await recoverInterruptedRecordings(storage)).toEqual([]);
      expect(listLocalSessions(storage)).toEqual([]);
      // Not deleted either: the server never had it.
      expect(await statusOf("rec-of-a")).toBe("recording");
    }
    setDeviceOwner("user_a");
    const [id] = await recoverInterruptedRecordings(storage);
    expect(listFailedLocalRecordings(storage)).toEqual([expect.objectContaining({ id, audioKey: "rec-of-a", ownerId: "user_a" })]);
    setDeviceOwner(null);
    expect(listFailedLocalRecordings(storage)).toEqual([]);
  });
});
