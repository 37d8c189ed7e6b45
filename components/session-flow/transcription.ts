"use client";

import { FAILURE_TEXTS, TRANSCRIPTION_ERRORS } from "@/components/recording/texts";
import { announceSessionsChanged } from "@/lib/client/events";
import { deleteRecording, markRecordingStatus, readRecordingBase64, readRecordingParts } from "@/lib/client/recordings/audio-store";
import { blobToBase64 } from "@/lib/client/recordings/blob";
import {
  removeLocalSession,
  removeLocalSessionsWithAudio,
  saveFailedRecordingAsLocalSession,
  tryRecordRetryFailure,
  type LocalSession,
} from "@/lib/client/recordings/local-recordings";
import { holdRecordingLock, releaseRecordingLock } from "@/lib/client/recordings/recording-locks";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { readSpeechLanguage } from "@/lib/client/storage/settings";
import { browserLongRecordingDeps } from "@/lib/client/transcription/long-recording-browser";
import { setLongRecordingProgress } from "@/lib/client/transcription/long-recording-progress";
import {
  needsPartsUpload,
  transcribeInParts,
  type LongRecordingOptions,
  type RecordingPart,
  type RecordingParts,
} from "@/lib/client/transcription/long-recording-upload";
import { requestTranscription, TranscriptionRequestError } from "@/lib/client/transcription/transcribe-client";
import { classifyTranscriptionFailure, type TranscriptionFailureKind } from "@/lib/domain/errors/classify";
import { GROWTH_SPEAKERS } from "@/lib/domain/session-flow/growth";
import { isDeviceSessionId } from "@/lib/domain/session-ids";
import { LONG_RECORDING_TEXTS } from "@/lib/domain/transcription/long-recording";
import { providerLanguage } from "@/lib/domain/transcription/transcribe-request";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

// Upload and retry of a recording whose audio sits in the browser's audio store. The audio is deleted only once the
// transcript is stored (see confirmTranscribed); every failure leaves it stored and listed as a local session to retry.

export type RecordingToSend = {
  audioKey: string;
  mimeType: string;
  size: number;
  recordedAt: number;
  /**
   * The in-memory copy, set only when the browser refused to store (all of) the audio (private mode, full disk): then the
   * stored copy is at most the recording's beginning, and this is what is sent. `blob` is the whole of a one-part
   * recording; `parts` every part of one in several (its `blob` is then empty).
   */
  blob?: Blob;
  parts?: RecordingPart[];
};

type TranscriptionFailure = {
  kind: TranscriptionFailureKind;
  message: string;
  failedSessionId: string | undefined;
  localSession: LocalSession | null;
  /** The server's rate limit refused the upload: seconds until it may be tried again (the audio stays here). */
  retryAfterSeconds?: number;
  /** The server's status, when it answered. */
  status?: number;
};

export type TranscriptionOutcome = { ok: true; result: TranscriptionResultData } | { ok: false; failure: TranscriptionFailure };

/** A retry's outcome; `unwanted`: the transcript came when its flow no longer waited for it, and nothing was changed. */
/**
 * `elsewhere`: the server is transcribing the kept recording for another retry (another tab, another device), or has done
 * so: its words (a 409), and nothing to record as this retry's failure.
 */
export type RetryOutcome = TranscriptionOutcome | { ok: false; unwanted: true } | { ok: false; elsewhere: string };

