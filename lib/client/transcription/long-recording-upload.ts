import { ApiRequestError } from "@/lib/client/api/request";
import { OWN_NAME_FALLBACK } from "@/lib/domain/display-name";
import { TRANSCRIBE_MAX_AUDIO_BASE64_CHARS } from "@/lib/domain/transcription/audio-request-limits";
import {
  LONG_RECORDING_TEXTS,
  MAX_PART_BYTES,
  MAX_RECORDING_PARTS,
  partTranscriptSchema,
  pieceCount,
  pieceRange,
  uploadStateSchema,
  type CreateUploadRequestInput,
  type PartTranscript,
  type SpeakerReference,
  type UploadState,
} from "@/lib/domain/transcription/long-recording";
import { computeSpeakerStats, groupBySpeaker, transcriptText, type TranscriptSegment } from "@/lib/domain/transcription/segments";
import { TRANSCRIPTION_ERRORS, type TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { parseStoredUpload, tokenHeader, UPLOAD_KEY, type StoredUpload, type UploadSend } from "./stored-upload";
import { callTranscriptionEndpoint, TranscriptionRequestError } from "./transcribe-client";
import { closeStoredUpload, closeUpload } from "./uploads-to-close";

// A recording longer than one upload (issue 14 §2), sent in parts: every part in pieces of UPLOAD_PIECE_BYTES the server
// keeps, then transcribed part by part, the first part's speakers passed on to the later ones, and the parts merged into
// one transcript. Resumable: the upload's id and every part's transcript are kept beside the audio (putRecordingExtra),
// so a retry or a reload sends no piece the server has and transcribes no part twice. Every failure is a
// TranscriptionRequestError, so the flow's failure screens and its retry work as for a recording sent in one piece.

export type RecordingPart = { index: number; startMs: number; blob: Blob };
export type RecordingParts = { mimeType: string; parts: RecordingPart[] };

export type LongRecordingProgress = { phase: "uploading" | "transcribing"; part: number; parts: number };

export type LongRecordingOptions = {
  /** The recording's id in the audio store: the upload's clientId and the idempotency key of its analysis. */
  clientId: string;
  language: string;
  soloMode?: boolean;
  /** A Solo Journal's one voice is named like the one-piece path names it (the server's "You" otherwise). */
  speakerName?: string;
  minSpeakers?: number;
  maxSpeakers?: number;
  followUpOf?: string;
  onProgress?: (progress: LongRecordingProgress) => void;
};

/** The API call: resolves to the OK response, throws ApiRequestError (or a network TypeError) otherwise, like apiRequest. */
export type { UploadSend } from "./stored-upload";

/** One part's transcript with where the part starts in the recording. */
export type PlacedPartTranscript = { startMs: number; transcript: PartTranscript };
export type MergedTranscript = Pick<TranscriptionResultData, "transcript" | "segments" | "speakers" | "speakerStats">;

export type LongRecordingDeps = {
  send: UploadSend;
  /** Keeps a value beside the recording's audio (false or a failure: not kept, and a retry does that step again). */
  putExtra: (id: string, key: string, value: unknown) => Promise<unknown>;
  getExtra: (id: string, key: string) => Promise<unknown>;
  sha256Hex: (bytes: ArrayBuffer) => Promise<string>;
  /** Clips of each speaker of the first part; [] when they cannot be made (the merge then matches by the overlap). */
  speakerReferences: (part: Blob, transcript: PartTranscript) => Promise<SpeakerReference[]>;
  /** `referenceNames`: the names of the speaker clips sent with the later parts (the first part's labels). */
  merge: (parts: PlacedPartTranscript[], referenceNames: string[]) => MergedTranscript;
  sleep: (ms: number) => Promise<void>;
};

/** A piece is tried this many times before the upload gives up (the recording stays on the device for a retry). */
export const PIECE_ATTEMPTS = 4;
/** Waits between a piece's attempts: 1 s, 2 s, 4 s. */
export const PIECE_RETRY_BASE_MS = 1_000;
/** Pieces in flight at once. */
export const PIECE_CONCURRENCY = 2;
/** A recording whose one part is longer than this (as base64) is sent in parts too: /api/transcribe refuses it. */
export const ONE_PIECE_MAX_BASE64_CHARS = TRANSCRIBE_MAX_AUDIO_BASE64_CHARS;

const REFERENCES_KEY = "references";
const partKey = (part: number) => `part-${part}`;

/** True when a recording must go in parts: more than one part, or one part too long for /api/transcribe. */
export function needsPartsUpload(recording: RecordingParts): boolean {
  if (recording.parts.length > 1) return true;
  const only = recording.parts[0];
  return only !== undefined && base64Length(only.blob.size) > ONE_PIECE_MAX_BASE64_CHARS;
}

/** Characters of the base64 text of `bytes` bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** Sends the recording in parts and answers like /api/transcribe. Throws TranscriptionRequestError on any failure. */
export async function transcribeInParts(recording: RecordingParts, options: LongRecordingOptions, deps: LongRecordingDeps): Promise<TranscriptionResultData> {
  try {
    return await run(recording, options, deps);
  } catch (error) {
    throw await toTranscriptionError(error);
  }
}

async function run(recording: RecordingParts, options: LongRecordingOptions, deps: LongRecordingDeps): Promise<TranscriptionResultData> {
  const parts = [...recording.parts].sort((a, b) => a.index - b.index);
  const total = parts.length;
  if (total === 0) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.noAudio);
  if (total > MAX_RECORDING_PARTS) throw new TranscriptionRequestError(LONG_RECORDING_TEXTS.tooLong);
  if (parts.some((part) => part.blob.size > MAX_PART_BYTES)) throw new TranscriptionRequestError(LONG_RECORDING_TEXTS.partTooLarge);
  if (parts.some((part) => part.blob.size === 0)) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.noAudio);
  const progress = (phase: LongRecordingProgress["phase"], part: number) => options.onProgress?.({ phase, part: part + 1, parts: total });
  progress("uploading", 0);

  // What an earlier attempt already has: part transcripts are never asked for twice.
  const done = new Map<number, PartTranscript>();
  for (let part = 0; part < total; part += 1) {
    const stored = partTranscriptSchema.safeParse(await deps.getExtra(options.clientId, partKey(part)).catch(() => undefined));
    if (stored.success) done.set(part, stored.data);
  }

  let upload: (StoredUpload & { missing: [number, number][] }) | null = null;
  if (done.size < total) {
    upload = await openUpload(parts, recording.mimeType, options, deps);
    await sendMissingPieces(parts, upload, done, deps, (part) => progress("uploading", part));
  }

  let references: SpeakerReference[] = [];
  for (let part = 0; part < total; part += 1) {
    let transcript = done.get(part);
    if (!transcript) {
      progress("transcribing", part);
      transcript = await transcribePart(part, parts, upload!, references, deps);
      done.set(part, transcript);
      await keep(deps, options.clientId, partKey(part), transcript);
    }
    if (part === 0 && total > 1) references = await firstPartReferences(parts[0]!.blob, transcript, options.clientId, deps);
  }

  const placed = parts.map((part, index) => ({ startMs: part.startMs, transcript: done.get(index)! }));
  const mergedParts = deps.merge(
    placed,
    references.map(({ name }) => name),
  );
  const merged = options.soloMode ? asOneVoice(mergedParts, options.speakerName) : mergedParts;
  const fallbackPart = placed.find(({ transcript }) => transcript.fallback);

  if (upload) await closeUpload(upload, deps.send);
  else await closeStoredUpload(options.clientId, deps.send, deps.getExtra);

  return {
    ...merged,
    fallback: Boolean(fallbackPart),
    ...(fallbackPart?.transcript.fallbackReason ? { fallbackReason: fallbackPart.transcript.fallbackReason } : {}),
    clientId: options.clientId,
  };
}

