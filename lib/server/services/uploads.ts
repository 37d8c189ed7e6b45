import "server-only";

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import {
  LONG_RECORDING_TEXTS,
  MAX_PART_BYTES,
  MAX_RECORDING_PARTS,
  pieceRange,
  UPLOAD_PIECE_BYTES,
  UPLOAD_RETENTION_HOURS,
  type CreateUploadRequest,
  type PartSegment,
  type PartTranscript,
  type SpeakerReference,
  type UploadState,
} from "@/lib/domain/transcription/long-recording";
import { fillSegmentTimes, type RawSegment } from "@/lib/domain/transcription/segments";
import { containerMimeType, providerLanguage } from "@/lib/domain/transcription/transcribe-request";
import type { Identity } from "@/lib/server/auth/identity";
import { getDb, holdLockUntilCommit, Prisma, type Upload } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { ApiError, describeForLog, isUniqueViolation } from "@/lib/server/http/errors";
import { bodyChunks, bodyReadBounds } from "@/lib/server/http/read-body";
import {
  runTranscriptionChain,
  TranscriptionNotConfiguredError,
  transcriptionStepsFromEnv,
  TranscriptionTooLongError,
  TranscriptionUnavailableError,
} from "@/lib/server/providers/transcription/chain";
import { guestIpHash as hashGuestIp } from "@/lib/server/security/guest-ip-hash";
import { withRecordingRead, withTranscriptionSlot } from "@/lib/server/security/in-flight";
import { clientIp, enforceRateLimit, guestAddress } from "@/lib/server/security/rate-limit";
import { admitAiCall } from "@/lib/server/security/rate-limit-guard";
import { audioPieceStore, pieceKey, uploadPrefix, type AudioPieceStore } from "@/lib/server/storage/audio-piece-store";

import { refuseNewSessionPastCaps } from "./new-session-caps";
import type { TranscriptionDeps } from "./transcription";
import { dropPartAudio, keepPartAudio } from "./upload-part-audio";
import { speakerReferenceClips } from "./uploads-references";

// Recordings sent in parts (issue 14 §2). The browser plans the upload (each part's size and its pieces' hashes), sends the
// pieces it is missing, then has each part transcribed. A part's audio leaves the server as soon as its transcript is
// answered (the browser keeps the part's transcript and its own copy of the audio until the whole recording is stored; an
// answer lost on the way is asked for again with the pieces sent again). The upload itself goes when the browser deletes it
// or it expires. A guest's upload is audio only: never a session or a transcript.
//
// Who may reach an upload: a signed-in owner by their verified Clerk session only; a guest by the random token given once
// when the upload was made (x-upload-token; stored as its sha256, compared in constant time). A guest who signs in and
// presents the token takes the upload over: from then on it is the account's, and the token alone reaches it no more.
// Anyone else gets the same 404 as for an upload that never existed.
//
// What it may cost (every part transcription is a paid provider call):
//  - making an upload is admitted once, in the "transcribe" bucket, as one recording sent in one piece is;
//  - each part transcription is counted in its own "upload-part" bucket (the same per-user / per-IP allowance per window:
//    a two-hour recording's 12 parts pass, an abuser's calls stop at the allowance), and an upload allows at most
//    TRANSCRIBE_CALLS_PER_PART calls per part in all (retries included, but not a call no provider answered), so one
//    upload cannot buy unbounded calls;
//  - an owner (a guest: an address) holds at most MAX_OPEN_UPLOADS unfinished uploads, each at most
//    MAX_RECORDING_PARTS × MAX_PART_BYTES of audio, for at most UPLOAD_RETENTION_HOURS.

export const MAX_OPEN_UPLOADS = 3;
export const TRANSCRIBE_CALLS_PER_PART = 3;
export const UPLOAD_TOKEN_HEADER = "x-upload-token";

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const INDEX = /^\d{1,3}$/;
const RETENTION_MS = UPLOAD_RETENTION_HOURS * 3_600_000;
/** Expired uploads the retention job removes per batch (it loops until none are left, up to PURGE_BATCHES). */
const PURGE_BATCH = 100;
const PURGE_BATCHES = 50;

