import "server-only";

import {
  createUploadSchema,
  MAX_SPEAKER_REFERENCES,
  SPEAKER_REFERENCE_MAX_BASE64_CHARS,
  transcribePartSchema,
} from "@/lib/domain/transcription/long-recording";
import { identityFromRequest } from "@/lib/server/auth/identity";
import { withErrors } from "@/lib/server/http/handler";
import { parseJson } from "@/lib/server/http/parse-json";
import { routeBudget } from "@/lib/server/providers/budget";
import { recordingReader } from "@/lib/server/security/in-flight";
import { callerWhoMayStore } from "@/lib/server/services/erased-accounts";
import { runRetentionWhenDue } from "@/lib/server/services/retention-schedule";
import {
  createOrResumeUpload,
  deleteUpload,
  findOwnedUpload,
  storePiece,
  transcribeUploadPart,
  uploadCaller,
  uploadState,
} from "@/lib/server/services/uploads";

// Recordings sent in parts (issue 14 §2), for guests and signed-in users alike. Identity comes from the verified Clerk
// session only; a guest reaches its upload with the x-upload-token it was given, and a guest who signs in takes it over
// with that token. The logic is in services/uploads.ts.

/** The plan: 24 parts of 7 piece hashes each is about 13 KB. */
const CREATE_BODY_LIMIT_BYTES = 64 * 1024;
/** Four speaker clips of base64 WAV, with room for the JSON around them. */
const TRANSCRIBE_PART_BODY_LIMIT_BYTES = MAX_SPEAKER_REFERENCES * (SPEAKER_REFERENCE_MAX_BASE64_CHARS + 256) + 4096;

type UploadParams = { id: string };
type PieceParams = { id: string; part: string; piece: string };
type PartParams = { id: string; part: string };

/** The caller; an erased account's last token is a guest's, which reaches no upload of that account. */
async function callerOf(request: Request) {
  return uploadCaller(request, await callerWhoMayStore(request, await identityFromRequest(request)));
}

/** POST /api/uploads — make (201, with a guest's uploadToken) or resume (200) the upload of one recording. */
export const createUploadHandler = withErrors(async (request) => {
  // Where no scheduler is configured and no timer lives on (a hosted function), abandoned uploads still go.
  void runRetentionWhenDue();
  const body = await parseJson(request, createUploadSchema, { limitBytes: CREATE_BODY_LIMIT_BYTES });
  const { state, created } = await createOrResumeUpload(request, body, await callerOf(request));
  return Response.json(state, { status: created ? 201 : 200 });
});

/** GET /api/uploads/[id] — what is still missing. */
export const getUploadHandler = withErrors<UploadParams>(async (request, { params }) => {
  const { id } = await params;
  return Response.json(await uploadState(await findOwnedUpload(id, await callerOf(request))));
});

/** PUT /api/uploads/[id]/parts/[part]/pieces/[piece] — one piece's raw bytes (application/octet-stream). */
export const putPieceHandler = withErrors<PieceParams>(async (request, { params }) => {
  const { id, part, piece } = await params;
  const caller = await callerOf(request);
  const upload = await findOwnedUpload(id, caller);
  return Response.json(await storePiece(upload, part, piece, request, recordingReader(request, caller.identity?.userId ?? null)));
});

/** POST /api/uploads/[id]/parts/[part]/transcribe — one part's transcript, with the first part's speaker clips. */
export const transcribePartHandler = withErrors<PartParams>(async (request, { params }) => {
  // Counted from the request's start, as in transcribe.ts: the caller's check and a slow body use up the route's
  // maxDuration too, and the answer must still go out before it. The client's disconnect stops the providers: the browser
  // keeps the part and its pieces stay for the retry.
  const budget = routeBudget("uploadPart", { signal: request.signal });
  const { id, part } = await params;
  const caller = await callerOf(request);
  const upload = await findOwnedUpload(id, caller);
  const body = await parseJson(request, transcribePartSchema, { limitBytes: TRANSCRIBE_PART_BODY_LIMIT_BYTES, allowEmpty: true });
  return Response.json(await transcribeUploadPart(request, upload, part, body.speakerReferences, caller, budget));
});

/** DELETE /api/uploads/[id] — the transcript is stored: the pieces go. */
export const deleteUploadHandler = withErrors<UploadParams>(async (request, { params }) => {
  const { id } = await params;
  await deleteUpload(await findOwnedUpload(id, await callerOf(request)));
  return new Response(null, { status: 204 });
});
