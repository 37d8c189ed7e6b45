import "server-only";

import type { Identity } from "@/lib/server/auth/identity";
import { findOwnedSession, sessionNotFound } from "@/lib/server/services/owned-session";

import { clientIp, enforceRateLimit, type RateLimitBucket } from "./rate-limit";

// The one gate every AI route passes, in this order: identity (resolved by the route), ownership of the session it names,
// then the rate limit, and only then a provider call. Ownership comes first so another user's (or an unknown) session is
// a 404 that costs the caller nothing and counts nothing; the limit comes before the provider so a refused call costs us
// nothing either.

/** Admits one AI call of `identity` (or, for a guest, of the request's IP) in `bucket`; `sessionId` must be the caller's. */
export async function admitAiCall(request: Request, bucket: RateLimitBucket, identity: Identity | null, sessionId?: string): Promise<void> {
  if (sessionId !== undefined) {
    // Guests' sessions live in their browser: the server has none of theirs to name.
    if (!identity) throw sessionNotFound();
    await findOwnedSession(identity.userId, sessionId);
  }
  await enforceRateLimit(bucket, identity ? { userId: identity.userId } : { ip: clientIp(request) });
}

type VariantInputs = { request: Request; identity: Identity | null; id?: string };

/**
 * A session route's variant behind the gate: for a signed-in caller the path's session must be theirs, then the limit.
 * `account: aiLimited("summary", ({ identity, id }) => …)`.
 */
export function aiLimited<Inputs extends VariantInputs, Answer>(bucket: RateLimitBucket, run: (inputs: Inputs) => Answer | Promise<Answer>) {
  return async (inputs: Inputs): Promise<Answer> => {
    await admitAiCall(inputs.request, bucket, inputs.identity, inputs.identity ? inputs.id : undefined);
    return run(inputs);
  };
}
