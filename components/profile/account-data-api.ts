import { apiRequest, ApiRequestError } from "@/lib/client/api/request";
import { downloadFile } from "@/lib/client/files/download-file";
import { exportFileName } from "@/lib/domain/data-rights/retention";

// The signed-in user's two data calls. The request helper adds the session token and the shared request rules.

export const ACCOUNT_PATHS = { export: "/api/account/export", data: "/api/account/data" } as const;

/** Fetches the account's export and hands it to the user as the file the server named. */
export async function downloadAccountExport(): Promise<void> {
  const response = await apiRequest("GET", ACCOUNT_PATHS.export);
  const content = await response.text();
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  downloadFile(content, named ?? exportFileName(new Date()), "application/json");
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
