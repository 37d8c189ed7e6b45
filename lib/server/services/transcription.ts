import "server-only";

import { OWN_NAME_FALLBACK } from "@/lib/domain/display-name";
import {
  computeSpeakerStats,
  groupBySpeaker,
  toTranscriptSegments,
  transcriptText,
  type SpeakerStats,
  type TranscriptSegment,
} from "@/lib/domain/transcription/segments";
import { containerMimeType, providerLanguage, TRANSCRIBE_TOO_LONG, type TranscribeRequest } from "@/lib/domain/transcription/transcribe-request";
import { RECORDING_NOT_FOUND, TRANSCRIPTION_ERRORS } from "@/lib/domain/transcription/transcription-errors";
import type { Identity } from "@/lib/server/auth/identity";
import { getDb, holdLockUntilCommit } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import {
  runTranscriptionChain,
  TranscriptionNotConfiguredError,
  transcriptionStepsFromEnv,
  TranscriptionTooLongError,
  TranscriptionUnavailableError,
  type TranscriptionStep,
} from "@/lib/server/providers/transcription/chain";
import type { TranscriptionInput } from "@/lib/server/providers/transcription/types";
import { enforceStoredSessionCap, storedSessionsLock, withRetainedAudioQuota } from "@/lib/server/security/quota";
import { sessionNotFound } from "@/lib/server/services/owned-session";

export type TranscriptionResult = {
  transcript: string;
  segments: TranscriptSegment[];
  speakers: Record<string, TranscriptSegment[]>;
  speakerStats: Record<string, SpeakerStats>;
  fallback: boolean;
  fallbackReason?: string;
};

export type TranscriptionDeps = { steps?: TranscriptionStep[]; retryOptions?: Parameters<typeof runTranscriptionChain>[2] };

/**
 * Transcribes a recording. When every provider fails for a signed-in user, the recording is kept on the server as a failed
 * session (audio included) so it can be retried from any device; the error carries its id. Guests keep theirs in the browser.
 * A transcription ended by the client's going away keeps nothing: the browser still has the recording and sends it again.
 */
export async function transcribeRecording(request: TranscribeRequest, identity: Identity | null, deps: TranscriptionDeps = {}): Promise<TranscriptionResult> {
  const input = toProviderInput(request);
  let result: TranscriptionResult;
  try {
    result = await transcribeInput(input, request, deps);
  } catch (error) {
    if (!(error instanceof TranscriptionUnavailableError)) throw error;
    if (!identity) throw new ApiError("unavailable", error.message);
    // A growth follow-up is not a session of its own: the browser keeps its audio for the retry into its session.
    if (request.followUpOf) throw new ApiError("unavailable", error.message, { keepAudioLocally: true });
    const kept = await keepFailedTranscription(identity.userId, input, request, error.message);
    // Past the user's retained-audio quota the failure is kept without its audio: the browser must keep its copy.
    throw new ApiError("unavailable", error.message, { failedSessionId: kept.sessionId, ...(kept.audioKept ? {} : { keepAudioLocally: true }) });
  }
  return identity ? { ...result, ...(await settleEarlierFailure(identity.userId, request.clientId, result.transcript)) } : result;
}

/**
 * The same recording failed before and its session was kept (found by the recording's browser id): the transcript goes
 * there and the failure is cleared, and the answer names that session, so the analysis lands in it, not in a second one.
 */
async function settleEarlierFailure(userId: string, clientId: string | undefined, transcript: string): Promise<{ sessionId?: string }> {
  if (!clientId) return {};
  const marker = await getDb().failureMarker.findFirst({
    where: { kind: "transcription", session: { userId, clientId } },
    select: { id: true, sessionId: true },
  });
  if (!marker) return {};
  // Settled meanwhile (a retry of it stored its transcript first): that stays; the analysis finds the session by clientId.
  if (!(await storeTranscriptAwaitingAnalysis(marker, transcript))) return {};
  return { sessionId: marker.sessionId };
}

/** What the account's list says of a kept recording transcribed since, until its analysis is stored. */
export const AWAITING_ANALYSIS = "Transcribed, but not analysed yet.";

/**
 * A kept recording's transcript, stored in its session: its failed transcription becomes a failed analysis, in one
 * transaction. The browser names the speakers and has it analysed next; should that never happen (the tab closed, the
 * phone's battery), the account lists it as an analysis to retry, not as a finished session with no insights that nothing
 * offers to analyse (the device, seeing the failure settled here, lets its copy of the audio go). The analysis stored
 * clears it (analysis.ts). Only while the failure is still there: false, writing nothing, when another transcription of the
 * recording settled it first (a retry and the browser's own send racing), whose transcript, and any analysis stored
 * since, must not be overwritten nor marked as awaiting analysis again.
 */
