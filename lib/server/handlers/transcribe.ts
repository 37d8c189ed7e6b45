import "server-only";

import { TRANSCRIBE_BODY_LIMIT_BYTES, transcribeRequestSchema } from "@/lib/domain/transcription/transcribe-request";
import { identityFromRequest } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { routeBudget } from "@/lib/server/providers/budget";
import { recordingReader, withRecordingRead, withTranscriptionSlot } from "@/lib/server/security/in-flight";
import { admitAiCall } from "@/lib/server/security/rate-limit-guard";
import { callerWhoMayStore } from "@/lib/server/services/erased-accounts";
import { refuseNewSessionPastCaps } from "@/lib/server/services/new-session-caps";
import { transcribeRecording } from "@/lib/server/services/transcription";

// transcribeRequestSchema stays in lib/domain/transcription/transcribe-request.ts, not beside the service: the browser
// builds its request from the same type and shares the language and MIME rules.

/**
 * POST /api/transcribe — for guests and signed-in users alike; only a signed-in user's failure is kept on the server.
 * In this order: the caller and its rate limit (counted per attempt, so even a body that never arrives costs its sender),
 * then the body, read within its time bound (parse-json.ts → read-body.ts: a 408 when too slow), and only then one of this
 * instance's bounded transcription slots, for the provider call. The slot is not taken before the body: a client sending
 * slowly, or never finishing, would hold it and turn honest callers away with the 503. The bodies being read have a bound
 * of their own (withRecordingRead: four per slot, each at most the body limit), so memory stays bounded.
 */
export const transcribeHandler = withErrors(async (request) => {
  // The client's disconnect stops the providers: nothing is stored for it, the browser keeps the recording and retries.
  const budget = routeBudget("transcribe", { signal: request.signal });
  // An erased account's last token is answered as a guest is: nothing is kept on the server.
  const identity = await callerWhoMayStore(request, await identityFromRequest(request));
  await admitAiCall(request, "transcribe", identity);
  const body = await withRecordingRead(recordingReader(request, identity?.userId ?? null), () =>
    parseJson(request, transcribeRequestSchema, { limitBytes: TRANSCRIBE_BODY_LIMIT_BYTES }),
  );
  // A growth follow-up goes into its session; any other recording of a signed-in user would make a new one.
  if (identity && !body.followUpOf) await refuseNewSessionPastCaps(identity.userId, body.clientId);
  return withTranscriptionSlot(async () => Response.json(await transcribeRecording(body, identity, budget)));
});