/** Resumes the stored upload (GET; 404 → a new one) or creates it (POST), and keeps its id beside the audio. */
async function openUpload(
  parts: RecordingPart[],
  mimeType: string,
  options: LongRecordingOptions,
  deps: LongRecordingDeps,
): Promise<StoredUpload & { missing: [number, number][] }> {
  const stored = parseStoredUpload(await deps.getExtra(options.clientId, UPLOAD_KEY).catch(() => undefined));
  if (stored) {
    try {
      const state = await readState(await deps.send("GET", `/api/uploads/${encodeURIComponent(stored.uploadId)}`, { headers: tokenHeader(stored) }));
      return { ...stored, missing: state.missing };
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      // Expired or deleted on the server: a new upload of the same recording.
    }
  }

  const plan: CreateUploadRequestInput = {
    clientId: options.clientId,
    mimeType,
    language: options.language,
    soloMode: Boolean(options.soloMode),
    ...(options.minSpeakers ? { minSpeakers: options.minSpeakers } : {}),
    ...(options.maxSpeakers ? { maxSpeakers: options.maxSpeakers } : {}),
    ...(options.followUpOf ? { followUpOf: options.followUpOf } : {}),
    parts: await Promise.all(
      parts.map(async (part) => ({ startMs: part.startMs, bytes: part.blob.size, pieces: await pieceHashes(part.blob, deps.sha256Hex) })),
    ),
  };
  const state = await readState(await deps.send("POST", "/api/uploads", { body: plan }));
  // A resumed upload of a signed-in user has no token; a guest's keeps the one it was first given.
  const upload: StoredUpload = {
    uploadId: state.uploadId,
    ...((state.uploadToken ?? stored?.uploadToken) ? { uploadToken: state.uploadToken ?? stored?.uploadToken } : {}),
  };
  await keep(deps, options.clientId, UPLOAD_KEY, upload);
  return { ...upload, missing: state.missing };
}