type PartPlan = { startMs: number; bytes: number; pieces: string[] };
type Plan = { parts: PartPlan[] };
/** An upload the caller was found to own. */
export type OwnedUpload = Upload & { plan: Plan };

/** Who is calling: a verified user, or a guest with (maybe) the token of an upload. */
export type UploadCaller = { identity: Identity | null; token: string | undefined };

export function uploadCaller(request: Request, identity: Identity | null): UploadCaller {
  const token = request.headers.get(UPLOAD_TOKEN_HEADER)?.trim();
  return { identity, token: token && UPLOAD_TOKEN.test(token) ? token : undefined };
}

const sha256Hex = (value: string | Uint8Array) => createHash("sha256").update(value).digest("hex");
const userOwner = (userId: string) => `user:${userId}`;
const guestOwner = (token: string) => `guest:${sha256Hex(token)}`;

export const uploadNotFound = () => new ApiError("not_found", LONG_RECORDING_TEXTS.uploadNotFound);

/** The caller's upload `id`, unexpired, or the 404 (for a bad id, another owner's upload or a wrong token alike). */
export async function findOwnedUpload(id: string, caller: UploadCaller, now = new Date()): Promise<OwnedUpload> {
  if (!UPLOAD_ID.test(id)) throw uploadNotFound();
  let upload = await getDb().upload.findUnique({ where: { id } });
  if (upload && upload.expiresAt > now && caller.identity && caller.token && opensGuestUpload(upload.owner, caller.token)) {
    upload = await takeOver(upload, caller.identity.userId);
  }
  if (!upload || upload.expiresAt <= now || !ownedBy(upload.owner, caller)) throw uploadNotFound();
  return upload as OwnedUpload;
}

/**
 * An account's uploads are reached by its verified session only, never by a token: a token held after signing out (on a
 * shared device, say) gives an anonymous caller no account's audio.
 */
function ownedBy(owner: string, { identity, token }: UploadCaller): boolean {
  if (identity) return owner === userOwner(identity.userId);
  return token !== undefined && opensGuestUpload(owner, token);
}