async function storeTranscriptAwaitingAnalysis(marker: { id: string; sessionId: string }, transcript: string): Promise<boolean> {
  const awaiting = { kind: "analysis" as const, error: AWAITING_ANALYSIS };
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.failureMarker.deleteMany({ where: { id: marker.id } });
    if (count === 0) return false;
    await tx.failureMarker.upsert({
      where: { sessionId_kind: { sessionId: marker.sessionId, kind: "analysis" } },
      create: { sessionId: marker.sessionId, ...awaiting },
      update: awaiting,
    });
    await tx.session.update({ where: { id: marker.sessionId }, data: { transcript, lastActivityAt: new Date() } });
    return true;
  });
}

/** The answer to a retry of a kept recording while another retry of it is still with the providers (two tabs, a double tap). */
export const RETRY_ALREADY_RUNNING = "This recording is already being transcribed. Its transcript will appear in your history when it is ready.";
/** The answer to a retry that lost to one which has since stored the transcript. */
export const RETRY_ALREADY_DONE = "This recording has already been transcribed. Its transcript is in your history.";

/**
 * How long a retry holds its recording (FailureMarker.retryingUntil): the retry route's maxDuration, by which its function
 * has answered or been stopped by the host (a literal Next reads from the route file; budget.test.ts keeps the two equal).
 * A retry that ends either way lets go at once; one that died leaves the claim to run out, so the recording is never stuck.
 */
export const RETRY_CLAIM_MS = 300_000;

/** A kept recording this retry holds (FailureMarker.retryingUntil) until it ends or lets go (releaseKeptRecording). */
export type ClaimedRecording = { markerId: string; sessionId: string };

/**
 * Claims the caller's kept recording for one retry: a conditional update, atomic in the database, so of two retries at once
 * (two tabs, a double tap) only one goes on to the providers, which are paid per call. The other is a 409 saying so, never
 * a second call nor a misleading 404. The claim is the route's ownership check and comes before its rate limit: a retry
 * refused here costs the caller none of their AI allowance.
 */
export async function claimKeptRecording(userId: string, sessionId: string): Promise<ClaimedRecording> {
  const db = getDb();
  const marker = await db.failureMarker.findFirst({
    where: { sessionId, kind: "transcription", audio: { not: null }, session: { userId } },
    select: { id: true },
  });
  if (!marker) throw new ApiError("not_found", RECORDING_NOT_FOUND);
  const now = new Date();
  const { count } = await db.failureMarker.updateMany({
    where: { id: marker.id, OR: [{ retryingUntil: null }, { retryingUntil: { lt: now } }] },
    data: { retryingUntil: new Date(now.getTime() + RETRY_CLAIM_MS) },
  });
  if (count === 1) return { markerId: marker.id, sessionId };
  if ((await db.failureMarker.count({ where: { id: marker.id } })) > 0) throw new ApiError("conflict", RETRY_ALREADY_RUNNING);
  // The marker is gone: the retry that held it stored the transcript, or the session was deleted since the lookup.
  if ((await db.session.count({ where: { id: sessionId } })) === 0) throw sessionNotFound();
  throw new ApiError("conflict", RETRY_ALREADY_DONE);
}

/** Lets go of a claim whose retry never reached the providers (rate limited, no free slot), so the next retry can run at once. */
export async function releaseKeptRecording({ markerId }: ClaimedRecording): Promise<void> {
  await getDb().failureMarker.updateMany({ where: { id: markerId }, data: { retryingUntil: null } });
}

/**
 * Retries a failed transcription kept on the server, claimed first (claimKeptRecording). Success removes the audio;
 * failure counts the attempt and lets go of the claim.
 */
export async function retryFailedTranscription(
  claim: ClaimedRecording,
  identity: Identity,
  deps: TranscriptionDeps = {},
): Promise<TranscriptionResult & { sessionId: string }> {
  const db = getDb();
  const { sessionId } = claim;
  const marker = await db.failureMarker.findFirst({
    where: { id: claim.markerId, session: { userId: identity.userId } },
    include: { session: { select: { mode: true } } },
  });
  // Deleted with its session between the claim and now.
  if (!marker?.audio) throw new ApiError("not_found", RECORDING_NOT_FOUND);

  // A Solo Journal entry is one voice; the browser puts the user's name on it when it analyses the journal.
  const soloMode = marker.session.mode === "solo";
  const request = { soloMode, minSpeakers: soloMode ? 1 : 2, maxSpeakers: soloMode ? 1 : 6, speakerName: undefined, language: marker.language ?? "en" };
  const input: TranscriptionInput = {
    audio: Buffer.from(marker.audio),
    mimeType: marker.audioMimeType ?? "audio/webm",
    language: providerLanguage(request.language),
    minSpeakers: request.minSpeakers,
    maxSpeakers: request.maxSpeakers,
  };
  let stored: boolean | undefined;
  try {
    const result = await transcribeInput(input, request, deps);
    stored = await storeTranscriptAwaitingAnalysis({ id: marker.id, sessionId }, result.transcript);
    if (!stored) throw await failureGoneMeanwhile(sessionId);
    return { ...result, sessionId };
  } catch (error) {
    if (stored === false) throw error;
    const message = error instanceof Error ? error.message : TRANSCRIPTION_ERRORS.generic;
    const { count } = await db.failureMarker.updateMany({
      where: { id: marker.id },
      data: { error: message.slice(0, 500), attemptCount: { increment: 1 }, lastFailedAt: new Date(), retryingUntil: null },
    });
    // Settled meanwhile by another transcription of the recording, or deleted with its session: nothing waits for a retry.
    if (count === 0) throw await failureGoneMeanwhile(sessionId);
    // transcribeInput's own answers (not configured, too long) keep their code; anything else is the services failing.
    if (error instanceof ApiError) throw new ApiError(error.code, error.message, { ...error.details, failedSessionId: sessionId });
    throw new ApiError("unavailable", message, { failedSessionId: sessionId });
  }
}

