import "server-only";

import { RECORDING_NOT_FOUND } from "@/lib/domain/transcription/transcription-errors";
import { ApiError } from "@/lib/server/http/errors";
import { routeBudget } from "@/lib/server/providers/budget";
import { withTranscriptionSlot } from "@/lib/server/security/in-flight";
import { admitAiCall } from "@/lib/server/security/rate-limit-guard";
import { claimKeptRecording, releaseKeptRecording, retryFailedTranscription } from "@/lib/server/services/transcription";

import { sessionRoute, type ApiScope } from "./session-route";

/**
 * POST /api/sessions/{id}/retry-transcription. Guests' failed recordings live only in their browser, so the public variant
 * always answers 404 and the client sends its local audio to /api/transcribe instead.
 */
export const makeRetryTranscriptionHandler = (scope: ApiScope) =>
  sessionRoute<undefined>(scope, {
    guest: () => {
      throw new ApiError("not_found", RECORDING_NOT_FOUND);
    },
    // The rate-limit gate's order (rate-limit-guard.ts) with the claim as its ownership check: a recording that is not the
    // caller's, or that another retry holds, is answered before the allowance is counted. A retry refused after the claim
    // (the limit, no free slot) lets go of it, so the next one runs at once rather than after the claim's five minutes.
    // Not the request's signal: a kept recording transcribed after the client left has its transcript stored for it.
    account: async ({ request, identity, id }) => {
      const claim = await claimKeptRecording(identity.userId, id);
      let started = false;
      try {
        await admitAiCall(request, "transcribe", identity);
        return await withTranscriptionSlot(() => {
          started = true;
          return retryFailedTranscription(claim, identity, routeBudget("transcribe"));
        });
      } finally {
        if (!started) await releaseKeptRecording(claim);
      }
    },
  });
