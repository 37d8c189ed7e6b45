import "server-only";

import { getDb } from "@/lib/server/db";
import { enforceDailySessionCap, enforceStoredSessionCap } from "@/lib/server/security/quota";

import { sessionIdForClientId } from "./client-id";

/**
 * Before a provider call whose result would make a new session of `userId` (a recording's transcription, long or short,
 * or its analysis): the caps' refusal comes now, so it costs no provider call, and the user hears it right after
 * recording, not after naming the speakers. A recording whose session exists already (`clientId`) makes no new one.
 * createWithinSessionCaps checks again under the account's lock where the session is made.
 */
export async function refuseNewSessionPastCaps(userId: string, clientId: string | undefined): Promise<void> {
  if (await sessionIdForClientId(userId, clientId)) return;
  await enforceDailySessionCap(userId);
  await enforceStoredSessionCap(getDb(), userId);
}
