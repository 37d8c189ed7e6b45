import { browserStorage, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { ownedByCurrentUser } from "@/lib/client/storage/device-owner";
import { OFFLINE_RECORDING_FAILURE } from "@/lib/domain/transcription/transcription-errors";

import {
  deleteRecording,
  FOLLOW_UP_OF_EXTRA,
  getRecordingExtra,
  listStoredRecordings,
  markRecordingStatus,
  readRecordingParts,
  type RecordingStatus,
} from "./audio-store";
import { listLocalSessions, LocalStorageError, saveFailedRecordingAsLocalSession } from "./local-recordings";
import { lockedRecordingIds } from "./recording-locks";

// On app load, audio left mid-way (tab closed or reloaded while recording, uploading, naming or analysing) becomes a local session that
// can be retried from history, so the user finds it again instead of it sitting unseen in IndexedDB.

// "stopped" too: a tab closed between the end of recording and the start of the upload leaves it there; "transcribed": one
// closed (or discarded by the phone) before the transcript was stored, while naming or analysing.
const INTERRUPTED: ReadonlySet<RecordingStatus> = new Set(["recording", "stopped", "uploading", "transcribed"]);

export type RecoveryOptions = {
  /**
   * Told once when the browser refused to write the list entry of a recording it keeps (storage full): that audio is kept,
   * but no history item offers its retry until space is freed, so the user must hear of it.
   */
  onNotListed?: (error: LocalStorageError) => void;
};

/**
 * Returns the ids of the local sessions it created. Idempotent: audio that already has a local session is only marked
 * "saved-locally". Recordings a live tab holds a lock on are left alone. Each recording is handled on its own: one that
 * fails stays as it is and is tried again on the next load. Throws AudioStorageError only when nothing can be listed.
 */
export async function recoverInterruptedRecordings(
  storage: KeyValueStorage | null = browserStorage(),
  { onNotListed }: RecoveryOptions = {},
): Promise<string[]> {
  // The locks are read after the listing: a recording listed has its lock asked for already (beginRecording asks before it
  // writes the record), so one begun in another tab meanwhile is seen as live, not taken for an empty one and deleted.
  const recordings = await listStoredRecordings();
  const active = await lockedRecordingIds();
  const recovered: string[] = [];
  let listRefused: LocalStorageError | null = null;
  for (const recording of recordings) {
    // Another account's recording waits, untouched, for its owner's next visit: it is neither listed to this person nor deleted.
    if (!INTERRUPTED.has(recording.status) || active.has(recording.id) || !ownedByCurrentUser(recording)) continue;
    try {
      if (recording.chunkCount === 0) {
        // Nothing was captured: there is nothing to lose.
        await deleteRecording(recording.id);
        continue;
      }
      const sessions = listLocalSessions(storage);
      if (recording.status === "transcribed" && sessions.some((session) => session.transcribedFrom === recording.id)) {
        // Its transcript was kept (a failed analysis, listed to retry) before the tab closed: the audio is not needed.
        await deleteRecording(recording.id);
        continue;
      }
      if (!sessions.some((session) => session.audioKey === recording.id)) {
        // Parts, not one Blob: a long recording is kept in parts, and its size is theirs together.
        const stored = await readRecordingParts(recording.id);
        const followUpOf = await getRecordingExtra(recording.id, FOLLOW_UP_OF_EXTRA).catch(() => undefined);
        const session = saveFailedRecordingAsLocalSession(
          {
            audioKey: recording.id,
            mimeType: stored?.mimeType || recording.mimeType,
            size: stored?.parts.reduce((total, part) => total + part.blob.size, 0) ?? 0,
            error: OFFLINE_RECORDING_FAILURE,
            recordedAt: recording.startedAt || undefined,
            ownerId: recording.ownerId ?? null,
            // A growth follow-up stays tied to its session, so that its retry appends it there.
            ...(typeof followUpOf === "string" && followUpOf !== "" ? { followUpOf } : {}),
          },
          storage,
        );
        recovered.push(session.id);
      }
      await markRecordingStatus(recording.id, "saved-locally");
    } catch (error) {
      console.warn(`Could not recover interrupted recording ${recording.id}; will try again on the next load.`, error);
      if (error instanceof LocalStorageError && !listRefused) listRefused = error;
    }
  }
  if (listRefused) onNotListed?.(listRefused);
  return recovered;
}
