import { AudioStorageError, deleteRecording, listStoredRecordings } from "@/lib/client/recordings/audio-store";
import { listLocalRecordingRefs, listLocalSessions } from "@/lib/client/recordings/local-recordings";
import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";

// A guest's data rights work on what this browser holds: the sessions in localStorage and the recordings in IndexedDB.
// Nothing here calls the server. Settings (language, Privacy-by-Design, the name) are preferences, not sessions: they stay.

/** The localStorage keys that hold sessions or point at recordings (spec part 2, section 3). */
const SESSION_KEYS = [
  STORAGE_KEYS.localSessions,
  STORAGE_KEYS.localRecordings,
  STORAGE_KEYS.failedRecordings,
  STORAGE_KEYS.lastFailedSessionId,
  STORAGE_KEYS.deletedSessionIds,
  STORAGE_KEYS.pendingFollowUps,
] as const;

/** Recordings in IndexedDB, described (not their audio); none when this browser cannot keep any. */
async function storedRecordingsOrNone() {
  try {
    return await listStoredRecordings();
  } catch (error) {
    if (error instanceof AudioStorageError && error.reason === "unavailable") return [];
    throw error;
  }
}

/** Everything this device keeps for the app's sessions, as one JSON-ready document (audio described, not copied). */
export async function collectDeviceData(now: Date = new Date(), storage: KeyValueStorage | null = browserStorage()) {
  const recordings = await storedRecordingsOrNone();
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

export type DeviceDeletion = { sessions: number; recordings: number };

/** Deletes every session and recording this browser keeps for the app. Throws when the browser refuses a deletion. */
export async function deleteDeviceData(storage: KeyValueStorage | null = browserStorage()): Promise<DeviceDeletion> {
  const sessions = listLocalSessions(storage).length;
  const recordings = await storedRecordingsOrNone();
  // The audio first: were the list removed first and this then failed, the recordings would be left with nothing pointing at them.
  for (const recording of recordings) await deleteRecording(recording.id);
  for (const key of SESSION_KEYS) storage?.removeItem(key);
  return { sessions, recordings: recordings.length };
}
