import { browserStorage, readStoredList, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { deviceOwner, ownedByCurrentUser } from "@/lib/client/storage/device-owner";
import { movedSessionOf, rememberMovedSession } from "@/lib/client/storage/moved-sessions";
import { CHANGED_AT_FIELD } from "@/lib/domain/history/migration-item";
import type { MovedSession } from "@/lib/domain/history/moved-sessions";
import { isDeviceSessionId, newDeviceSessionId } from "@/lib/domain/session-ids";

// The localStorage side of recordings kept on this device (spec part 1 sections 3 and 8): metadata only. The audio
// itself stays in IndexedDB (audio-store.ts), found through audioKey; localStorage holds ~5 MB and must never hold audio.
// Other parts of the app also keep sessions under local_sessions, so items are rewritten field by field and fields
// this file does not know are kept as they are.
// An item kept while someone was signed in carries their id (ownerId) and is listed only to them (device-owner.ts): the
// next person on this browser neither sees, retries, sends nor migrates it. Writes by id reach any item.

export type FailureKind = "transcription" | "analysis";
/** timestamp is an ISO date, as in the server's failure markers, so history can treat both alike. */
type FailureMarker = { error: string; timestamp: string; attemptCount: number };

export type LocalSession = {
  id: string;
  name: string;
  isLocal: true;
  mimeType: string;
  size: number;
  createdAt: string;
  timestamp: number;
  /** Id of the audio in the audio store; null for a local session that holds no stored audio. */
  audioKey: string | null;
  failedTranscription?: FailureMarker;
  failedAnalysis?: FailureMarker;
  transcript?: string;
  analysis?: unknown;
  /** A growth follow-up's recording: the session it belongs to, which a retry appends it to (issue 11). */
  followUpOf?: string;
  /** A Solo Journal recording's conversation guide, for its retry's analysis. */
  guideHeadline?: string;
  /** A kept transcript's recording (the audio store's id): once this holds the transcript, that audio is not needed. */
  transcribedFrom?: string;
  /** A failed analysis's transcript that an account's session holds already: its retry's analysis attaches to that session. */
  accountSessionId?: string;
  /** The signed-in user it was kept for; none for a guest's. */
  ownerId?: string;
};

export type LocalRecordingRef = { id: string; timestamp: number; sessionId: string; isLocal: true; name: string; mimeType: string; audioKey: string };

export const LOCAL_STORAGE_ERROR_MESSAGE = "Could not save your recording on this device.";

export class LocalStorageError extends Error {
  constructor(cause?: unknown) {
    super(LOCAL_STORAGE_ERROR_MESSAGE, { cause });
    this.name = "LocalStorageError";
  }
}

/**
 * A write that would bring back, as this device's copy, a session a sign-in moved into an account (another tab still
 * showing it wrote late). Nothing was written; `moved` says where the session is now.
 */
export class SessionMovedError extends Error {
  constructor(readonly moved: MovedSession) {
    super("This session was moved into an account; this device no longer keeps it.");
    this.name = "SessionMovedError";
  }
}

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => typeof value === "object" && value !== null && !Array.isArray(value);
const MARKER_FIELD = { transcription: "failedTranscription", analysis: "failedAnalysis" } as const;

/** "Recording Nov 22, 2026, 3:04 PM" in the user's time zone. */
export function recordingName(date: Date): string {
  const formatted = date.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space keeps names the same in every browser.
  return `Recording ${formatted.replace(/\u202f/g, " ")}`;
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  if (!storage) throw new LocalStorageError();
  try {
    storage.setItem(key, value);
  } catch (error) {
    throw new LocalStorageError(error);
  }
}

function parseMarker(value: unknown): FailureMarker | undefined {
  if (!isItem(value)) return undefined;
  const timestamp = typeof value.timestamp === "number" ? new Date(value.timestamp).toISOString() : value.timestamp;
  return {
    error: typeof value.error === "string" ? value.error : "",
    timestamp: typeof timestamp === "string" ? timestamp : "",
    attemptCount: typeof value.attemptCount === "number" ? value.attemptCount : 1,
  };
}

/** A stored item as a LocalSession; unknown fields ride along untouched. Null when it has no id. */
function toLocalSession(item: unknown): LocalSession | null {
  if (!isItem(item) || typeof item.id !== "string" || item.id === "") return null;
  const timestamp = typeof item.timestamp === "number" ? item.timestamp : Date.parse(String(item.createdAt)) || 0;
  const session: LocalSession = {
    ...item,
    id: item.id,
    name: typeof item.name === "string" ? item.name : recordingName(new Date(timestamp)),
    isLocal: true,
    mimeType: typeof item.mimeType === "string" ? item.mimeType : typeof item.audioMimeType === "string" ? item.audioMimeType : "",
    size: typeof item.size === "number" ? item.size : 0,
    createdAt: typeof item.createdAt === "string" ? item.createdAt : new Date(timestamp).toISOString(),
    timestamp,
    audioKey: typeof item.audioKey === "string" && item.audioKey ? item.audioKey : null,
  };
  if (typeof item.followUpOf !== "string" || item.followUpOf === "") delete session.followUpOf;
  if (typeof item.guideHeadline !== "string" || item.guideHeadline.trim() === "") delete session.guideHeadline;
  for (const field of Object.values(MARKER_FIELD)) {
    const marker = parseMarker(item[field]);
    if (marker) session[field] = marker;
    else delete session[field];
  }
  return session;
}

const newestFirst = (a: LocalSession, b: LocalSession) => b.timestamp - a.timestamp;

/** This person's items (and a guest's) as they are stored. */
const visibleItems = (storage: KeyValueStorage | null): Item[] =>
  readStoredList(storage, STORAGE_KEYS.localSessions)
    .filter(isItem)
    .filter((item) => ownedByCurrentUser(item));

/** The current person's sessions kept on this device (a guest's included), newest first; another account's are left out. */
export function listLocalSessions(storage: KeyValueStorage | null = browserStorage()): LocalSession[] {
  return visibleItems(storage)
    .map(toLocalSession)
    .filter((session): session is LocalSession => session !== null)
    .sort(newestFirst);
}

export function getLocalSession(id: string, storage: KeyValueStorage | null = browserStorage()): LocalSession | null {
  return listLocalSessions(storage).find((session) => session.id === id) ?? null;
}

/** Local sessions waiting for a retry (failed transcription or analysis), newest first. */
export function listFailedLocalRecordings(storage: KeyValueStorage | null = browserStorage()): LocalSession[] {
  return listLocalSessions(storage).filter((session) => session.failedTranscription || session.failedAnalysis);
}

export type SaveFailedRecordingInput = {
  audioKey: string;
  mimeType: string;
  size: number;
  error: string;
  failedSessionId?: string | null;
  /** Which step failed; transcription unless told. */
  kind?: FailureKind;
  /** When the audio was recorded (ms); now unless told. Names and dates the session. */
  recordedAt?: number;
  transcript?: string;
  /** A growth follow-up's recording: the session it belongs to. */
  followUpOf?: string;
  /** A Solo Journal recording's conversation guide. */
  guideHeadline?: string;
  /** Whose recording it is: the signed-in user's id unless told (null: a guest's). */
  ownerId?: string | null;
};

/**
 * Keeps a failed recording as a local session so it can be retried. The same recording is never listed twice: an
 * existing item with the same id, or else with the same audio, gets its attempt count bumped. When the server gave a
 * failed-session id, an item found by its audio takes that id: the retry endpoint knows only the newest one.
 */
export function saveFailedRecordingAsLocalSession(input: SaveFailedRecordingInput, storage: KeyValueStorage | null = browserStorage()): LocalSession {
  const now = Date.now();
  const field = MARKER_FIELD[input.kind ?? "transcription"];
  const items = readStoredList(storage, STORAGE_KEYS.localSessions);
  const failedSessionId = input.failedSessionId || null;

  let index = failedSessionId ? items.findIndex((item) => isItem(item) && item.id === failedSessionId) : -1;
  if (index === -1) index = items.findIndex((item) => isItem(item) && item.audioKey === input.audioKey);

  let session: LocalSession;
  if (index !== -1) {
    const existing = toLocalSession(items[index]) as LocalSession;
    session = {
      ...existing,
      id: failedSessionId ?? existing.id,
      audioKey: existing.audioKey ?? input.audioKey,
      mimeType: existing.mimeType || input.mimeType,
      size: existing.size || input.size,
      [field]: { error: input.error, timestamp: new Date(now).toISOString(), attemptCount: (existing[field]?.attemptCount ?? 0) + 1 },
    };
    items[index] = session;
  } else {
    const recordedAt = input.recordedAt ?? now;
    session = {
      id: failedSessionId ?? unusedLocalId(items, recordedAt),
      name: recordingName(new Date(recordedAt)),
      isLocal: true,
      mimeType: input.mimeType,
      size: input.size,
      createdAt: new Date(recordedAt).toISOString(),
      timestamp: recordedAt,
      audioKey: input.audioKey,
      [field]: { error: input.error, timestamp: new Date(now).toISOString(), attemptCount: 1 },
      ...(input.transcript !== undefined ? { transcript: input.transcript } : {}),
      ...(input.followUpOf ? { followUpOf: input.followUpOf } : {}),
      ...(input.guideHeadline ? { guideHeadline: input.guideHeadline } : {}),
      ...ownerField(input.ownerId === undefined ? deviceOwner() : input.ownerId),
    };
    items.push(session);
  }

  write(storage, STORAGE_KEYS.localSessions, JSON.stringify(items));
  if (session.audioKey) saveRecordingRef(storage, session, session.audioKey);
  if (failedSessionId) write(storage, STORAGE_KEYS.lastFailedSessionId, failedSessionId);
  return session;
}

const ownerField = (ownerId: string | null) => (ownerId ? { ownerId } : {});

function unusedLocalId(items: unknown[], timestamp: number): string {
  return newDeviceSessionId(timestamp, new Set(items.filter(isItem).map((item) => item.id)));
}

function saveRecordingRef(storage: KeyValueStorage | null, session: LocalSession, audioKey: string): void {
  const refs = readStoredList(storage, STORAGE_KEYS.localRecordings).filter(
    (ref) => !(isItem(ref) && (ref.audioKey === audioKey || ref.sessionId === session.id)),
  );
  const ref: LocalRecordingRef = {
    id: audioKey,
    timestamp: session.timestamp,
    sessionId: session.id,
    isLocal: true,
    name: session.name,
    mimeType: session.mimeType,
    audioKey,
  };
  write(storage, STORAGE_KEYS.localRecordings, JSON.stringify([...refs, ref]));
}

/** The current person's recording references (none of another account's sessions). */
export function listLocalRecordingRefs(storage: KeyValueStorage | null = browserStorage()): LocalRecordingRef[] {
  const othersSessions = new Set(
    readStoredList(storage, STORAGE_KEYS.localSessions).flatMap((item) => (isItem(item) && !ownedByCurrentUser(item) ? [item.id] : [])),
  );
  return readStoredList(storage, STORAGE_KEYS.localRecordings).filter(
    (ref): ref is LocalRecordingRef =>
      isItem(ref) && typeof ref.sessionId === "string" && typeof ref.audioKey === "string" && !othersSessions.has(ref.sessionId),
  );
}

/**
 * Removes a local session's metadata (and its localRecordings entry); returns what was removed so the caller can
 * delete the audio once the server has confirmed it. Null when there was no such session.
 */
export function removeLocalSession(id: string, storage: KeyValueStorage | null = browserStorage()): LocalSession | null {
  const items = readStoredList(storage, STORAGE_KEYS.localSessions);
  const index = items.findIndex((item) => isItem(item) && item.id === id);
  if (index === -1) return null;
  const removed = toLocalSession(items[index]);
  items.splice(index, 1);
  write(storage, STORAGE_KEYS.localSessions, JSON.stringify(items));

  const refs = readStoredList(storage, STORAGE_KEYS.localRecordings);
  const keptRefs = refs.filter((ref) => !(isItem(ref) && ref.sessionId === id));
  if (keptRefs.length !== refs.length) write(storage, STORAGE_KEYS.localRecordings, JSON.stringify(keptRefs));
  try {
    if (storage?.getItem(STORAGE_KEYS.lastFailedSessionId) === id) storage.removeItem(STORAGE_KEYS.lastFailedSessionId);
  } catch {
    // A stale lastFailedSessionId only makes a later retry answer "not found"; not worth failing the removal.
  }
  return removed;
}

/**
 * The account confirmed it holds this device's session (a migration): the copy here goes, and the move is recorded first,
 * so that a tab still showing the session cannot write it back (upsertLocalSessionRecord). Storage refusing the record
 * does not keep the copy: it is recorded again once the removal has freed room. A copy kept under the account's own id
 * (a signed-in user's backup) is only removed: it is the account's session again, and a move recorded under its id would
 * refuse every later backup of that session.
 */
export function moveLocalSessionToAccount(moved: MovedSession, storage: KeyValueStorage | null = browserStorage()): LocalSession | null {
  if (!isDeviceSessionId(moved.localId)) return removeLocalSession(moved.localId, storage);
  const recorded = rememberMovedSession(moved, storage);
  const removed = removeLocalSession(moved.localId, storage);
  if (!recorded) rememberMovedSession(moved, storage);
  return removed;
}

/** Removes every failed recording's entry that names this audio (its audio is going): the ids removed. */
export function removeLocalSessionsWithAudio(audioKey: string, storage: KeyValueStorage | null = browserStorage()): string[] {
  const named = readStoredList(storage, STORAGE_KEYS.localSessions).flatMap((item) =>
    isItem(item) && typeof item.id === "string" && item.audioKey === audioKey ? [item.id] : [],
  );
  for (const id of named) removeLocalSession(id, storage);
  return named;
}

/**
 * A retry failed again: bumps the attempt count of the session's failure marker (the one of the given kind, else the
 * one it has). Returns the updated session, or null when there is no such session.
 */
export function recordRetryFailure(id: string, error: string, kind?: FailureKind, storage: KeyValueStorage | null = browserStorage()): LocalSession | null {
  const items = readStoredList(storage, STORAGE_KEYS.localSessions);
  const index = items.findIndex((item) => isItem(item) && item.id === id);
  if (index === -1) return null;
  const existing = toLocalSession(items[index]) as LocalSession;
  const field = MARKER_FIELD[kind ?? (existing.failedAnalysis && !existing.failedTranscription ? "analysis" : "transcription")];
  const updated: LocalSession = {
    ...existing,
    [field]: { error, timestamp: new Date().toISOString(), attemptCount: (existing[field]?.attemptCount ?? 0) + 1 },
  };
  items[index] = updated;
  write(storage, STORAGE_KEYS.localSessions, JSON.stringify(items));
  return updated;
}

/** recordRetryFailure where the browser may refuse the write: losing an attempt's note must not stop the failure's next step. */
export function tryRecordRetryFailure(id: string, error: string, kind?: FailureKind, storage: KeyValueStorage | null = browserStorage()): LocalSession | null {
  try {
    return recordRetryFailure(id, error, kind, storage);
  } catch {
    return null;
  }
}

/**
 * Writes a whole session kept on this device (a guest's analysed session, its votes, its summary): fields are merged into
 * the item with the same id, or a new item is added. Throws LocalStorageError when the browser refuses the write.
 */
export function upsertLocalSessionRecord(record: Item & { id: string }, storage: KeyValueStorage | null = browserStorage()): void {
  const items = readStoredList(storage, STORAGE_KEYS.localSessions);
  const index = items.findIndex((item) => isItem(item) && item.id === record.id);
  // Only the copy is gone, not the session: written again, it would come back as a guest's (a duplicate in the history,
  // the account's data left on this device, migrated into whoever signs in next).
  const moved = index === -1 ? movedSessionOf(record.id, storage) : null;
  if (moved) throw new SessionMovedError(moved);
  // Stamped on every write: a copy handed to the account later must not replace what the account changed since.
  const changed = { [CHANGED_AT_FIELD]: Date.now() };
  if (index === -1) items.push({ isLocal: true, ...ownerField(deviceOwner()), ...record, ...changed });
  else items[index] = { ...(items[index] as Item), ...record, isLocal: true, ...changed };
  write(storage, STORAGE_KEYS.localSessions, JSON.stringify(items));
}

/** Every item of the current person's as it is stored (all its fields). */
export function listLocalSessionRecords(storage: KeyValueStorage | null = browserStorage()): (Item & { id: string })[] {
  return visibleItems(storage).filter((item): item is Item & { id: string } => typeof item.id === "string");
}

/** An item of the current person's as it is stored (all its fields), or null. */
export function readLocalSessionRecord(id: string, storage: KeyValueStorage | null = browserStorage()): (Item & { id: string }) | null {
  const item = visibleItems(storage).find((entry) => entry.id === id);
  return item ? (item as Item & { id: string }) : null;
}

/**
 * This device's copy of a session the account lists, or null. The account lists it under its own id; this device keeps it
 * under that id (a vote kept here when the account refused it) or under the browser id it was first saved with, which the
 * account knows as its clientId (a move into the account still under way, or whose answer never came back).
 */
export function readLocalCopyOf(
  entry: { id: string; clientId?: string | null },
  storage: KeyValueStorage | null = browserStorage(),
): (Item & { id: string }) | null {
  return readLocalSessionRecord(entry.id, storage) ?? (entry.clientId ? readLocalSessionRecord(entry.clientId, storage) : null);
}

/**
 * What a retry from history needs: this device's copy when it has one (it knows where the audio is), else the item as
 * listed, e.g. a recording the account kept after it failed on another device (the server retries from its own copy).
 */
export function retryTargetFor(item: Item & { id: string }, storage: KeyValueStorage | null = browserStorage()): LocalSession {
  const local = getLocalSession(item.id, storage);
  if (local) return local;
  return toLocalSession({ ...item, audioKey: null }) as LocalSession;
}
