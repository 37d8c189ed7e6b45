import "server-only";

import { TRANSCRIBE_BODY_LIMIT_BYTES, transcribeRequestSchema } from "@/lib/domain/transcription/transcribe-request";
import { identityFromRequest } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { routeBudget } from "@/lib/server/providers/budget";
import { withTranscriptionSlot } from "@/lib/server/security/in-flight";
import { admitAiCall } from "@/lib/server/security/rate-limit-guard";
import { transcribeRecording } from "@/lib/server/services/transcription";

// transcribeRequestSchema stays in lib/domain/transcription/transcribe-request.ts, not beside the service: the browser
// builds its request from the same type and shares the language and MIME rules.

/**
 * POST /api/transcribe — for guests and signed-in users alike; only a signed-in user's failure is kept on the server.
 * A slot of this instance's bounded transcriptions is taken before the (large) body is read, so memory stays bounded.
 */
export const transcribeHandler = withErrors((request) =>
  withTranscriptionSlot(async () => {
    // The client's disconnect stops the providers: nothing is stored for it, the browser keeps the recording and retries.
    const budget = routeBudget("transcribe", { signal: request.signal });
    const body = await parseJson(request, transcribeRequestSchema, { limitBytes: TRANSCRIBE_BODY_LIMIT_BYTES });
    const identity = await identityFromRequest(request);
    await admitAiCall(request, "transcribe", identity);
    return Response.json(await transcribeRecording(body, identity, budget));
  }),
);
