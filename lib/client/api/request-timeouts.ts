// How long the browser waits for each API route before it gives up and takes the flow's connection path (the recording or
// transcript stays on this device, with a retry). The AI routes wait a little longer than the server's own time budget
// for them (their `maxDuration`, see lib/server/providers/budget.ts), so the server's answer — the result, or the stored
// failure with its session id — arrives first whenever the server is still alive; a host that died answers nothing,
// and the time-out ends the wait.

/** Slack over the route's maxDuration: the answer still has to travel back. */
const NETWORK_SLACK_MS = 15_000;

const AI_ROUTE_TIMEOUTS: { pattern: RegExp; maxDurationSeconds: number }[] = [
  { pattern: /^\/api\/(public\/)?transcribe$/, maxDurationSeconds: 300 },
  { pattern: /^\/api\/(public\/)?analyze$/, maxDurationSeconds: 300 },
  { pattern: /^\/api\/(public\/)?sessions\/[^/]+\/(retry-transcription|retry-analysis|append-transcript)$/, maxDurationSeconds: 300 },
  { pattern: /^\/api\/(public\/)?sessions\/[^/]+\/summary$/, maxDurationSeconds: 120 },
  // One part of a recording sent in parts (issue 14 §2): a transcription like /api/transcribe.
  { pattern: /^\/api\/(public\/)?uploads\/[^/]+\/parts\/\d+\/transcribe$/, maxDurationSeconds: 300 },
  // The live coach's session, minted by the voice provider: without the slack the browser gave up as the server answered.
  { pattern: /^\/api\/(public\/)?realtime\/session$/, maxDurationSeconds: 30 },
];

/** Moving this device's sessions into the account writes them all in one call. */
const MIGRATE_TIMEOUT_MS = 60_000;
/** The account's export, streamed (a long history is tens of megabytes on a phone's connection), up to its maxDuration. */
const EXPORT_TIMEOUT_MS = 120_000 + NETWORK_SLACK_MS;
/** A 3 MiB piece of a recording on a slow mobile uplink, up to its route's maxDuration. */
const UPLOAD_PIECE_TIMEOUT_MS = 150_000 + NETWORK_SLACK_MS;
/** Everything else reads or writes a few rows. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The time-out of a call to `path` (query string ignored). */
export function requestTimeoutMs(path: string): number {
  const pathname = path.split(/[?#]/)[0] ?? path;
  const route = AI_ROUTE_TIMEOUTS.find(({ pattern }) => pattern.test(pathname));
  if (route) return route.maxDurationSeconds * 1000 + NETWORK_SLACK_MS;
  if (/^\/api\/(public\/)?sessions\/migrate$/.test(pathname)) return MIGRATE_TIMEOUT_MS;
  if (/^\/api\/(public\/)?account\/export$/.test(pathname)) return EXPORT_TIMEOUT_MS;
  if (/^\/api\/(public\/)?uploads\/[^/]+\/parts\/\d+\/pieces\/\d+$/.test(pathname)) return UPLOAD_PIECE_TIMEOUT_MS;
  return DEFAULT_REQUEST_TIMEOUT_MS;
}
