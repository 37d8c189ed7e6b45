/** @jest-environment node */
import { STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { setDeviceOwner } from "@/lib/client/storage/device-owner";

import {
  getLocalSession,
  listFailedLocalRecordings,
  listLocalRecordingRefs,
  listLocalSessions,
  LOCAL_STORAGE_ERROR_MESSAGE,
  LocalStorageError,
  recordingName,
  recordRetryFailure,
  removeLocalSession,
  retryTargetFor,
  saveFailedRecordingAsLocalSession,
} from "./local-recordings";

class MemoryStorage implements KeyValueStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const failure = { audioKey: "rec-1", mimeType: "audio/webm", size: 2048, error: "Transcription failed" };
let storage: MemoryStorage;
let now: number;

beforeEach(() => {
  storage = new MemoryStorage();
  now = new Date(2026, 10, 22, 15, 4).getTime();
  jest.spyOn(Date, "now").mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

const stored = (key: string): unknown => JSON.parse(storage.getItem(key) ?? "null");

describe("local recordings", () => {
  it("names recordings by their local date and time, en-US", () => {
    expect(recordingName(new Date(2026, 10, 22, 15, 4))).toBe("Recording Nov 22, 2026, 3:04 PM");
    expect(recordingName(new Date(2026, 0, 5, 9, 30))).toBe("Recording Jan 5, 2026, 9:30 AM");
  });

  it("saves a failed recording as a local session and a local recording, metadata only", () => {
    const session = saveFailedRecordingAsLocalSession(failure, storage);

    expect(session).toEqual({
      id: `local-${now}`,
      name: "Recording Nov 22, 2026, 3:04 PM",
      isLocal: true,
      mimeType: "audio/webm",
      size: 2048,
      createdAt: new Date(now).toISOString(),
      timestamp: now,
      audioKey: "rec-1",
      failedTranscription: { error: "Transcription failed", timestamp: new Date(now).toISOString(), attemptCount: 1 },
    });
    expect(stored(STORAGE_KEYS.localSessions)).toEqual([session]);
    expect(stored(STORAGE_KEYS.localRecordings)).toEqual([
      { id: "rec-1", timestamp: now, sessionId: session.id, isLocal: true, name: session.name, mimeType: "audio/webm", audioKey: "rec-1" },
    ]);
    expect(storage.getItem(STORAGE_KEYS.lastFailedSessionId)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.localSessions)).not.toMatch(/audioData/);
  });

  it("uses the server's failed-session id and remembers it as the last failed one", () => {
    const session = saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-9" }, storage);
    expect(session.id).toBe("srv-9");
    expect(storage.getItem(STORAGE_KEYS.lastFailedSessionId)).toBe("srv-9");
  });

  it("bumps the attempt count instead of listing the same recording twice", () => {
    saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-9" }, storage);
    now += 60_000;
    const again = saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-9", error: "Still failing" }, storage);

    expect(listLocalSessions(storage)).toHaveLength(1);
    expect(again.failedTranscription).toEqual({ error: "Still failing", timestamp: new Date(now).toISOString(), attemptCount: 2 });
    expect(listLocalRecordingRefs(storage)).toHaveLength(1);
  });

  it("finds the same audio saved without a server id and gives it the server's id", () => {
    const first = saveFailedRecordingAsLocalSession(failure, storage);
    const second = saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-3" }, storage);

    expect(listLocalSessions(storage).map((s) => s.id)).toEqual(["srv-3"]);
    expect(second).toMatchObject({ timestamp: first.timestamp, audioKey: "rec-1", failedTranscription: { attemptCount: 2 } });
    expect(listLocalRecordingRefs(storage)).toEqual([expect.objectContaining({ sessionId: "srv-3", audioKey: "rec-1" })]);
  });

  it("gives two different recordings saved in the same millisecond two different ids", () => {
    const a = saveFailedRecordingAsLocalSession(failure, storage);
    const b = saveFailedRecordingAsLocalSession({ ...failure, audioKey: "rec-2" }, storage);
    expect(a.id).not.toBe(b.id);
    expect(listLocalSessions(storage)).toHaveLength(2);
  });

  it("marks failed analyses separately and dates a recovered recording by when it was recorded", () => {
    const recordedAt = new Date(2026, 10, 21, 8, 0).getTime();
    const session = saveFailedRecordingAsLocalSession({ ...failure, kind: "analysis", recordedAt, transcript: "Hi" }, storage);
    expect(session).toMatchObject({ name: "Recording Nov 21, 2026, 8:00 AM", timestamp: recordedAt, transcript: "Hi", failedAnalysis: { attemptCount: 1 } });
    expect(session.failedTranscription).toBeUndefined();
  });

  it("lists failed local sessions newest first, leaving out completed ones", () => {
    saveFailedRecordingAsLocalSession({ ...failure, audioKey: "old", recordedAt: 1_000 }, storage);
    saveFailedRecordingAsLocalSession({ ...failure, audioKey: "new", recordedAt: 3_000 }, storage);
    const sessions = stored(STORAGE_KEYS.localSessions) as unknown[];
    storage.setItem(STORAGE_KEYS.localSessions, JSON.stringify([...sessions, { id: "done", timestamp: 2_000, isLocal: true, transcript: "ok" }]));

    expect(listLocalSessions(storage).map((s) => s.id)).toEqual(["local-3000", "done", "local-1000"]);
    expect(listFailedLocalRecordings(storage).map((s) => s.audioKey)).toEqual(["new", "old"]);
    expect(getLocalSession("done", storage)).toMatchObject({ id: "done", audioKey: null, transcript: "ok" });
  });

  it("keeps fields written by other parts of the app when it rewrites an item", () => {
    storage.setItem(STORAGE_KEYS.localSessions, JSON.stringify([{ id: "srv-1", swipeActions: [{ cardId: 1 }], audioKey: "rec-1", timestamp: 5 }, "junk"]));
    saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-1" }, storage);
    expect(stored(STORAGE_KEYS.localSessions)).toEqual([expect.objectContaining({ id: "srv-1", swipeActions: [{ cardId: 1 }] }), "junk"]);
  });

  it("records a retry failure on the marker the session has", () => {
    const session = saveFailedRecordingAsLocalSession({ ...failure, kind: "analysis" }, storage);
    const updated = recordRetryFailure(session.id, "Connection issue persists.", undefined, storage);
    expect(updated?.failedAnalysis).toMatchObject({ error: "Connection issue persists.", attemptCount: 2 });
    expect(getLocalSession(session.id, storage)?.failedAnalysis?.attemptCount).toBe(2);
    expect(recordRetryFailure("missing", "x", undefined, storage)).toBeNull();
  });

  it("removes a session's metadata and its local recording, returning it so the caller can delete the audio", () => {
    const session = saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-2" }, storage);
    saveFailedRecordingAsLocalSession({ ...failure, audioKey: "rec-other" }, storage);

    expect(removeLocalSession("srv-2", storage)).toMatchObject({ id: "srv-2", audioKey: session.audioKey });
    expect(listLocalSessions(storage).map((s) => s.audioKey)).toEqual(["rec-other"]);
    expect(listLocalRecordingRefs(storage).map((r) => r.audioKey)).toEqual(["rec-other"]);
    expect(storage.getItem(STORAGE_KEYS.lastFailedSessionId)).toBeNull();
    expect(removeLocalSession("srv-2", storage)).toBeNull();
  });

  it("treats corrupted storage as empty with a warning, never a crash", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    storage.setItem(STORAGE_KEYS.localSessions, "{not json");
    storage.setItem(STORAGE_KEYS.localRecordings, JSON.stringify({ not: "a list" }));

    expect(listLocalSessions(storage)).toEqual([]);
    expect(listFailedLocalRecordings(storage)).toEqual([]);
    expect(listLocalRecordingRefs(storage)).toEqual([]);
    expect(warn).toHaveBeenCalled();
    expect(saveFailedRecordingAsLocalSession(failure, storage).id).toBe(`local-${now}`);
    expect(listLocalSessions(storage)).toHaveLength(1);
  });

  it("throws LocalStorageError with the user-facing message when the browser refuses the write", () => {
    jest.spyOn(storage, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    expect(() => saveFailedRecordingAsLocalSession(failure, storage)).toThrow(LocalStorageError);
    expect(() => saveFailedRecordingAsLocalSession(failure, storage)).toThrow(LOCAL_STORAGE_ERROR_MESSAGE);
    expect(() => saveFailedRecordingAsLocalSession(failure, null)).toThrow(LocalStorageError);
    expect(listLocalSessions(null)).toEqual([]);
  });
});

describe("upsertLocalSessionRecord", () => {
  it("adds a session, then merges later fields into it without losing the others", async () => {
    const { upsertLocalSessionRecord, readLocalSessionRecord, listLocalSessions } = await import("./local-recordings");
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
    const now = jest.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    upsertLocalSessionRecord({ id: "local-1", transcript: "Ana: hi", analysis: { cards: [] }, timestamp: 5 }, storage);
    now.mockReturnValue(1_800_000_060_000);
    upsertLocalSessionRecord({ id: "local-1", swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: 6 }] }, storage);
    expect(readLocalSessionRecord("local-1", storage)).toEqual({
      id: "local-1",
      isLocal: true,
      transcript: "Ana: hi",
      analysis: { cards: [] },
      timestamp: 5,
      swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: 6 }],
      // The last write's time: the account must not take this copy over what it changed after that (migration-item.ts).
      changedAt: 1_800_000_060_000,
    });
    expect(listLocalSessions(storage)).toHaveLength(1);
    now.mockRestore();
  });

  it("stamps the write's own time over a stamp the record brings along (a copy read back and written again)", async () => {
    const { upsertLocalSessionRecord, readLocalSessionRecord } = await import("./local-recordings");
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
    const now = jest.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    upsertLocalSessionRecord({ id: "local-2", name: "Renamed", changedAt: 1_700_000_000_000 }, storage);
    expect(readLocalSessionRecord("local-2", storage)).toMatchObject({ name: "Renamed", changedAt: 1_800_000_000_000 });
    now.mockRestore();
  });
});

