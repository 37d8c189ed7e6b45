// What the browser keeps beside a recording sent in parts (issue 14 §2): the server's upload id and, for a guest, the token
// that opens it. Kept apart from the upload itself so that deleting a recording (the history, Settings) can withdraw its
// upload without loading the transcription code.

export type UploadSend = (
  method: string,
  path: string,
  options?: { body?: unknown; rawBody?: Blob | ArrayBuffer; headers?: Record<string, string> },
) => Promise<Response>;

export type StoredUpload = { uploadId: string; uploadToken?: string };

/** The key of the upload in the audio store's side store. */
export const UPLOAD_KEY = "upload";

// What the audio store could not keep beside a recording (one it does not hold: private browsing, storage refused, whose
// audio this tab keeps in memory instead) is kept in this tab's memory: a retry here then resumes the same upload with its
// token and skips the parts already transcribed. Without it, each retry opened a new upload, the last one's token lost,
// until the address's bound of open uploads refused them all for a day.
const extrasInMemory = new Map<string, unknown>();
const memoryKey = (id: string, key: string) => `${id}\u0000${key}`;

type ExtraStore = {
  put: (id: string, key: string, value: unknown) => Promise<boolean>;
  get: (id: string, key: string) => Promise<unknown>;
};

/** The audio store's side store, with this tab's memory for what it cannot keep. */
export function withExtrasInMemory(store: ExtraStore): ExtraStore {
  return {
    put: async (id, key, value) => {
      const kept = await store.put(id, key, value).catch(() => false);
      if (kept) extrasInMemory.delete(memoryKey(id, key));
      else extrasInMemory.set(memoryKey(id, key), value);
      return kept;
    },
    // Memory first: it holds a value only when the store refused the newest write (a write the store takes clears it).
    get: async (id, key) => {
      if (extrasInMemory.has(memoryKey(id, key))) return extrasInMemory.get(memoryKey(id, key));
      return store.get(id, key).catch(() => undefined);
    },
  };
}

/** Forgets what this tab's memory keeps beside the recording `id` (it is deleted, or its transcript stored). */
export function forgetExtrasInMemory(id: string): void {
  for (const key of extrasInMemory.keys()) if (key.startsWith(`${id}\u0000`)) extrasInMemory.delete(key);
}

export function parseStoredUpload(value: unknown): StoredUpload | null {
  if (typeof value !== "object" || value === null) return null;
  const { uploadId, uploadToken } = value as Record<string, unknown>;
  if (typeof uploadId !== "string" || uploadId === "") return null;
  return typeof uploadToken === "string" && uploadToken ? { uploadId, uploadToken } : { uploadId };
}

export const tokenHeader = (upload: StoredUpload): Record<string, string> => (upload.uploadToken ? { "x-upload-token": upload.uploadToken } : {});