/** The kept recording's failure went while this retry ran: its session deleted (404), or settled by another send (409). */
async function failureGoneMeanwhile(sessionId: string): Promise<ApiError> {
  if ((await getDb().session.count({ where: { id: sessionId } })) === 0) return sessionNotFound();
  return new ApiError("conflict", RETRY_ALREADY_DONE);
}

async function transcribeInput(
  input: TranscriptionInput,
  request: Pick<TranscribeRequest, "soloMode" | "speakerName">,
  { steps = transcriptionStepsFromEnv(getEnv()), retryOptions }: TranscriptionDeps,
): Promise<TranscriptionResult> {
  let chain;
  try {
    chain = await runTranscriptionChain(steps, input, retryOptions);
  } catch (error) {
    if (error instanceof TranscriptionNotConfiguredError) throw new ApiError("not_configured", error.message);
    if (error instanceof TranscriptionTooLongError) throw new ApiError("payload_too_large", TRANSCRIBE_TOO_LONG);
    throw error;
  }

  let segments = toTranscriptSegments(chain.transcript.segments);
  if (segments.length === 0 && chain.transcript.text.trim() !== "") {
    // A provider that returned text without segments: one segment for the whole recording.
    segments = toTranscriptSegments([{ text: chain.transcript.text, start: 0, end: chain.transcript.durationSeconds }]);
  }
  if (request.soloMode) {
    // Solo journal: the one voice is the signed-in user's, by name.
    const name = request.speakerName?.trim() || OWN_NAME_FALLBACK;
    segments = segments.map((segment) => ({ ...segment, speaker: name }));
  }

  return {
    transcript: transcriptText(segments),
    segments,
    speakers: groupBySpeaker(segments),
    speakerStats: computeSpeakerStats(segments),
    fallback: chain.fallback,
    ...(chain.fallbackReason ? { fallbackReason: chain.fallbackReason } : {}),
  };
}

function toProviderInput(request: TranscribeRequest): TranscriptionInput {
  return {
    audio: Buffer.from(request.audio, "base64"),
    mimeType: containerMimeType(request.mimeType),
    language: providerLanguage(request.language),
    minSpeakers: request.minSpeakers,
    maxSpeakers: request.maxSpeakers,
  };
}

/**
 * Keeps a failed recording as a retryable session, with its audio while the user's retained-audio quota allows. Under the
 * quota's per-user lock, so a retried upload of the same recording (same browser id) updates its session, never adds one.
 * A new kept session is a session the account holds, so it counts towards STORED_SESSIONS_PER_USER like any other: past
 * it the answer is the cap's 422, with no failed session, and the browser keeps the recording as a local one to retry.
 */
async function keepFailedTranscription(
  userId: string,
  input: TranscriptionInput,
  { language, clientId, soloMode }: Pick<TranscribeRequest, "language" | "clientId" | "soloMode">,
  error: string,
): Promise<{ sessionId: string; audioKept: boolean }> {
  return withRetainedAudioQuota(userId, input.audio.byteLength, async (tx, audioKept) => {
    const now = new Date();
    const audio = audioKept ? { audio: new Uint8Array(input.audio), audioMimeType: input.mimeType, language } : { language };
    const failure = { kind: "transcription" as const, error: error.slice(0, 500), ...audio };
    const existing = clientId ? await tx.session.findUnique({ where: { userId_clientId: { userId, clientId } }, select: { id: true } }) : null;
    if (existing) {
      await tx.failureMarker.upsert({
        where: { sessionId_kind: { sessionId: existing.id, kind: "transcription" } },
        create: { sessionId: existing.id, ...failure },
        update: { ...failure, attemptCount: { increment: 1 }, lastFailedAt: now },
      });
      return { sessionId: existing.id, audioKept };
    }
    // The account's lock, as analyses and saves take it (after this retained-audio one; nothing takes the two the other way
    // round), so new sessions made at once are counted one after the other.
    await holdLockUntilCommit(tx, storedSessionsLock(userId));
    await enforceStoredSessionCap(tx, userId);
    const session = await tx.session.create({
      // The mode is kept so a retry, from any device, transcribes and analyses a Solo Journal entry as one.
      data: { userId, clientId, name: `Recording ${now.toISOString().slice(0, 10)}`, mode: soloMode ? "solo" : "couple", failures: { create: failure } },
      select: { id: true },
    });
    return { sessionId: session.id, audioKept };
  });
}