async function pieceHashes(blob: Blob, sha256Hex: LongRecordingDeps["sha256Hex"]): Promise<string[]> {
  const hashes: string[] = [];
  for (let piece = 0; piece < pieceCount(blob.size); piece += 1) {
    const { start, end } = pieceRange(blob.size, piece);
    hashes.push(await sha256Hex(await blob.slice(start, end).arrayBuffer()));
  }
  return hashes;
}

/** Every piece the server lacks of a part not transcribed yet, two at a time, each retried a few times with backoff. */
async function sendMissingPieces(
  parts: RecordingPart[],
  upload: StoredUpload & { missing: [number, number][] },
  done: Map<number, PartTranscript>,
  deps: LongRecordingDeps,
  onPart: (part: number) => void,
): Promise<void> {
  const queue = upload.missing
    .filter(([part, piece]) => !done.has(part) && parts[part] !== undefined && piece >= 0 && piece < pieceCount(parts[part]!.blob.size))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let reported = -1;
  let failed = false;
  const worker = async () => {
    while (!failed) {
      const next = queue.shift();
      if (!next) return;
      const [part] = next;
      if (part > reported) {
        reported = part;
        onPart(part);
      }
      try {
        await sendPiece(parts[part]!.blob, next, upload, deps);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(PIECE_CONCURRENCY, queue.length) }, worker));
  const rejected = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (rejected) throw rejected.reason;
}

