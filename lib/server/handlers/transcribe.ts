import "server-only";

import { TRANSCRIBE_BODY_LIMIT_BYTES, transcribeRequestSchema } from "@/lib/domain/transcription/transcribe-request";
import { identityFromRequest } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { transcribeRecording } from "@/lib/server/services/transcription";

// transcribeRequestSchema stays in lib/domain/transcription/transcribe-request.ts, not beside the service: the browser
// builds its request from the same type and shares the language and MIME rules.

/** POST /api/transcribe — for guests and signed-in users alike; only a signed-in user's failure is kept on the server. */
export const transcribeHandler = withErrors(async (request) => {
  const body = await parseJson(request, transcribeRequestSchema, { limitBytes: TRANSCRIBE_BODY_LIMIT_BYTES });
  const identity = await identityFromRequest(request);
  return Response.json(await transcribeRecording(body, identity));
});