function opensGuestUpload(owner: string, token: string): boolean {
  if (!owner.startsWith("guest:")) return false;
  const stored = Buffer.from(owner.slice("guest:".length), "hex");
  const given = createHash("sha256").update(token).digest();
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * A guest's upload whose token a signed-in caller presents (the guest signed in, then retried the recording): it becomes
 * the account's, so the retry resumes it rather than sending the recording again beside it, and it goes as the account's
 * uploads go (the browser's DELETE, account deletion). Moved only from the guest owner it had, so of two tabs racing one
 * moves it and the other finds it the same account's. Should the account hold an upload of the same recording already,
 * that one is resumed and the guest's copy of the audio is deleted. It still counts against the address that made it
 * (guestIpHash): moving uploads into an account must not free that address's room for more. Answers the upload as it now
 * is, or null when gone.
 */
async function takeOver(upload: Upload, userId: string): Promise<Upload | null> {
  const db = getDb();
  try {
    await db.upload.updateMany({ where: { id: upload.id, owner: upload.owner }, data: { owner: userOwner(userId) } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await removeUpload(upload.id);
    return null;
  }
  return db.upload.findUnique({ where: { id: upload.id } });
}

/** A part or piece index from the path: digits only, within the plan; anything else is a 400. */
export function parseIndex(value: string, count: number, what: "part" | "piece"): number {
  const index = INDEX.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(index) || index >= count) throw new ApiError("bad_request", `Invalid request: no ${what} ${value.slice(0, 12)} in this upload.`);
  return index;
}

/** What is still missing of an upload, as the browser reads it. */
export async function uploadState(upload: OwnedUpload, uploadToken?: string): Promise<UploadState> {
  const stored = await getDb().uploadPiece.findMany({ where: { uploadId: upload.id }, select: { part: true, piece: true } });
  const have = new Set(stored.map(({ part, piece }) => `${part}/${piece}`));
  const missing: [number, number][] = [];
  upload.plan.parts.forEach((part, partIndex) =>
    part.pieces.forEach((_, pieceIndex) => {
      if (!have.has(`${partIndex}/${pieceIndex}`)) missing.push([partIndex, pieceIndex]);
    }),
  );
  return {
    uploadId: upload.id,
    ...(uploadToken ? { uploadToken } : {}),
    parts: upload.plan.parts.length,
    missing,
    expiresAt: upload.expiresAt.toISOString(),
  };
}

const planOf = (body: CreateUploadRequest): Plan => ({
  parts: body.parts.map(({ startMs, bytes, pieces }) => ({ startMs, bytes, pieces })),
});
/** Compared by value, not by its JSON text: PostgreSQL's jsonb keeps an object's keys in an order of its own. */
const planKey = (plan: Plan) => JSON.stringify(plan.parts.map((part) => [part.startMs, part.bytes, part.pieces]));
const samePlan = (upload: Upload, body: CreateUploadRequest) => upload.mimeType === body.mimeType && planKey(upload.plan as Plan) === planKey(planOf(body));

/**
 * POST /api/uploads: the same owner's same recording (clientId) with the same plan resumes its upload; a changed plan or
 * an expired upload is replaced. A guest resumes with the token it was given; without one it gets a new upload and token.
 * A signed-in caller with a guest's token takes that guest's upload over (takeOver).
 */
export async function createOrResumeUpload(
  request: Request,
  body: CreateUploadRequest,
  caller: UploadCaller,
  now = new Date(),
): Promise<{ state: UploadState; created: boolean }> {
  const db = getDb();
  const existing = await uploadToResume(caller, body.clientId);
  if (existing && existing.expiresAt > now && samePlan(existing, body)) return { state: await uploadState(existing as OwnedUpload), created: false };

  const totalBytes = body.parts.reduce((sum, part) => sum + part.bytes, 0);
  if (totalBytes > MAX_RECORDING_PARTS * MAX_PART_BYTES) throw new ApiError("payload_too_large", LONG_RECORDING_TEXTS.tooLong);

  // A signed-in user's uploads are bounded by owner; a guest can make tokens at will, so theirs by address. The upload this
  // one replaces (same recording, changed plan) does not count. The bound is checked before anything is written or an AI
  // call admitted, then again under its lock beside the create, so uploads made at once cannot all pass it.
  // By the address's block, as the rate limits count a guest: an IPv6 client has a whole /64 to pick addresses from.
  const guestIpHash = caller.identity ? null : hashGuestIp(guestAddress(request));
  const bound = caller.identity ? { owner: userOwner(caller.identity.userId) } : { guestIpHash };
  const boundKey = caller.identity ? userOwner(caller.identity.userId) : `guest-ip:${guestIpHash}`;
  const refuseWhenBusy = async (tx: Prisma.TransactionClient) => {
    const open = await tx.upload.count({ where: { expiresAt: { gt: now }, ...bound, ...(existing ? { id: { not: existing.id } } : {}) } });
    if (open >= MAX_OPEN_UPLOADS) {
      throw new ApiError("rate_limited", "Too many recordings are being uploaded at once. Please finish or delete one first.");
    }
  };
  await refuseWhenBusy(db);
  // A growth follow-up goes into its session; any other recording of a signed-in user would make a new one.
  if (caller.identity && !body.followUpOf) await refuseNewSessionPastCaps(caller.identity.userId, body.clientId);
  await admitAiCall(request, "transcribe", caller.identity);
  if (existing) await removeUpload(existing.id);

  const token = caller.identity ? undefined : randomBytes(32).toString("base64url");
  const owner = caller.identity ? userOwner(caller.identity.userId) : guestOwner(token!);
  try {
    const made = await db.$transaction(async (tx) => {
      await holdLockUntilCommit(tx, `open-uploads:${boundKey}`);
      // The same recording's upload, made by a concurrent call that held the lock first, is resumed rather than counted.
      const raced = await tx.upload.findUnique({ where: { owner_clientId: { owner, clientId: body.clientId } } });
      if (raced) return { upload: raced, created: false };
      await refuseWhenBusy(tx);
      const upload = await tx.upload.create({
        data: {
          owner,
          clientId: body.clientId,
          guestIpHash,
          mimeType: body.mimeType,
          language: body.language,
          soloMode: body.soloMode,
          minSpeakers: body.minSpeakers,
          maxSpeakers: body.maxSpeakers,
          followUpOf: body.followUpOf ?? null,
          plan: planOf(body),
          expiresAt: new Date(now.getTime() + RETENTION_MS),
        },
      });
      return { upload, created: true };
    });
    return { state: await uploadState(made.upload as OwnedUpload, made.created ? token : undefined), created: made.created };
  } catch (error) {
    // The same recording's upload was made by a concurrent call a moment ago: that one is resumed.
    if (!isUniqueViolation(error)) throw error;
    const made = await db.upload.findUnique({ where: { owner_clientId: { owner, clientId: body.clientId } } });
    if (!made) throw error;
    return { state: await uploadState(made as OwnedUpload), created: false };
  }
}

/** The caller's upload of recording `clientId`: a signed-in caller's own, or the guest's one it takes over with its token. */
async function uploadToResume({ identity, token }: UploadCaller, clientId: string): Promise<Upload | null> {
  const db = getDb();
  const of = (owner: string) => db.upload.findUnique({ where: { owner_clientId: { owner, clientId } } });
  if (!identity) return token ? of(guestOwner(token)) : null;
  const own = await of(userOwner(identity.userId));
  const guests = token ? await of(guestOwner(token)) : null;
  if (!guests) return own;
  // The account sends this recording already: the guest's copy of its audio goes.
  if (own) {
    await removeUpload(guests.id);
    return own;
  }
  const taken = await takeOver(guests, identity.userId);
  return taken?.owner === userOwner(identity.userId) ? taken : of(userOwner(identity.userId));
}

/**
 * PUT …/parts/{part}/pieces/{piece}: the raw body is read up to the planned size (never more: a longer body stops the read),
 * then checked against the plan's size and sha256. A piece already stored is not read again: { stored: false }. The read
 * is counted against `reader` (recordingReader).
 */
export async function storePiece(
  upload: OwnedUpload,
  partParam: string,
  pieceParam: string,
  request: Request,
  reader: string,
  store: AudioPieceStore = audioPieceStore(),
): Promise<{ stored: boolean }> {
  const part = parseIndex(partParam, upload.plan.parts.length, "part");
  const plan = upload.plan.parts[part]!;
  const piece = parseIndex(pieceParam, plan.pieces.length, "piece");
  const range = pieceRange(plan.bytes, piece);
  const size = range.end - range.start;

  const db = getDb();
  const where = { uploadId_part_piece: { uploadId: upload.id, part, piece } };
  if (await db.uploadPiece.findUnique({ where, select: { part: true } })) {
    await request.body?.cancel();
    return { stored: false };
  }

  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > UPLOAD_PIECE_BYTES) throw pieceTooLarge();
  if (declared !== null && Number(declared) !== size) throw pieceMismatch();
  // In one of the places this instance reads recordings' bodies in (in-flight.ts): a piece is up to 3 MiB in memory,
  // and many at once would add up as /api/transcribe's bodies did.
  const bytes = await withRecordingRead(reader, () => readBodyUpTo(request, size));
  if (bytes === "too-long") throw size === UPLOAD_PIECE_BYTES ? pieceTooLarge() : pieceMismatch();
  if (bytes.byteLength !== size || sha256Hex(bytes) !== plan.pieces[piece]) throw pieceMismatch();

  const key = pieceKey(upload.id, part, piece);
  let first: boolean;
  let recorded: number;
  try {
    await keepPartAudio(upload.id, part, store);
    first = await store.put(key, bytes);
    // With an object store the row is the record that the bytes are there; the database store wrote it with them.
    ({ count: recorded } = await db.uploadPiece.createMany({
      data: [{ uploadId: upload.id, part, piece, size, sha256: plan.pieces[piece]! }],
      skipDuplicates: true,
    }));
  } catch (error) {
    // The upload was deleted (or expired and purged) while this piece was on its way.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") {
      if (store.kind !== "database") await store.delete(key).catch(() => undefined);
      throw uploadNotFound();
    }
    throw storeFailure(error);
  }
  // Activity keeps an upload alive: its retention counts from the last piece stored.
  await db.upload.updateMany({ where: { id: upload.id }, data: { expiresAt: new Date(Date.now() + RETENTION_MS) } });
  return { stored: first || recorded === 1 };
}

const pieceMismatch = () => new ApiError("conflict", LONG_RECORDING_TEXTS.pieceMismatch);
const pieceTooLarge = () => new ApiError("payload_too_large", `Request body is too large (limit ${UPLOAD_PIECE_BYTES} bytes per piece).`);

function storeFailure(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof Prisma.PrismaClientKnownRequestError) return error;
  if (error instanceof Error && error.name === "ObjectStoreError") {
    console.error(`[uploads] ${error.message}`);
    return new ApiError("unavailable", "The recording could not be stored right now. Please try again in a moment.", { retryAfterSeconds: 5 });
  }
  return error;
}