async function sendPiece(blob: Blob, [part, piece]: [number, number], upload: StoredUpload, deps: LongRecordingDeps): Promise<void> {
  const { start, end } = pieceRange(blob.size, piece);
  const path = `/api/uploads/${encodeURIComponent(upload.uploadId)}/parts/${part}/pieces/${piece}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await deps.send("PUT", path, {
        rawBody: blob.slice(start, end, "application/octet-stream"),
        headers: { "Content-Type": "application/octet-stream", ...tokenHeader(upload) },
      });
      return;
    } catch (error) {
      if (attempt >= PIECE_ATTEMPTS || !isWorthRetrying(error)) throw error;
      await deps.sleep(PIECE_RETRY_BASE_MS * 2 ** (attempt - 1));
    }
  }
}

/** A connection failure, a server error, a damaged piece (409): worth another try. Refusals (4xx) and the rate limit are not. */
function isWorthRetrying(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status >= 500 || error.status === 409 || error.status === 408;
  return error instanceof TypeError;
}

async function transcribePart(
  part: number,
  parts: RecordingPart[],
  upload: StoredUpload,
  speakerReferences: SpeakerReference[],
  deps: LongRecordingDeps,
): Promise<PartTranscript> {
  const path = `/api/uploads/${encodeURIComponent(upload.uploadId)}/parts/${part}/transcribe`;
  const call = () => deps.send("POST", path, { body: { speakerReferences }, headers: tokenHeader(upload) });
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    // Pieces the server says it lacks (stored while it was failing, expired…): sent once more, then the part again.
    const missing = error instanceof ApiRequestError && error.status === 409 ? missingOf(error.body) : null;
    if (!missing) throw error;
    await sendMissingPieces(parts, { ...upload, missing: missing.filter(([p]) => p === part) }, new Map(), deps, () => undefined);
    response = await call();
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.invalidFormat, { status: response.status });
  }
  const parsed = partTranscriptSchema.safeParse(json);
  if (!parsed.success || parsed.data.part !== part) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.invalidTranscription, { status: response.status });
  return parsed.data;
}

function missingOf(body: string): [number, number][] | null {
  try {
    const parsed = uploadStateSchema.shape.missing.safeParse((JSON.parse(body) as { missing?: unknown }).missing);
    return parsed.success && parsed.data.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The first part's speaker clips: made once and kept, so a retry sends the later parts the same ones. */
async function firstPartReferences(blob: Blob, transcript: PartTranscript, clientId: string, deps: LongRecordingDeps): Promise<SpeakerReference[]> {
  const stored = await deps.getExtra(clientId, REFERENCES_KEY).catch(() => undefined);
  if (Array.isArray(stored)) return stored as SpeakerReference[];
  let references: SpeakerReference[] = [];
  try {
    references = await deps.speakerReferences(blob, transcript);
  } catch {
    // No clips (the browser could not decode the part): the merge matches the speakers by the overlap.
  }
  await keep(deps, clientId, REFERENCES_KEY, references);
  return references;
}

/** A Solo Journal has one voice, named as the one-piece path names it. */
function asOneVoice(merged: MergedTranscript, speakerName: string | undefined): MergedTranscript {
  const name = speakerName?.trim() || OWN_NAME_FALLBACK;
  const segments: TranscriptSegment[] = merged.segments.map((segment) => ({ ...segment, speaker: name }));
  return { transcript: transcriptText(segments), segments, speakers: groupBySpeaker(segments), speakerStats: computeSpeakerStats(segments) };
}

async function readState(response: Response): Promise<UploadState> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.invalidFormat, { status: response.status });
  }
  const parsed = uploadStateSchema.safeParse(json);
  if (!parsed.success) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.invalidFormat, { status: response.status });
  return parsed.data;
}

/** What is kept beside the audio only spares a retry some work: a store that cannot keep it does not stop the upload. */
async function keep(deps: LongRecordingDeps, id: string, key: string, value: unknown): Promise<void> {
  await Promise.resolve()
    .then(() => deps.putExtra(id, key, value))
    .catch(() => undefined);
}

/** Every failure as the flow knows it: the server's message (or the contract's text for its known refusals). */
async function toTranscriptionError(error: unknown): Promise<TranscriptionRequestError> {
  if (error instanceof TranscriptionRequestError) return error;
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return new TranscriptionRequestError(LONG_RECORDING_TEXTS.uploadNotFound, { status: 404 });
    if (error.status === 409 && /"missing"/.test(error.body)) return new TranscriptionRequestError(LONG_RECORDING_TEXTS.piecesMissing, { status: 409 });
  }
  // The same reading of the failure as a one-piece upload's: message, status, rate-limit wait, connection errors (an
  // AudioStorageError keeps its own message for the user).
  try {
    await callTranscriptionEndpoint(() => Promise.reject(error));
  } catch (converted) {
    if (converted instanceof TranscriptionRequestError) return converted;
  }
  return new TranscriptionRequestError(TRANSCRIPTION_ERRORS.generic);
}