export async function sendRecording(
  recording: RecordingToSend,
  options: {
    language: string;
    minSpeakers?: number;
    maxSpeakers?: number;
    soloMode?: boolean;
    speakerName?: string;
    /** A Solo Journal's guide, kept with a failed recording for its retry's analysis (not sent to the transcription). */
    guideHeadline?: string;
    followUpOf?: string;
  },
  custody: AudioCustody,
): Promise<TranscriptionOutcome> {
  await markRecordingStatus(recording.audioKey, "uploading").catch(() => false);
  try {
    // The recording's id is the idempotency key: a retried upload or analysis of it reuses its session on the server.
    const clientId = recording.audioKey;
    const followUp = options.followUpOf ? { followUpOf: options.followUpOf } : {};
    // Longer than one upload (issue 14 §2): sent in parts; a failure keeps it here like any other (no server session).
    const inParts = await partsToSend(recording, recording.mimeType);
    if (inParts) {
      const result = await sendInParts(inParts, { clientId, language: providerLanguage(options.language), ...speakerOptions(options, "parts"), ...followUp });
      await confirmTranscribed(recording.audioKey, custody);
      return { ok: true, result };
    }
    const audio = recording.blob?.size ? await blobToBase64(recording.blob) : await readRecordingBase64(recording.audioKey).catch(() => null);
    if (!audio) throw new TranscriptionRequestError(TRANSCRIPTION_ERRORS.noAudio);
    const result = await requestTranscription({
      audio,
      mimeType: recording.mimeType,
      language: providerLanguage(options.language),
      clientId,
      ...speakerOptions(options, "one-piece"),
      ...followUp,
    });
    await confirmTranscribed(recording.audioKey, custody);
    return { ok: true, result: { ...result, clientId } };
  } catch (error) {
    return { ok: false, failure: await keepFailedRecording(recording, error, { followUpOf: options.followUpOf, guideHeadline: options.guideHeadline }) };
  }
}

/** Who speaks, as each way of sending asks it: a journal is one voice (the parts' merge makes it one; one piece asks for one). */
function speakerOptions(options: SpeakerOptions, way: "parts" | "one-piece") {
  const name = options.speakerName ? { speakerName: options.speakerName } : {};
  if (options.soloMode) return way === "parts" ? { soloMode: true, ...name } : { soloMode: true, minSpeakers: 1, maxSpeakers: 1, ...name };
  return options.minSpeakers ? { minSpeakers: options.minSpeakers, maxSpeakers: options.maxSpeakers } : {};
}

type SpeakerOptions = { soloMode?: boolean; speakerName?: string; minSpeakers?: number; maxSpeakers?: number };

/**
 * A failed recording sent again: the server's retry endpoint when it kept the recording too, else (or when it answers 404)
 * the ordinary transcription call with this device's audio, in the speech language set now and the mode the recording was
 * made in (`solo`: a Solo Journal, one voice named after who journals). `wanted` says, when the transcript arrives, whether
 * the flow still waits for it: if not, nobody would hold it, so the recording stays listed with its audio, to retry again.
 */
