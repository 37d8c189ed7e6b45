import { readLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { movedToThisAccount } from "@/lib/client/sessions/moved-session";
import { sessionApi } from "@/lib/client/sessions/session-api";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import { completedSessionFromHistory } from "@/lib/domain/session-flow/from-history";
import { isDeviceSessionId } from "@/lib/domain/session-ids";

/**
 * The session a growth follow-up belongs to, as the results open it: this device's copy for a guest's, the server's for a
 * signed-in user's, and the account's for a guest's session a sign-in has since moved into the account signed in here.
 * Null when it is gone (deleted since, or unreachable): the follow-up then goes on as a recording of its own.
 */
export async function followUpParent(sessionId: string): Promise<ClientSession | null> {
  try {
    const moved = movedToThisAccount(sessionId);
    if (moved) return completedSessionFromHistory(await sessionApi.get(moved.accountId, { from: "history" }));
    if (isDeviceSessionId(sessionId)) {
      const record = readLocalSessionRecord(sessionId);
      return record && !("failedTranscription" in record && record.failedTranscription) ? completedSessionFromHistory({ ...record, isLocal: true }) : null;
    }
    return completedSessionFromHistory(await sessionApi.get(sessionId, { from: "history" }));
  } catch {
    return null;
  }
}
