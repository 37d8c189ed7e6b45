// How long the server keeps what it must not keep for ever, and the export's file name. The privacy page quotes these
// numbers, so they live here once, free of server code.

/** Audio of a failed transcription waits this long for a retry (counted from its last failed attempt), then is deleted. */
export const FAILED_AUDIO_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Failed audio whose last attempt is older than this moment is due for deletion. */
export function failedAudioCutoff(now: Date, days: number = FAILED_AUDIO_RETENTION_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** "relationship-coach-export-2026-11-23.json": the day of the export, in UTC. */
export function exportFileName(now: Date): string {
  return `relationship-coach-export-${now.toISOString().slice(0, 10)}.json`;
}