export async function retryLocalRecording(
  session: LocalSession,
  solo: { speakerName?: string } | undefined,
  custody: AudioCustody,
  wanted: () => boolean = () => true,
): Promise<RetryOutcome> {
  // A growth follow-up's failure is never kept by the server (lib/server/services/transcription.ts): this device has it.
  const serverKept = !isDeviceSessionId(session.id) && !session.followUpOf;
  try {
    let result: TranscriptionResultData | null = null;
    if (serverKept) {
      try {
        result = await sessionApi.retryTranscription(session.id);
      } catch (error) {
        if (error instanceof TranscriptionRequestError && error.status === 409) {
          announceSessionsChanged();
          return { ok: false, elsewhere: error.message };
        }
        if (!(error instanceof TranscriptionRequestError && error.status === 404 && session.audioKey)) throw error;
      }
    }
    if (!result) {
      if (!session.audioKey) throw new TranscriptionRequestError(FAILURE_TEXTS.recordingNotFound);
      const inMemory = unstoredAudio.get(session.audioKey);
      // A growth follow-up is transcribed as the growth recorder sends it (1 to 4 speakers), still tied to its session.
      const followUp = session.followUpOf ? { followUpOf: session.followUpOf, ...GROWTH_SPEAKERS } : {};
      const speakers: SpeakerOptions = solo && !session.followUpOf ? { soloMode: true, speakerName: solo.speakerName } : {};
      const language = providerLanguage(readSpeechLanguage());
      const inParts = await partsToSend({ audioKey: session.audioKey, ...inMemory }, inMemory?.mimeType);
      if (inParts) {
        // Resumes where the last attempt stopped: pieces the server has and parts transcribed are not sent again.
        result = await sendInParts(inParts, { clientId: session.audioKey, language, ...speakerOptions(speakers, "parts"), ...followUp });
      } else {
        // Missing, corrupted or unreadable (the audio store failed): all "Could not load the recording".
        const audio = inMemory?.blob?.size ? await blobToBase64(inMemory.blob) : await readRecordingBase64(session.audioKey).catch(() => null);
        if (!audio) throw new TranscriptionRequestError(FAILURE_TEXTS.couldNotLoadRecording);
        result = await requestTranscription({
          audio,
          mimeType: session.mimeType,
          language,
          clientId: session.audioKey,
          ...speakerOptions(speakers, "one-piece"),
          ...followUp,
        });
      }
    }
    if (!wanted()) return { ok: false, unwanted: true };
    // Marked "transcribed" before its list entry goes: should the mark fail, the entry stays (and goes with the audio at
    // its release), so the audio is never left stored and unlisted.
    if (session.audioKey) {
      unstoredAudio.delete(session.audioKey);
      if (await confirmTranscribed(session.audioKey, custody)) removeLocalSession(session.id);
    } else removeLocalSession(session.id);
    announceSessionsChanged();
    return { ok: true, result: session.audioKey ? { ...result, clientId: session.audioKey } : result };
  } catch (error) {
    const failure = describeFailure(error);
    tryRecordRetryFailure(session.id, failure.message);
    return { ok: false, failure: { ...failure, localSession: session } };
  }
}

/**
 * Whether a failed recording has audio a later retry can send: kept by the server, or stored on this device (a copy only
 * this tab's memory holds is not saved). False for no recording at all: "Error Saving Recording" (spec part 1 section 8).
 */
export async function hasRecordingToKeep(session: LocalSession | null): Promise<boolean> {
  if (!session) return false;
  if (!isDeviceSessionId(session.id) && !session.followUpOf) return true;
  if (!session.audioKey) return false;
  return (await readRecordingParts(session.audioKey).catch(() => null)) !== null;
}

/**
 * The recording's parts when it must be sent in parts (more than one, or one longer than /api/transcribe takes); null for
 * one that goes in one piece as before. A recording the audio store could not keep (all of) is sent from memory: the
 * stored copy of it is only its beginning.
 */
async function partsToSend(recording: { audioKey: string; blob?: Blob; parts?: RecordingPart[] }, mimeType?: string): Promise<RecordingParts | null> {
  const inMemory = recording.parts?.length ? recording.parts : recording.blob?.size ? [{ index: 0, startMs: 0, blob: recording.blob }] : null;
  if (inMemory) {
    const fromMemory = { mimeType: mimeType || inMemory[0]!.blob.type || "audio/webm", parts: inMemory };
    return needsPartsUpload(fromMemory) ? fromMemory : null;
  }
  const stored = await readRecordingParts(recording.audioKey).catch(() => null);
  return stored && needsPartsUpload(stored) ? stored : null;
}

/** transcribeInParts with its progress on the processing screen ("Transcribing part 2 of 5") while it runs. */
async function sendInParts(recording: RecordingParts, options: Omit<LongRecordingOptions, "onProgress">): Promise<TranscriptionResultData> {
  try {
    return await transcribeInParts(
      recording,
      {
        ...options,
        onProgress: ({ phase, part, parts }) =>
          setLongRecordingProgress(
            phase === "uploading" ? LONG_RECORDING_TEXTS.uploadingPart(part, parts) : LONG_RECORDING_TEXTS.transcribingPart(part, parts),
          ),
      },
      browserLongRecordingDeps,
    );
  } finally {
    setLongRecordingProgress(null);
  }
}

/**
 * The transcript has arrived, but only this tab holds it until its session (or its failed analysis) is stored: the audio
 * stays, marked "transcribed" and locked as this tab's, and goes when its flow releases it (releaseTranscribedAudio). A
 * tab closed or discarded meanwhile leaves it unlocked, and the next start lists it to retry
 * (lib/client/recordings/recover-interrupted.ts). True once marked.
 */
