import { browserStorage, readStoredList, STORAGE_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";
import { deviceOwner, ownedByCurrentUser } from "@/lib/client/storage/device-owner";
import { isRefusedForGood } from "@/lib/domain/errors/classify";

import { parseStoredUpload, tokenHeader, UPLOAD_KEY, type StoredUpload, type UploadSend } from "./stored-upload";

// An upload of a recording sent in parts that the server could not be told to close (the DELETE after its transcript was
// stored, or after the recording was deleted here, met no connection or a server error). Until it is closed it counts
// against the caller's few open uploads, and a deleted recording's pieces stay on the server, for a day. So it waits
// here, its id and (a guest's) token only, and is closed when the app opens or the connection comes back.
// Dropping one is safe, unlike a waiting follow-up: the server expires it on its own (and answers 404 for it after, which
// lets it go from here too).

export type UploadToClose = StoredUpload & { ownerId?: string };

const MAX_WAITING = 20;

/** The server may drop the upload's pieces now; one it cannot be told about waits here for the next try. Never throws. */
export async function closeUpload(upload: StoredUpload, send: UploadSend): Promise<void> {
  if (!(await askToClose(upload, send))) queueUploadToClose(upload);
}

/** The upload of the recording `clientId`, if this browser kept one, closed (closeUpload). Never throws. */
export async function closeStoredUpload(clientId: string, send: UploadSend, getExtra: (id: string, key: string) => Promise<unknown>): Promise<void> {
  const stored = parseStoredUpload(await getExtra(clientId, UPLOAD_KEY).catch(() => undefined));
  if (stored) await closeUpload(stored, send);
}

/** Asks the server to close the upload: true once it has, or never will (gone, not the caller's); false to try later. */
async function askToClose(upload: StoredUpload, send: UploadSend): Promise<boolean> {
  try {
    const response = await send("DELETE", `/api/uploads/${encodeURIComponent(upload.uploadId)}`, { headers: tokenHeader(upload) });
    return response.ok || isRefusedForGood(response.status);
  } catch (error) {
    const status = typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : undefined;
    return isRefusedForGood(typeof status === "number" ? status : undefined);
  }
}

export function readUploadsToClose(storage: KeyValueStorage | null = browserStorage()): UploadToClose[] {
  return readStoredList(storage, STORAGE_KEYS.uploadsToClose).flatMap((value) => {
    const upload = parseStoredUpload(value);
    if (!upload) return [];
    const { ownerId } = value as { ownerId?: unknown };
    return [typeof ownerId === "string" && ownerId ? { ...upload, ownerId } : upload];
  });
}

/** Keeps an upload to close later, the current person's; a full list lets its oldest go (it expires on its own). */
export function queueUploadToClose(upload: StoredUpload, storage: KeyValueStorage | null = browserStorage()): void {
  const owner = deviceOwner();
  const item: UploadToClose = {
    uploadId: upload.uploadId,
    ...(upload.uploadToken ? { uploadToken: upload.uploadToken } : {}),
    ...(owner ? { ownerId: owner } : {}),
  };
  const others = readUploadsToClose(storage).filter((known) => known.uploadId !== item.uploadId);
  write([...others, item].slice(-MAX_WAITING), storage);
}

let flushing: Promise<number> | null = null;

/**
 * Closes the current person's waiting uploads (another account's wait for it). Each leaves the list once the server
 * closed it or never will (expired: 404); the rest wait for the next try. Answers how many left the list. One flush at a
 * time in a tab: the app's opening and the connection's return may overlap.
 */
export function flushUploadsToClose(send: UploadSend, storage: KeyValueStorage | null = browserStorage()): Promise<number> {
  flushing ??= closeWaiting(send, storage).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function closeWaiting(send: UploadSend, storage: KeyValueStorage | null): Promise<number> {
  let closed = 0;
  for (const item of readUploadsToClose(storage).filter((waiting) => ownedByCurrentUser(waiting))) {
    if (!(await askToClose(item, send))) continue;
    closed += 1;
    write(
      readUploadsToClose(storage).filter((known) => known.uploadId !== item.uploadId),
      storage,
    );
  }
  return closed;
}

function write(items: UploadToClose[], storage: KeyValueStorage | null): void {
  try {
    if (!storage) return;
    if (items.length === 0) storage.removeItem(STORAGE_KEYS.uploadsToClose);
    else storage.setItem(STORAGE_KEYS.uploadsToClose, JSON.stringify(items));
  } catch {
    // A browser that refuses the write: the upload expires on its own.
  }
}
