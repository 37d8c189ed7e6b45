import { AudioStorageError, listStoredRecordings } from "@/lib/client/recordings/audio-store";
import { discardRecording } from "@/lib/client/recordings/discard-recording";
import { listLocalRecordingRefs, listLocalSessions } from "@/lib/client/recordings/local-recordings";
import { browserStorage, readStoredList, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { ownedByCurrentUser } from "@/lib/client/storage/device-owner";

// A guest's data rights work on what this browser holds: the sessions in localStorage and the recordings in IndexedDB.
// Nothing here calls the server, but to withdraw the pieces of a failed recording sent in parts that the server keeps for
// its retry: once the recording is deleted here, no one could reach them (discardRecording). Settings (language,
// Privacy-by-Design, the name) are preferences, not sessions: they stay.
// Only the current person's copies (and a guest's) are theirs to see and delete: what another account signed in on this
// browser kept waits for it (lib/client/storage/device-owner.ts), unseen, and is not deleted from under it.

/** The localStorage keys that hold sessions or point at recordings (spec part 2, section 3). */
const SESSION_KEYS = [
  STORAGE_KEYS.localSessions,
  STORAGE_KEYS.localRecordings,
  STORAGE_KEYS.failedRecordings,
  STORAGE_KEYS.lastFailedSessionId,
  STORAGE_KEYS.deletedSessionIds,
  STORAGE_KEYS.pendingFollowUps,
] as const;

/** The current person's recordings in IndexedDB, described (not their audio); none when this browser cannot keep any. */
async function storedRecordingsOrNone(storage: KeyValueStorage | null) {
  // A recording from before owners were kept is another account's when that account's kept session points at it.
  const othersAudio = new Set(othersItems(storage).map((item) => item.audioKey));
  try {
    return (await listStoredRecordings()).filter((recording) => ownedByCurrentUser(recording) && !othersAudio.has(recording.id));
  } catch (error) {
    if (error instanceof AudioStorageError && error.reason === "unavailable") return [];
    throw error;
  }
}

/** Everything this device keeps for the app's sessions, as one JSON-ready document (audio described, not copied). */
export async function collectDeviceData(now: Date = new Date(), storage: KeyValueStorage | null = browserStorage()) {
  const recordings = await storedRecordingsOrNone(storage);
  return {
    format: "relationship-coach-export",
    version: 1,
    exportedAt: now.toISOString(),
    source: "this-device",
    sessions: listLocalSessions(storage),
    recordingRefs: listLocalRecordingRefs(storage),
    recordings: recordings.map((recording) => ({ ...recording, audioIncluded: false })),
  };
}

export type DeviceData = Awaited<ReturnType<typeof collectDeviceData>>;

export type DeviceDeletion = { sessions: number; recordings: number };

/** Deletes every session and recording this browser keeps for the app. Throws when the browser refuses a deletion. */
export async function deleteDeviceData(storage: KeyValueStorage | null = browserStorage()): Promise<DeviceDeletion> {
  const sessions = listLocalSessions(storage).length;
  const recordings = await storedRecordingsOrNone(storage);
  // The audio first: were the list removed first and this then failed, the recordings would be left with nothing pointing at them.
  for (const recording of recordings) await discardRecording(recording.id);
  const kept = othersCopies(storage);
  for (const key of SESSION_KEYS) storage?.removeItem(key);
  for (const [key, items] of kept) storage?.setItem(key, JSON.stringify(items));
  return { sessions, recordings: recordings.length };
}

type StoredItem = Record<string, unknown> & { id?: unknown };

/** A stored list's items that are objects (browser-keys.ts readStoredList: [] for a missing or damaged list). */
function storedItems(storage: KeyValueStorage | null, key: string): StoredItem[] {
  return readStoredList(storage, key).filter((item): item is StoredItem => typeof item === "object" && item !== null);
}

/** Sessions another account kept on this browser. */
function othersItems(storage: KeyValueStorage | null): StoredItem[] {
  return storedItems(storage, STORAGE_KEYS.localSessions).filter((item) => !ownedByCurrentUser(item));
}

/** What is another account's, by key, to be written back: its sessions, their recording references, its waiting follow-ups. */
function othersCopies(storage: KeyValueStorage | null): [string, StoredItem[]][] {
  const sessions = othersItems(storage);
  const ids = new Set(sessions.map((item) => item.id));
  const kept: [string, StoredItem[]][] = [
    [STORAGE_KEYS.localSessions, sessions],
    [STORAGE_KEYS.localRecordings, storedItems(storage, STORAGE_KEYS.localRecordings).filter((ref) => ids.has(ref.sessionId))],
    [STORAGE_KEYS.pendingFollowUps, storedItems(storage, STORAGE_KEYS.pendingFollowUps).filter((item) => !ownedByCurrentUser(item))],
  ];
  return kept.filter(([, items]) => items.length > 0);
}
