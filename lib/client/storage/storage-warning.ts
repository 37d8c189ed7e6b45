import { LocalStorageError } from "@/lib/client/recordings/local-recordings";

// What the user is told when this browser refuses to keep a session (spec part 1 section 8: the "Warning" toasts). A
// full disk and a browser that keeps nothing (private browsing, storage switched off) need different advice.

const STORAGE_WARNING_TITLE = "Warning";

export type StorageRefusal = "quota" | "unavailable" | "failed";

export const SESSION_STORAGE_MESSAGES: Record<StorageRefusal, string> = {
  quota: "There isn't enough free space on this device to keep this session. Please free some space, then try again.",
  unavailable: "This browser can't keep sessions on this device (private browsing can block it). Keep this tab open, or use a regular browser window.",
  failed: "Could not save this session on this device. Please try again.",
};

const QUOTA_NAMES = new Set(["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"]);
const UNAVAILABLE_NAMES = new Set(["SecurityError", "InvalidStateError", "NS_ERROR_FILE_CORRUPTED"]);

/** Why a write was refused, from the browser's error (LocalStorageError carries it as its cause). */
export function storageRefusal(error: unknown): StorageRefusal {
  const cause = error instanceof LocalStorageError ? error.cause : error;
  // No storage object at all: private mode in old Safari, or storage disabled.
  if (error instanceof LocalStorageError && cause === undefined) return "unavailable";
  const name = typeof cause === "object" && cause !== null && "name" in cause ? String(cause.name) : "";
  const code = typeof cause === "object" && cause !== null && "code" in cause ? Number(cause.code) : NaN;
  // Old WebKit reports a full (or private-mode, zero-size) store as code 22 / 1014.
  if (QUOTA_NAMES.has(name) || code === 22 || code === 1014) return "quota";
  if (UNAVAILABLE_NAMES.has(name)) return "unavailable";
  return "failed";
}

export function storageWarning(error: unknown): { title: string; description: string; variant: "destructive" } {
  return { title: STORAGE_WARNING_TITLE, description: SESSION_STORAGE_MESSAGES[storageRefusal(error)], variant: "destructive" };
}