describe("retryTargetFor", () => {
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it("prefers this device's copy, which knows where the audio is", () => {
    const local = saveFailedRecordingAsLocalSession({ ...failure, failedSessionId: "srv-1" }, storage);
    const target = retryTargetFor(
      { id: "srv-1", name: "From the account", failedTranscription: { error: "x", timestamp: "2026-11-22T08:00:00.000Z", attemptCount: 2 } },
      storage,
    );
    expect(target).toEqual(local);
    expect(target.audioKey).toBe("rec-1");
  });

  it("uses the listed item, without audio, for a recording only the account kept", () => {
    const target = retryTargetFor(
      {
        id: "srv-2",
        name: "Recording 2026-11-20",
        transcript: "A: hi",
        createdAt: "2026-11-20T10:00:00.000Z",
        failedAnalysis: { error: "down", timestamp: "2026-11-20T10:01:00.000Z", attemptCount: 1 },
      },
      storage,
    );
    expect(target).toMatchObject({
      id: "srv-2",
      name: "Recording 2026-11-20",
      audioKey: null,
      transcript: "A: hi",
      isLocal: true,
      timestamp: Date.parse("2026-11-20T10:00:00.000Z"),
    });
    expect(target.failedAnalysis).toEqual({ error: "down", timestamp: "2026-11-20T10:01:00.000Z", attemptCount: 1 });
    expect(target.failedTranscription).toBeUndefined();
  });
});

