/** @jest-environment node */
import "fake-indexeddb/auto";

import { appendChunk, beginRecording, finishRecording, listStoredRecordings, putRecordingExtra } from "@/lib/client/recordings/audio-store";
import { listLocalRecordingRefs, saveFailedRecordingAsLocalSession, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { setDeviceOwner } from "@/lib/client/storage/device-owner";

import { collectDeviceData, deleteDeviceData } from "./device-data";

function memoryStorage(): KeyValueStorage & { keys: () => string[] } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    keys: () => [...values.keys()].sort(),
  };
}

async function seedDevice(storage: KeyValueStorage) {
  upsertLocalSessionRecord({ id: "local-1", transcript: "Ana: hi", summary: "A calm talk", timestamp: 2_000 }, storage);
  await beginRecording({ id: "rec-1", mimeType: "audio/webm", startedAt: 1_000, mode: "couple" });
  await appendChunk("rec-1", 0, new Blob([new Uint8Array([1, 2, 3])]));
  await finishRecording("rec-1");
  saveFailedRecordingAsLocalSession({ audioKey: "rec-1", mimeType: "audio/webm", size: 3, error: "Transcription failed", recordedAt: 1_000 }, storage);
  storage.setItem(STORAGE_KEYS.deletedSessionIds, JSON.stringify(["old-1"]));
  storage.setItem(STORAGE_KEYS.speechLanguage, "de-DE");
  storage.setItem(STORAGE_KEYS.privacyMode, "false");
}

afterEach(async () => {
  await deleteDeviceData(memoryStorage());
});

describe("a guest's device data", () => {
  it("collects this browser's sessions and describes its recordings without their audio", async () => {
    const storage = memoryStorage();
    await seedDevice(storage);
    const data = await collectDeviceData(new Date("2026-11-23T10:00:00.000Z"), storage);
    expect(data).toMatchObject({ format: "relationship-coach-export", source: "this-device", exportedAt: "2026-11-23T10:00:00.000Z" });
    // Newest first; the failed recording is named after the time it was recorded.
    expect(data.sessions.map((session) => session.id)).toEqual(["local-1", "local-1000"]);
    expect(data.sessions.find((session) => session.id === "local-1")).toMatchObject({ transcript: "Ana: hi", summary: "A calm talk" });
    expect(data.recordings).toEqual([expect.objectContaining({ id: "rec-1", chunkCount: 1, audioIncluded: false })]);
    expect(data.recordingRefs).toEqual([expect.objectContaining({ audioKey: "rec-1" })]);
  });

  it("deletes every session and recording, and keeps the settings", async () => {
    const storage = memoryStorage();
    await seedDevice(storage);
    expect(await deleteDeviceData(storage)).toEqual({ sessions: 2, recordings: 1 });
    expect(await listStoredRecordings()).toEqual([]);
    expect(storage.keys()).toEqual([STORAGE_KEYS.privacyMode, STORAGE_KEYS.speechLanguage].sort());
    expect((await collectDeviceData(new Date(), storage)).sessions).toEqual([]);
  });

  it("withdraws the pieces the server keeps for a failed recording sent in parts, before its token goes with the audio", async () => {
    const storage = memoryStorage();
    await seedDevice(storage);
    const token = "t".repeat(43);
    await putRecordingExtra("rec-1", "upload", { uploadId: "8d0c8f7e-5b1a-4c2d-9e3f-0a1b2c3d4e5f", uploadToken: token });
    const fetchSpy = jest.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    try {
      expect(await deleteDeviceData(storage)).toEqual({ sessions: 2, recordings: 1 });
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      const [url, init] = fetchSpy.mock.calls[0]!;
      expect(String(url)).toMatch(/\/uploads\/8d0c8f7e-5b1a-4c2d-9e3f-0a1b2c3d4e5f$/);
      expect(init?.method).toBe("DELETE");
      expect(new Headers(init?.headers).get("x-upload-token")).toBe(token);
      expect(await listStoredRecordings()).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("deletes the recording even when the server cannot be told (its pieces then expire on their own)", async () => {
    const storage = memoryStorage();
    await seedDevice(storage);
    await putRecordingExtra("rec-1", "upload", { uploadId: "8d0c8f7e-5b1a-4c2d-9e3f-0a1b2c3d4e5f" });
    const fetchSpy = jest.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    try {
      expect(await deleteDeviceData(storage)).toEqual({ sessions: 2, recordings: 1 });
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(await listStoredRecordings()).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe("device data on a shared browser", () => {
  afterEach(() => setDeviceOwner(null));

  it("a guest's download holds none of another account's sessions, and a guest's delete keeps that account's unconfirmed recording", async () => {
    const storage = memoryStorage();
    setDeviceOwner("user_a");
    await beginRecording({ id: "rec-of-a", mimeType: "audio/webm", startedAt: 5_000, mode: "couple" });
    await appendChunk("rec-of-a", 0, new Blob([new Uint8Array([1])]));
    await finishRecording("rec-of-a");
    saveFailedRecordingAsLocalSession({ audioKey: "rec-of-a", mimeType: "audio/webm", size: 1, error: "Network error", recordedAt: 5_000 }, storage);
    setDeviceOwner(null);
    await seedDevice(storage);

    const data = await collectDeviceData(new Date(), storage);
    expect(data.sessions.map((session) => session.id)).toEqual(["local-1", "local-1000"]);
    expect(data.recordings.map((recording) => recording.id)).toEqual(["rec-1"]);
    expect(data.recordingRefs.map((ref) => ref.audioKey)).toEqual(["rec-1"]);

    expect(await deleteDeviceData(storage)).toEqual({ sessions: 2, recordings: 1 });
    expect((await listStoredRecordings()).map((recording) => recording.id)).toEqual(["rec-of-a"]);
    setDeviceOwner("user_a");
    expect((await collectDeviceData(new Date(), storage)).sessions).toEqual([expect.objectContaining({ audioKey: "rec-of-a" })]);
    expect(listLocalRecordingRefs(storage)).toEqual([expect.objectContaining({ audioKey: "rec-of-a" })]);
    // The owner's own delete (its account deletion) clears the device copy.
    expect(await deleteDeviceData(storage)).toEqual({ sessions: 1, recordings: 1 });
    expect(await listStoredRecordings()).toEqual([]);
    expect(storage.keys()).toEqual([STORAGE_KEYS.privacyMode, STORAGE_KEYS.speechLanguage].sort());
  });
});
