import "server-only";

import { failedAudioCutoff } from "@/lib/domain/data-rights/retention";
import { getDb } from "@/lib/server/db";
import { audioPieceStore } from "@/lib/server/storage/audio-piece-store";

import { clearTranscribedPartsAudio } from "./upload-part-audio";
import { purgeExpiredUploads } from "./uploads";

export type RetentionResult = {
  failedAudioDeleted: number;
  rateLimitCountersDeleted: number;
  uploadsDeleted: number;
  transcribedPartsCleared: number;
  audioCutoff: string;
};

/**
 * The scheduled clean-up (POST /api/cron/retention):
 *  - audio of failed transcriptions whose last attempt is older than the retention period is deleted; the marker stays, so
 *    the session still shows that it failed and a retry answers "Recording not found. It may have been deleted.";
 *  - rate-limit counters of windows that have ended are removed;
 *  - uploads of recordings sent in parts that expired (UPLOAD_RETENTION_HOURS after their last piece or transcription: an
 *    upload abandoned mid-way) are deleted with their pieces, in the database or the object store;
 *  - transcribed parts' pieces that their transcription left in the object store (upload-part-audio.ts) are deleted.
 * Safe to run any number of times, at any interval, on any instance.
 */
export async function runRetention(now: Date = new Date()): Promise<RetentionResult> {
  const db = getDb();
  const cutoff = failedAudioCutoff(now);
  const [audio, counters] = await db.$transaction([
    db.failureMarker.updateMany({ where: { audio: { not: null }, lastFailedAt: { lt: cutoff } }, data: { audio: null } }),
    db.rateLimitCounter.deleteMany({ where: { expiresAt: { lt: now } } }),
  ]);
  const uploadsDeleted = await purgeExpiredUploads(now);
  const transcribedPartsCleared = await clearTranscribedPartsAudio(audioPieceStore());
  return {
    failedAudioDeleted: audio.count,
    rateLimitCountersDeleted: counters.count,
    uploadsDeleted,
    transcribedPartsCleared,
    audioCutoff: cutoff.toISOString(),
  };
}