describe("a recording one account kept on a shared browser", () => {
  const signedInAs = (id: string | null) => setDeviceOwner(id);
  afterEach(() => signedInAs(null));

  it("is neither listed, retried nor sent by a guest or another account after sign-out, and is back for its owner", () => {
    const storage = new MemoryStorage();
    signedInAs("user_a");
    const kept = saveFailedRecordingAsLocalSession({ audioKey: "rec-of-a", mimeType: "audio/webm", size: 10, error: "Network error" }, storage);
    expect(kept.ownerId).toBe("user_a");
    for (const next of [null, "user_b"]) {
      signedInAs(next);
      // The history list, the retry from history, and the recording sent when the connection comes back.
      expect(listLocalSessions(storage)).toEqual([]);
      expect(listFailedLocalRecordings(storage)).toEqual([]);
      expect(getLocalSession(kept.id, storage)).toBeNull();
      expect(retryTargetFor({ id: kept.id }, storage).audioKey).toBeNull();
      expect(listLocalRecordingRefs(storage)).toEqual([]);
    }
    signedInAs("user_a");
    expect(listFailedLocalRecordings(storage)).toEqual([expect.objectContaining({ id: kept.id, audioKey: "rec-of-a" })]);
  });

  it("a guest's recording stays the guest's to retry, and the one who signs in next (spec) sees it", () => {
    const storage = new MemoryStorage();
    const kept = saveFailedRecordingAsLocalSession({ audioKey: "rec-of-guest", mimeType: "audio/webm", size: 10, error: "Network error" }, storage);
    expect(kept).not.toHaveProperty("ownerId");
    signedInAs("user_b");
    expect(listFailedLocalRecordings(storage).map((session) => session.id)).toEqual([kept.id]);
  });
});
