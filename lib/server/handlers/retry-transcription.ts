import "server-only";

import { RECORDING_NOT_FOUND } from "@/lib/domain/transcription/transcription-errors";
import { ApiError } from "@/lib/server/http/errors";
import { routeBudget } from "@/lib/server/providers/budget";
import { withTranscriptionSlot } from "@/lib/server/security/in-flight";
import { aiLimited, ownsKeptRecording } from "@/lib/server/security/rate-limit-guard";
import { retryFailedTranscription } from "@/lib/server/services/transcription";

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
    // Not the request's signal: a kept recording transcribed after the client left has its transcript stored for it.
    account: aiLimited(
      "transcribe",
      ({ identity, id }) => withTranscriptionSlot(() => retryFailedTranscription(id, identity, routeBudget("transcribe"))),
      ownsKeptRecording,
    ),
  });
