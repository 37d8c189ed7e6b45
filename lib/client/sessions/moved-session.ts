import { upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { deviceOwner } from "@/lib/client/storage/device-owner";
import { movedSessionOf } from "@/lib/client/storage/moved-sessions";
import { migrationItem } from "@/lib/domain/history/migration-item";
import type { MovedSession } from "@/lib/domain/history/moved-sessions";
import { isDeviceSessionId } from "@/lib/domain/session-ids";

import { sessionApi } from "./session-api";

// A guest's session a sign-in (in another tab) moved into the account, while a tab still shows this device's copy. That
// tab, signed in to the account meanwhile, works on the account's copy; a guest (or someone else signed in) cannot write
// the account's session back onto this device (local-recordings.ts refuses), so the account's copy stays as it is.

/** Where this device's session `id` went, when it moved into the account this tab is signed in to; else null. */
export function movedToThisAccount(id: string): MovedSession | null {
  if (!isDeviceSessionId(id)) return null;
  const moved = movedSessionOf(id);
  return moved && deviceOwner() === moved.ownerId ? moved : null;
}

/**
 * A change made to the session after its move: the whole session as the tab holds it goes to the account's copy, the
 * way the migration sent it (every field the account keeps, commitments and follow-ups included; the server updates its
 * copy in place). "gone": the account no longer has it (deleted there), and nothing is kept. When it cannot be sent, it
 * is kept here as the account's backup under the account's id, which the next migration sends ("backup"); throws
 * LocalStorageError when the browser refuses that too.
 */
export async function sendToAccountCopy(session: Record<string, unknown>, moved: MovedSession): Promise<"sent" | "gone" | "backup"> {
  const item = migrationItem({ ...session, id: moved.accountId });
  try {
    const answer = await sessionApi.migrate([item]);
    if (answer.migrated?.some((entry) => entry.localId === moved.accountId)) return "sent";
    if (answer.skipped?.some((entry) => entry.localId === moved.accountId && entry.reason === "not_found")) return "gone";
  } catch {
    // Kept below.
  }
  upsertLocalSessionRecord({ ...session, id: moved.accountId, isLocal: true });
  return "backup";
}