/** The body's bytes, reading at most `limit` + 1 bytes: "too-long" as soon as more than `limit` arrive. */
async function readBodyUpTo(request: Request, limit: number): Promise<Uint8Array | "too-long"> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of bodyChunks(request, bodyReadBounds(request, limit))) {
    received += chunk.byteLength;
    if (received > limit) return "too-long";
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * POST …/parts/{part}/transcribe: the part's pieces joined, transcribed by the provider chain with the first part's speaker
 * clips (sent by the browser). Times in the answer are the part's own (from its start). Once transcribed, the part's pieces
 * are deleted, never holding the answer past the route's budget (upload-part-audio.ts). A failure is a 503 that keeps the
 * audio on the device (keepAudioLocally); it is never kept as a server session, and the pieces stay for the retry.
 */
export async function transcribeUploadPart(
  request: Request,
  upload: OwnedUpload,
  partParam: string,
  references: SpeakerReference[],
  caller: UploadCaller,
  { store = audioPieceStore(), steps, retryOptions }: TranscriptionDeps & { store?: AudioPieceStore } = {},
): Promise<PartTranscript> {
  const part = parseIndex(partParam, upload.plan.parts.length, "part");
  const plan = upload.plan.parts[part]!;
  const clips = speakerReferenceClips(references);
  const db = getDb();

  const stored = await db.uploadPiece.findMany({ where: { uploadId: upload.id, part }, select: { piece: true, sha256: true }, orderBy: { piece: "asc" } });
  const missing = plan.pieces.flatMap((_, piece) => (stored.some((row) => row.piece === piece) ? [] : [[part, piece] as [number, number]]));
  if (missing.length > 0) throw new ApiError("conflict", LONG_RECORDING_TEXTS.piecesMissing, { missing });

  return withTranscriptionSlot(async () => {
    // Counted once the call can go ahead: a "busy" answer (no slot) costs neither the caller's allowance of part
    // transcriptions nor this upload's own bound of calls (retries included).
    await enforceRateLimit("upload-part", caller.identity ? { userId: caller.identity.userId } : { ip: clientIp(request) });
    const bound = upload.plan.parts.length * TRANSCRIBE_CALLS_PER_PART;
    const { count } = await db.upload.updateMany({
      where: { id: upload.id, transcribeCalls: { lt: bound } },
      data: { transcribeCalls: { increment: 1 }, expiresAt: new Date(Date.now() + RETENTION_MS) },
    });
    if (count === 0) throw new ApiError("rate_limited", "This recording has been sent for transcription too many times. Please record it again.");
    // A call that got no transcript from any provider (none configured, all of them down, a piece lost here) is given
    // back: otherwise a recording retried through an outage would be refused for a day, and it cannot be recorded again.
    // The caller's allowance still counts it.
    const giveCallBack = () =>
      db.upload.updateMany({ where: { id: upload.id, transcribeCalls: { gt: 0 } }, data: { transcribeCalls: { decrement: 1 } } }).catch(() => undefined);

    let audio: Buffer;
    try {
      audio = await assemblePart(upload, part, plan, store);
    } catch (error) {
      await giveCallBack();
      throw error;
    }
    let chain;
    try {
      chain = await runTranscriptionChain(
        steps ?? transcriptionStepsFromEnv(getEnv()),
        {
          audio,
          mimeType: containerMimeType(upload.mimeType),
          language: providerLanguage(upload.language),
          minSpeakers: upload.minSpeakers,
          maxSpeakers: upload.maxSpeakers,
          ...(clips.length > 0 ? { speakerReferences: clips } : {}),
        },
        retryOptions,
      );
    } catch (error) {
      if (error instanceof TranscriptionNotConfiguredError || error instanceof TranscriptionUnavailableError) await giveCallBack();
      if (error instanceof TranscriptionNotConfiguredError) throw new ApiError("not_configured", error.message, { keepAudioLocally: true });
      if (error instanceof TranscriptionTooLongError) throw new ApiError("payload_too_large", LONG_RECORDING_TEXTS.partTooLarge, { keepAudioLocally: true });
      if (error instanceof TranscriptionUnavailableError) throw new ApiError("unavailable", error.message, { keepAudioLocally: true });
      throw error;
    }
    await dropPartAudio({ uploadId: upload.id, part, pieces: plan.pieces.length }, store, retryOptions?.deadline);
    let raw: RawSegment[] = chain.transcript.segments;
    if (raw.every((segment) => segment.text.trim() === "") && chain.transcript.text.trim() !== "") {
      raw = [{ text: chain.transcript.text, start: 0, end: chain.transcript.durationSeconds }];
    }
    return {
      part,
      segments: partSegments(
        raw,
        clips.map((clip) => clip.name),
        upload.soloMode,
      ),
      referencesUsed: clips.length > 0,
      fallback: chain.fallback,
      ...(chain.fallbackReason ? { fallbackReason: chain.fallbackReason } : {}),
    };
  });
}

/** A part's bytes from the store, each piece checked against its hash again; a lost or damaged piece is missing again. */
async function assemblePart(upload: OwnedUpload, part: number, plan: PartPlan, store: AudioPieceStore): Promise<Buffer> {
  const audio = Buffer.alloc(plan.bytes);
  const lost: [number, number][] = [];
  for (let piece = 0; piece < plan.pieces.length; piece += 1) {
    const bytes = await store.get(pieceKey(upload.id, part, piece)).catch((error: unknown) => {
      throw storeFailure(error);
    });
    const range = pieceRange(plan.bytes, piece);
    if (!bytes || bytes.byteLength !== range.end - range.start || sha256Hex(bytes) !== plan.pieces[piece]) {
      lost.push([part, piece]);
      await store.delete(pieceKey(upload.id, part, piece)).catch(() => undefined);
      await getDb().uploadPiece.deleteMany({ where: { uploadId: upload.id, part, piece } });
      continue;
    }
    audio.set(bytes, range.start);
  }
  if (lost.length > 0) throw new ApiError("conflict", LONG_RECORDING_TEXTS.piecesMissing, { missing: lost });
  return audio;
}

/**
 * The provider's segments as a part's: times filled, empty text dropped. A label that is one of the known speakers' names
 * is kept (it is the first part's); any other voice is SPEAKER_01, SPEAKER_02… in order of first appearance, skipping the
 * known names, as the one-piece path numbers them. A Solo Journal part is one voice.
 */
export function partSegments(raw: RawSegment[], knownNames: string[], soloMode: boolean): PartSegment[] {
  const known = new Set(knownNames);
  const labels = new Map<string, string>();
  let next = 0;
  const fresh = () => {
    let label: string;
    do {
      next += 1;
      label = `SPEAKER_${String(next).padStart(2, "0")}`;
    } while (known.has(label));
    return label;
  };
  return fillSegmentTimes(raw.filter((segment) => segment.text.trim() !== "")).map((segment) => {
    const original = segment.speaker?.trim() ?? "";
    let speaker = soloMode ? "SPEAKER_01" : known.has(original) ? original : labels.get(original);
    if (!speaker) {
      speaker = fresh();
      labels.set(original, speaker);
    }
    return { speaker, text: segment.text.trim(), start: segment.start, end: segment.end };
  });
}

/** DELETE /api/uploads/{id}: the pieces, then the upload. */
export async function deleteUpload(upload: OwnedUpload): Promise<void> {
  await removeUpload(upload.id);
}

async function removeUpload(id: string, store: AudioPieceStore = audioPieceStore()): Promise<void> {
  // The database store's pieces go with their upload row (cascade); an object store's are deleted first, so a failure
  // leaves the upload (and a retry can delete it) rather than objects nothing points to.
  if (store.kind !== "database") await store.deletePrefix(uploadPrefix(id)).catch((error: unknown) => Promise.reject(storeFailure(error)));
  await getDb().upload.deleteMany({ where: { id } });
  await clearPiecesOfDeletedUploads([id], store);
}

/**
 * After the rows of `uploadIds` are deleted (committed): an object store's pieces of those uploads, once more. A piece
 * whose PUT was on its way while the first pass cleared the store is written, object then row, before its upload's row
 * goes; nothing would ever point to that object again, so only this pass can find it. (A piece that comes after the row
 * is gone finds no upload and deletes its own object: storePiece.) The rows are already gone, so a failure here cannot
 * be answered by a retry: it is logged, by the store's status only.
 */
export async function clearPiecesOfDeletedUploads(uploadIds: string[], store: AudioPieceStore = audioPieceStore()): Promise<void> {
  if (store.kind === "database") return;
  for (const id of uploadIds) {
    await store.deletePrefix(uploadPrefix(id)).catch((error: unknown) => {
      console.error(`[uploads] a deleted upload's pieces could not be cleared from the object store: ${(error as Error | null)?.message ?? "unknown"}`);
    });
  }
}

/** The retention job: every expired upload with its pieces. Answers how many uploads went. */
export async function purgeExpiredUploads(now: Date = new Date(), store: AudioPieceStore = audioPieceStore()): Promise<number> {
  const db = getDb();
  let purged = 0;
  // One upload the store will not delete (its next run tries again) must not keep every other expired one in place: it
  // is passed over, and the run goes on with the rest.
  const passedOver: string[] = [];
  for (let batch = 0; batch < PURGE_BATCHES; batch += 1) {
    const expired = await db.upload.findMany({
      where: { expiresAt: { lte: now }, ...(passedOver.length > 0 ? { id: { notIn: passedOver } } : {}) },
      select: { id: true },
      take: PURGE_BATCH,
      orderBy: { expiresAt: "asc" },
    });
    if (expired.length === 0) break;
    for (const { id } of expired) {
      try {
        await removeUpload(id, store);
        purged += 1;
      } catch (error) {
        passedOver.push(id);
        console.error(`[uploads] an expired upload could not be deleted; the next run tries again: ${describeForLog(error)}`);
      }
    }
  }
  return purged;
}

/**
 * Deleting a session: the owner's unfinished uploads of a Growth Commitment follow-up recorded for it (followUpOf, the
 * session's server or browser id), with their pieces. That audio is the session's couple talking about it; deleting the
 * session withdraws it too, rather than leaving it to expire. Answers how many went.
 */
export async function deleteFollowUpUploadsOf(userId: string, sessionIds: string[], store: AudioPieceStore = audioPieceStore()): Promise<number> {
  const uploads = await getDb().upload.findMany({ where: { owner: userOwner(userId), followUpOf: { in: sessionIds } }, select: { id: true } });
  for (const { id } of uploads) await removeUpload(id, store);
  return uploads.length;
}

/** Account deletion: an object store's pieces of the user's uploads (the rows go in the account's transaction). */
export async function deleteStoredPiecesOfUser(userId: string, store: AudioPieceStore = audioPieceStore()): Promise<void> {
  if (store.kind === "database") return;
  const uploads = await getDb().upload.findMany({ where: { owner: userOwner(userId) }, select: { id: true } });
  for (const { id } of uploads) await store.deletePrefix(uploadPrefix(id)).catch((error: unknown) => Promise.reject(erasureStoreFailure(error)));
}

/** A store that fails while an account's data is deleted: a 503 to try again (nothing else is deleted yet), not a 500. */
function erasureStoreFailure(error: unknown): unknown {
  if (!(error instanceof Error && error.name === "ObjectStoreError")) return error;
  console.error(`[uploads] ${error.message}`);
  return new ApiError("unavailable", "Your data could not be deleted right now. Please try again in a moment.", { retryAfterSeconds: 5 });
}

export const uploadOwnerOfUser = userOwner;
