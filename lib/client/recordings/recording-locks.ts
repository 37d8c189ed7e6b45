// Web Locks say which recordings a live tab is still working on. A lock is held from the first chunk until the
// recording is saved locally, failed or deleted, and the browser drops it by itself when the tab closes or reloads.
// Recovery in another tab then leaves those recordings alone. Browsers without Web Locks (Safari before 15.4) simply
// report nothing held.

const PREFIX = "coach-audio:";

type Held = { release: (() => void) | null; released: boolean };
const held = new Map<string, Held>();

function lockManager(): LockManager | null {
  try {
    return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
  } catch {
    return null;
  }
}

/** Asks for a recording's lock, held until released; true when this call asked for it (false: held already, or no Web Locks). */
export function holdRecordingLock(id: string): boolean {
  const manager = lockManager();
  if (!manager || held.has(id)) return false;
  const entry: Held = { release: null, released: false };
  held.set(id, entry);
  manager
    .request(`${PREFIX}${id}`, () => new Promise<void>((resolve) => (entry.released ? resolve() : (entry.release = resolve))))
    .catch(() => held.delete(id));
  return true;
}

/**
 * Takes a recording's lock only if no tab holds it (this one's own counts as taken by it): true when this tab holds it now.
 * Two tabs that both come back online may both reach for the same waiting recording; one sends it. Without Web Locks, true.
 */
export async function tryHoldRecordingLock(id: string): Promise<boolean> {
  const manager = lockManager();
  if (!manager || held.has(id)) return true;
  const entry: Held = { release: null, released: false };
  return new Promise<boolean>((answer) => {
    manager
      .request(`${PREFIX}${id}`, { ifAvailable: true }, (lock) => {
        if (!lock) return answer(false);
        held.set(id, entry);
        answer(true);
        return new Promise<void>((resolve) => (entry.released ? resolve() : (entry.release = resolve)));
      })
      .catch(() => {
        held.delete(id);
        answer(false);
      });
  });
}

export function releaseRecordingLock(id: string): void {
  const entry = held.get(id);
  if (!entry) return;
  held.delete(id);
  entry.released = true;
  entry.release?.();
}

/** Ids of recordings some live tab (this one included) holds a lock on. */
export async function lockedRecordingIds(): Promise<Set<string>> {
  const manager = lockManager();
  if (!manager) return new Set();
  try {
    const snapshot = await manager.query();
    const names = [...(snapshot.held ?? []), ...(snapshot.pending ?? [])].map((lock) => lock.name ?? "");
    return new Set(names.filter((name) => name.startsWith(PREFIX)).map((name) => name.slice(PREFIX.length)));
  } catch {
    return new Set();
  }
}
