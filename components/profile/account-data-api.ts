import { apiRequest, ApiRequestError } from "@/lib/client/api/request";
import { downloadFile } from "@/lib/client/files/download-file";
import { exportFileName } from "@/lib/domain/data-rights/retention";

import type { DeviceData } from "./device-data";

// The signed-in user's two data calls. The request helper adds the session token and the shared request rules.

export const ACCOUNT_PATHS = { export: "/api/account/export", data: "/api/account/data" } as const;

/**
 * Fetches the account's export and hands it to the user as the file the server named, only when it is whole: a file
 * cut short (a connection ended early by something on the way, as if the file were done) fails like any other error,
 * rather than being saved as a copy that silently lacks sessions.
 */
export async function downloadAccountExport(device: DeviceData): Promise<void> {
  const response = await apiRequest("GET", ACCOUNT_PATHS.export);
  const content = await response.text();
  if (!isWholeExport(content)) throw new Error("The export file arrived incomplete.");
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  // What this browser keeps for the user and the account may not hold (a "Save Locally Only" session, a recording waiting
  // for its retry) goes in the same file: "Delete all my data" deletes it too.
  const heldHere = device.sessions.length > 0 || device.recordingRefs.length > 0 || device.recordings.length > 0;
  const whole = heldHere ? JSON.stringify({ ...(JSON.parse(content) as object), thisDevice: device }, null, 2) : content;
  downloadFile(whole, named ?? exportFileName(new Date()), "application/json");
}

/** The server writes the document's counts last (account-export.ts): present, and matching its sessions, it is all there. */
function isWholeExport(content: string): boolean {
  try {
    const document = JSON.parse(content) as { format?: unknown; sessions?: unknown; counts?: { sessions?: unknown } } | null;
    return document?.format === "relationship-coach-export" && Array.isArray(document.sessions) && document.counts?.sessions === document.sessions.length;
  } catch {
    return false;
  }
}

export type AccountDeletion = { success: true; deleted: Record<string, number>; accountDeleted: boolean };

/** Deletes all of the account's data (and, with `account`, the account itself). */
export async function deleteAccountData({ account }: { account: boolean }): Promise<AccountDeletion> {
  const response = await apiRequest("DELETE", `${ACCOUNT_PATHS.data}${account ? "?account=true" : ""}`);
  return (await response.json()) as AccountDeletion;
}

/** The server deleted the data but not the account (its answer says so): the data step need not be repeated. */
export function dataDeletedButNotAccount(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 502) return false;
  try {
    return "deleted" in (JSON.parse(error.body) as object);
  } catch {
    return false;
  }
}
