import { sessionApi, SessionApiError, type FollowUpBody } from "@/lib/client/sessions/session-api";
import { browserStorage, readStoredList, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { deviceOwner, ownedByCurrentUser } from "@/lib/client/storage/device-owner";

// A signed-in user's growth follow-up whose append never reached the server (offline, server down) and whose dialog was
// cancelled: its transcript is the only copy, so it waits here and is sent again when the app opens or comes back online.
// The server stores the same transcript once, but regenerates the analysis at each send (see flushPendingFollowUps). Each waits for the user it was recorded by
// (ownerId): after a sign-out, neither a guest nor another account on this browser sends it (and drops it on their 404).

export type PendingFollowUp = { sessionId: string; followUp: FollowUpBody & { createdAt?: string }; ownerId?: string };

const MAX_PENDING = 20;

export function readPendingFollowUps(storage: KeyValueStorage | null = browserStorage()): PendingFollowUp[] {
  return readStoredList(storage, STORAGE_KEYS.pendingFollowUps).filter(isPending);
}

/**
 * Keeps a follow-up for a later send; false when the browser refuses the write, or when the queue is full. A full queue
 * refuses rather than drops its oldest: each queued transcript is the only copy (its audio is gone), and one refused here
 * keeps its audio instead, to be listed as a recording to retry (growth-actions.ts).
 */
export function queueFollowUp(item: PendingFollowUp, storage: KeyValueStorage | null = browserStorage()): boolean {
  const owner = deviceOwner();
  const kept: PendingFollowUp = owner ? { ownerId: owner, ...item } : item;
  const others = readPendingFollowUps(storage).filter((known) => !sameItem(known, kept));
  if (others.length >= MAX_PENDING) return false;
  return write([...others, kept], storage);
}

type Append = (sessionId: string, body: FollowUpBody) => Promise<unknown>;

// Every open tab flushes when the app opens and when the connection comes back, and a tab may flush again while its own
// flush runs (the connection back during the one at opening). Each send costs the user a regeneration (an AI call) even
// when the server already holds the transcript, so flushes take turns: in the tab one after another, across tabs under a
// Web Lock, and each reads the queue when its turn comes, after the one before took out what it sent.
const FLUSH_LOCK = "coach-pending-follow-ups";
let previousFlush: Promise<unknown> = Promise.resolve();

function lockManager(): LockManager | null {
  try {
    return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
  } catch {
    return null;
  }
}

/**
 * Sends every follow-up of the current user's once (another account's wait for it). A follow-up leaves the queue when the server has it (whatever the regeneration did)
 * or when its session no longer exists (404); anything else keeps it for the next try. Answers how many were sent.
 */
export function flushPendingFollowUps(storage: KeyValueStorage | null = browserStorage(), append: Append = sessionApi.appendTranscript): Promise<number> {
  const send = () => sendPending(storage, append);
  const turn = previousFlush.then(() => {
    const locks = lockManager();
    // (A lock manager that refuses, as in some sandboxed frames: this tab's own turn still holds.)
    return locks ? locks.request(FLUSH_LOCK, send).catch(() => send()) : send();
  });
  previousFlush = turn.catch(() => undefined);
  return turn;
}

async function sendPending(storage: KeyValueStorage | null, append: Append): Promise<number> {
  let sent = 0;
  for (const item of readPendingFollowUps(storage).filter((pending) => ownedByCurrentUser(pending))) {
    try {
      await append(item.sessionId, item.followUp);
      sent += 1;
    } catch (error) {
      if (!(error instanceof SessionApiError && error.isNotFound)) continue;
    }
    write(
      readPendingFollowUps(storage).filter((known) => !sameItem(known, item)),
      storage,
    );
  }
  return sent;
}

function write(items: PendingFollowUp[], storage: KeyValueStorage | null): boolean {
  try {
    if (!storage) return false;
    if (items.length === 0) storage.removeItem(STORAGE_KEYS.pendingFollowUps);
    else storage.setItem(STORAGE_KEYS.pendingFollowUps, JSON.stringify(items));
    return true;
  } catch {
    return false;
  }
}

const sameItem = (a: PendingFollowUp, b: PendingFollowUp) =>
  a.sessionId === b.sessionId && a.followUp.transcript === b.followUp.transcript && (a.ownerId ?? null) === (b.ownerId ?? null);

function isPending(value: unknown): value is PendingFollowUp {
  if (typeof value !== "object" || value === null) return false;
  const item = value as { sessionId?: unknown; followUp?: { transcript?: unknown } };
  return typeof item.sessionId === "string" && typeof item.followUp?.transcript === "string";
}
