import "server-only";

import { commitmentOutcomeBodySchema, lastCommitmentsForSession, recordCommitmentOutcome } from "@/lib/server/services/commitments";

import { sessionRoute, type ApiScope } from "./session-route";

// Follow-through (issue 11). Guests keep their commitments in the browser: the public variants answer that nothing is on
// the server (an empty list; an outcome validated and not stored).

/** GET /api/sessions/{id}/last-commitments — what the last growth conversation agreed and this session asks about. */
export const makeLastCommitmentsHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    guest: () => ({ commitments: [], localOnly: true }),
    account: ({ identity, id }) => lastCommitmentsForSession(identity.userId, id),
  });

/** POST /api/sessions/{id}/commitment-outcome — "kept / partly / not yet" for an earlier session's commitment. */
export const makeCommitmentOutcomeHandler = (scope: ApiScope) =>
  sessionRoute(scope, {
    body: { schema: commitmentOutcomeBodySchema, limitBytes: 2_048 },
    guest: () => ({ success: true, localOnly: true }),
    account: async ({ identity, id, body }) => ({ success: true, ...(await recordCommitmentOutcome(identity.userId, id, body)) }),
  });