async function confirmTranscribed(audioKey: string, custody: AudioCustody): Promise<boolean> {
  holdRecordingLock(audioKey);
  custody.add(audioKey);
  return markRecordingStatus(audioKey, "transcribed").catch(() => false);
}

/** The audio keys one flow transcribed and holds the transcripts of, unstored (each flow its own: see flow-kit.ts). */
export type AudioCustody = Set<string>;

/**
 * The flow's transcripts are stored now (or were let go on purpose: a naming closed, nothing to analyse): their audio
 * goes, with any list entry still naming it. If deleting fails, it is only kept longer than needed.
 */
export async function releaseTranscribedAudio(custody: AudioCustody): Promise<void> {
  const keys = [...custody];
  custody.clear();
  for (const key of keys) {
    try {
      removeLocalSessionsWithAudio(key);
    } catch {
      // An entry left behind answers its retry with "Could not load the recording"; the audio is what matters here.
    }
  }
  await Promise.all(keys.map((key) => deleteRecording(key).catch(() => undefined)));
}

/**
 * The flow let go of transcripts it could store nowhere: their audio stays, unlocked, so that the next start (this tab's
 * or another's) lists it as a recording to retry (recover-interrupted.ts takes "transcribed" audio no tab holds).
 */
export function leaveTranscribedAudioForRecovery(custody: AudioCustody): void {
  for (const key of custody) releaseRecordingLock(key);
  custody.clear();
}

/** Failed recordings the audio store could not keep (all of), by audio key: the copy a retry in this tab sends. */
const unstoredAudio = new Map<string, { mimeType: string; blob?: Blob; parts?: RecordingPart[] }>();

/** Keeps a recording that was not transcribed: listed in the history to retry, its audio (and any unstored copy) kept. */
export async function keepFailedRecording(
  recording: RecordingToSend,
  error: unknown,
  { followUpOf, guideHeadline }: { followUpOf?: string; guideHeadline?: string } = {},
): Promise<TranscriptionFailure> {
  const failure = describeFailure(error);
  // What the browser refused to store stays in this tab's memory, so that a retry here sends all of it, not the stored
  // beginning (nothing at all in private browsing).
  if (recording.blob?.size || recording.parts?.length) {
    unstoredAudio.set(recording.audioKey, { mimeType: recording.mimeType, blob: recording.blob, parts: recording.parts });
  }
  let localSession: LocalSession | null = null;
  try {
    localSession = saveFailedRecordingAsLocalSession({
      audioKey: recording.audioKey,
      mimeType: recording.mimeType,
      size: recording.size,
      error: failure.message,
      failedSessionId: failure.failedSessionId,
      recordedAt: recording.recordedAt,
      ...(followUpOf ? { followUpOf } : {}),
      ...(guideHeadline ? { guideHeadline } : {}),
    });
  } catch {
    // The list entry could not be written. The audio stays in the audio store as it is (not "saved-locally", which recovery
    // would pass over as listed), so the next start lists it to retry.
  }
  if (localSession) await markRecordingStatus(recording.audioKey, "saved-locally").catch(() => false);
  announceSessionsChanged();
  return { ...failure, localSession };
}

function describeFailure(error: unknown): Omit<TranscriptionFailure, "localSession"> {
  const message = error instanceof Error && error.message ? error.message : FAILURE_TEXTS.transcriptionErrorFallback;
  const failedSessionId = error instanceof TranscriptionRequestError ? error.failedSessionId : undefined;
  const retryAfterSeconds = error instanceof TranscriptionRequestError ? error.retryAfterSeconds : undefined;
  const status = error instanceof TranscriptionRequestError ? error.status : undefined;
  return {
    kind: classifyTranscriptionFailure({ message, failedSessionId }),
    message,
    failedSessionId,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    ...(status ? { status } : {}),
  };
}
