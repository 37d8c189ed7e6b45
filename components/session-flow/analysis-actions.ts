import { FAILURE_TEXTS, LIMIT_TEXTS } from "@/components/recording/texts";
import { ANALYSIS_STEP_DELAY_MS, ANALYSIS_TEXTS as T } from "@/components/session/texts";
import { SOLO_TEXTS } from "@/components/solo/texts";
import { AnalysisRequestError, requestAnalysis } from "@/lib/client/analysis/analyze-client";
import { previousCommitmentsOnDevice } from "@/lib/client/commitments/commitments";
import { announceSessionsChanged } from "@/lib/client/events";
import {
  readLocalSessionRecord,
  recordingName,
  removeLocalSession,
  tryRecordRetryFailure,
  upsertLocalSessionRecord,
} from "@/lib/client/recordings/local-recordings";
import { releaseRecordingLock, tryHoldRecordingLock } from "@/lib/client/recordings/recording-locks";
import { sessionApi, SessionApiError } from "@/lib/client/sessions/session-api";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import { wait } from "@/lib/client/wait";
import { EMPTY_TRANSCRIPT_MESSAGE } from "@/lib/domain/analysis/analysis-errors";
import { checkTranscriptForAnalysis } from "@/lib/domain/analysis/intake";
import type { Analysis } from "@/lib/domain/analysis/types";
import { isAnalysisConnectionError, isRefusedForGood, truncateServerError } from "@/lib/domain/errors/classify";
import { describeWait } from "@/lib/domain/errors/wait";
import type { CommitmentDraft } from "@/lib/domain/growth/commitments";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import type { AnalysisRetry, NamedTranscript } from "@/lib/domain/session-flow/machine";
import { isDeviceSessionId, newDeviceSessionId } from "@/lib/domain/session-ids";
import { namedTranscript } from "@/lib/domain/speakers/apply-names";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { keepOnDevice, markFreeSessionUsed } from "./device-copy";
import type { FlowKit } from "./flow-kit";
import { leaveTranscribedAudioForRecovery } from "./transcription";

type SpeakerStats = Record<string, { totalTime: number; wordCount: number; segments: number }>;

/** Naming → analysis → results (spec part 1 section 4 "After transcription"), and the analysis failures of section 8. */
export function createAnalysisActions(kit: FlowKit) {
  /** The analysed session, and whether it is stored (by the server, or on this device when it is a guest's). */
  function opened(
    result: { analysis: Analysis; sessionId: string | null; signals?: unknown },
    named: NamedTranscript | null,
    fallbackName: string,
  ): { session: ClientSession; stored: boolean } {
    const now = Date.now();
    const session: ClientSession = {
      id: result.sessionId ?? newDeviceSessionId(now),
      isLocal: result.sessionId === null,
      transcript: named?.original.transcript ?? "",
      analysis: result.analysis,
      swipeActions: [],
      createdAt: new Date(now).toISOString(),
      timestamp: now,
      name: result.analysis.briefSummary || fallbackName,
      mode: named?.solo ? "solo" : "couple",
      speakerNames: named?.speakerNames ?? {},
      isCompleted: false,
      signals: result.signals ?? null,
    };
    // A guest's session lives in this browser; a signed-in user's was stored by the server with the analysis. Where the
    // browser refuses to keep it, the recording's audio is left for the next start to list, not deleted with the results.
    const stored = !session.isLocal || keepOnDevice(session);
    if (!stored) leaveTranscribedAudioForRecovery(kit.transcribedAudio);
    markFreeSessionUsed();
    announceSessionsChanged();
    return { session, stored };
  }

  async function analyze(named: NamedTranscript): Promise<void> {
    const now = Date.now();
    try {
      const result = await requestAnalysis(analyzeBody(named));
      if (result.analysis.cards.length === 0) {
        showToast({ title: T.errorTitle, description: T.noCards, variant: "destructive" });
        kit.dispatch({ type: "ANALYSIS_ABANDONED" });
        return;
      }
      kit.dispatch({ type: "ANALYSED", session: opened(result, named, recordingName(new Date(now))).session });
      if (named.solo) showToast({ title: SOLO_TEXTS.complete, variant: "success" });
    } catch (error) {
      if (isEmptyTranscript(error)) return abandonEmptyTranscript();
      failed(named, toAnalysisError(error), now);
    }
  }

  /** A blank transcript, refused before the call: nothing to keep or retry, so the flow ends with the spec's text. */
  function abandonEmptyTranscript(): void {
    showToast({ title: T.errorTitle, description: T.emptyTranscript, variant: "destructive" });
    kit.dispatch({ type: "ANALYSIS_ABANDONED" });
  }

  /** The couple's words are never dropped: kept on this device (and, signed in, by the server) and offered for a retry. */
  function failed(named: NamedTranscript, failure: AnalysisRequestError, now: number): void {
    const keptId = keepFailedAnalysis(named, failure, now);
    const retry: AnalysisRetry = { keptId: keptId ?? failure.failedSessionId ?? null, named };
    const connection = isAnalysisConnectionError({
      message: failure.message,
      isConnectionError: failure.isConnectionError,
      failedSessionId: failure.failedSessionId,
    });
    // A 422 is the server saying why it will not (the account's bound of stored sessions): its words, not "try again".
    const description = connection ? truncateServerError(failure.message || T.unavailable) : failure.status === 422 ? failure.message : T.unableToAnalyze;
    if (failure.retryAfterSeconds) {
      // The rate limit: the transcript is kept (above) and the Analysis Failed dialog offers the retry for later.
      showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.conversationKept(describeWait(failure.retryAfterSeconds)), variant: "destructive" });
    } else showToast({ title: T.failedTitle, description, variant: "destructive" });
    kit.dispatch({ type: "ANALYSIS_FAILED", dialog: connection ? "analysis-connection" : "analysis-failed", retry });
  }

  async function retryAnalysis(retry: AnalysisRetry): Promise<void> {
    const named = retry.named ?? (retry.keptId && isDeviceSessionId(retry.keptId) ? namedFromDevice(retry.keptId) : null);
    if (!retry.keptId && !named) {
      showToast({ title: FAILURE_TEXTS.errorTitle, description: FAILURE_TEXTS.missingFailedSessionId, variant: "destructive" });
      return;
    }
    const keptOnServer = retry.keptId !== null && !isDeviceSessionId(retry.keptId);
    if (!keptOnServer && !named) {
      // Kept on this device, but its transcript is no longer there.
      showToast({ title: T.errorTitle, description: T.missingTranscript, variant: "destructive" });
      return;
    }
    // One retry at a time: only the call whose own event moved the flow from idle goes on. A second tap finds the flow
    // analysing already (the first's) and would otherwise send the analysis again: two taps queued while the flow's code
    // was still loading both run at once when it arrives, before the list can disable the item.
    if (kit.getState().phase.name !== "idle") return;
    kit.dispatch({ type: "ANALYSIS_RETRY" });
    if (kit.getState().phase.name !== "analysing") return; // something else is under way
    // One tab at a time, as a recording's retry: another tab of this browser retrying the same kept analysis holds it, and
    // this one stops instead of paying for the analysis twice (and, for a copy kept on this device, storing it twice).
    const lock = retry.keptId ? `analysis:${retry.keptId}` : null;
    if (lock && !(await tryHoldRecordingLock(lock))) {
      kit.dispatch({ type: "ANALYSIS_ABANDONED" });
      showToast({ title: FAILURE_TEXTS.retryElsewhereTitle, description: T.retryInOtherTab });
      return;
    }
    try {
      // One the account kept: the history's list carries none of its transcript, and the results show and save the
      // conversation (a save of an empty transcript and "couple" would wipe the account's and turn a journal into a couple's).
      // Read before the retry: one that fails leaves nothing done, so its "Retry Failed" is true.
      const conversation = named ?? namedFromRecord(await sessionApi.get(retry.keptId!), "conversationGuideHeadline");
      const result = keptOnServer ? await sessionApi.retryAnalysis(retry.keptId!) : await requestAnalysis(analyzeBody(named!));
      showToast({ title: FAILURE_TEXTS.retrySuccessAnalysis, variant: "success" });
      const fallbackName = retry.keptId ? String(readLocalSessionRecord(retry.keptId)?.name ?? "") : "";
      const { session, stored } = opened(
        { analysis: result.analysis, sessionId: result.sessionId ?? null, signals: result.signals },
        conversation,
        fallbackName || recordingName(new Date()),
      );
      // The kept copy goes only once the analysed session is stored: where the browser refused to store it (storage
      // full), the transcript stays listed as a failed analysis, one tap from another retry.
      if (retry.keptId && stored) forgetKeptAnalysis(retry.keptId);
      kit.dispatch({ type: "ANALYSED", session });
    } catch (error) {
      if (isEmptyTranscript(error)) return abandonEmptyTranscript();
      if (retry.keptId) tryRecordRetryFailure(retry.keptId, error instanceof Error ? error.message : T.unavailable, "analysis");
      announceSessionsChanged();
      const wait = rateLimitWait(error);
      // A refusal the server would give again (the account's bound, a conversation it can no longer analyse, gone): its words.
      const status = error instanceof AnalysisRequestError || error instanceof SessionApiError ? error.status : undefined;
      const description = isRefusedForGood(status) && error instanceof Error ? truncateServerError(error.message) : FAILURE_TEXTS.retryFailedBody;
      if (wait) showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.conversationKept(describeWait(wait)), variant: "destructive" });
      else showToast({ title: FAILURE_TEXTS.retryFailedTitle, description, variant: "destructive" });
      kit.dispatch({ type: "ANALYSIS_FAILED", dialog: "analysis-failed", retry });
    } finally {
      if (lock) releaseRecordingLock(lock);
    }
  }

  return {
    /** The last speaker is named: the steps show, then /api/analyze runs with the names applied to the transcript. */
    confirmNames: async (speakerNames: Record<string, string>) => {
      const { phase } = kit.getState();
      if (phase.name !== "naming") return;
      const { transcription } = phase;
      const named: NamedTranscript = {
        transcript: namedTranscript(transcription.segments, speakerNames),
        speakerNames,
        original: {
          transcript: transcription.transcript,
          segments: transcription.segments,
          speakers: transcription.speakers,
          speakerStats: transcription.speakerStats,
        },
        ...(transcription.sessionId ? { sessionId: transcription.sessionId } : {}),
        ...(transcription.clientId ? { clientId: transcription.clientId } : {}),
      };
      kit.dispatch({ type: "NAMES_CONFIRMED" });
      // No words in any segment (the named lines would be speaker labels only): a blank transcript, rejected before the
      // wait and the call (spec part 1 section 5).
      if (checkTranscriptForAnalysis(transcription.segments.map((segment) => segment.text).join(" "))) return abandonEmptyTranscript();
      await wait(ANALYSIS_STEP_DELAY_MS);
      kit.dispatch({ type: "ANALYSIS_STEP", step: "generating" });
      await analyze(named);
    },
    closeNaming: () => kit.dispatch({ type: "NAMING_CLOSED" }),
    /** A Solo Journal transcript: the user's own name on every line, the guide's headline passed on (part 1 section 4). */
    analyzeSolo: async (transcription: TranscriptionResultData, speakerName: string, guideHeadline: string | null) => {
      if (kit.getState().phase.name !== "analysing") return;
      const named = soloNamedTranscript(transcription, speakerName, guideHeadline);
      await wait(ANALYSIS_STEP_DELAY_MS);
      kit.dispatch({ type: "ANALYSIS_STEP", step: "generating" });
      await analyze(named);
    },
    /** Retry Now in an analysis failure dialog: from the kept copy, else from the transcript still in memory. */
    retryFromDialog: () => {
      const dialog = kit.getState().dialog;
      if (dialog?.kind === "analysis-connection" || dialog?.kind === "analysis-failed") void retryAnalysis(dialog.retry);
    },
    /** A red "Analysis failed" item of the history. */
    retryKept: (entry: { id: string }) => void retryAnalysis({ keptId: entry.id, named: null }),
    /**
     * Save Locally: the transcript is kept already (on this device, or by the account); the dialog closes and says where
     * to find it. One the browser refused to keep at the failure (its warning gave way to "Analysis Failed") is written
     * now, and a browser that still refuses says why again rather than "Saved".
     */
    saveLocally: () => {
      const { dialog } = kit.getState();
      const retry = dialog?.kind === "analysis-connection" || dialog?.kind === "analysis-failed" ? dialog.retry : null;
      kit.dispatch({ type: "DIALOG_CLOSED" });
      const kept = !retry?.named || retry.keptId !== null || keepFailedAnalysis(retry.named, { message: T.unableToAnalyze }, Date.now()) !== null;
      if (kept) showToast({ title: T.savedLocallyTitle, description: T.savedLocallyBody });
    },
  };
}

/** A failed analysis's kept copy, now that its analysed session is stored; one the browser will not remove stays listed. */
function forgetKeptAnalysis(keptId: string): void {
  try {
    removeLocalSession(keptId);
  } catch {
    // Only a duplicate left in the history: its retry analyses the same transcript again.
  }
}

/** The body of POST /api/analyze for a named transcript (relationship mode). */
function analyzeBody(named: NamedTranscript) {
  return {
    transcript: named.transcript,
    fullTranscript: named.original.transcript,
    speakerNames: named.speakerNames,
    segments: named.original.segments,
    speakerStats: named.original.speakerStats as SpeakerStats,
    mode: named.solo ? ("solo" as const) : ("couple" as const),
    ...(named.solo?.guideHeadline ? { conversationGuideHeadline: named.solo.guideHeadline } : {}),
    ...(named.sessionId ? { sessionId: named.sessionId } : {}),
    ...(named.clientId ? { clientId: named.clientId } : {}),
    ...withPreviousCommitments(),
  };
}

/** A guest's last commitments, so the analysis can take them into account (the server reads a signed-in user's itself). */
function withPreviousCommitments(): { previousCommitments?: CommitmentDraft[] } {
  try {
    const previous = previousCommitmentsOnDevice();
    return previous.length > 0 ? { previousCommitments: previous } : {};
  } catch {
    return {}; // storage unreadable: the analysis simply goes without them
  }
}

/** Seconds to wait when the server's rate limit refused an analysis or its retry; undefined for any other failure. */
function rateLimitWait(error: unknown): number | undefined {
  if (error instanceof AnalysisRequestError) return error.retryAfterSeconds;
  if (error instanceof SessionApiError && error.status === 429) return Number(error.details.retryAfterSeconds) || 60;
  return undefined;
}

/** requestAnalysis refused a blank transcript before the call (spec part 1 section 5). */
function isEmptyTranscript(error: unknown): boolean {
  return error instanceof Error && error.message === EMPTY_TRANSCRIPT_MESSAGE;
}

function toAnalysisError(error: unknown): AnalysisRequestError {
  if (error instanceof AnalysisRequestError) return error;
  return new AnalysisRequestError(error instanceof Error ? error.message : T.unavailable);
}

/** Keeps a failed analysis's transcript on this device for a retry; its id, or null when the browser refused (told why). */
function keepFailedAnalysis(named: NamedTranscript, failure: { message: string; failedSessionId?: string }, now: number): string | null {
  const id = failure.failedSessionId ?? newDeviceSessionId(now);
  try {
    upsertLocalSessionRecord({
      id,
      name: recordingName(new Date(now)),
      transcript: named.original.transcript,
      namedTranscript: named.transcript,
      speakerNames: named.speakerNames,
      analysis: { cards: [], transcriptionSegments: named.original.segments, speakerStats: named.original.speakerStats, speakerNames: named.speakerNames },
      failedAnalysis: { error: failure.message.slice(0, 500), timestamp: new Date(now).toISOString(), attemptCount: 1 },
      // A Solo Journal entry is retried as one, with its guide's headline, even after a reload.
      mode: named.solo ? "solo" : "couple",
      ...(named.solo?.guideHeadline ? { guideHeadline: named.solo.guideHeadline } : {}),
      createdAt: new Date(now).toISOString(),
      timestamp: now,
      audioKey: null,
      // The recording's audio is deleted once this is written; should the tab close first, recovery knows it is kept here.
      // It is also the analysis's idempotency key, which the retry sends again.
      ...(named.clientId ? { transcribedFrom: named.clientId } : {}),
      ...(named.sessionId ? { accountSessionId: named.sessionId } : {}),
    });
    announceSessionsChanged();
    return id;
  } catch (error) {
    // Neither this browser nor (for a guest) the server holds the conversation now: that is what the user must know.
    if (!failure.failedSessionId) showToast(storageWarning(error));
    return null;
  }
}

/** One voice, the user's: every segment and the single speaker carry their name, whatever ids the provider gave. */
export function soloNamedTranscript(transcription: TranscriptionResultData, speakerName: string, guideHeadline: string | null): NamedTranscript {
  const segments = transcription.segments.filter((segment) => segment.text.trim() !== "").map((segment) => ({ ...segment, speaker: speakerName }));
  const stats = Object.values(transcription.speakerStats).reduce(
    (sum, entry) => ({ totalTime: sum.totalTime + entry.totalTime, wordCount: sum.wordCount + entry.wordCount, segments: sum.segments + entry.segments }),
    { totalTime: 0, wordCount: 0, segments: 0 },
  );
  return {
    transcript: namedTranscript(segments, {}),
    speakerNames: { [speakerName]: speakerName },
    original: { transcript: transcription.transcript, segments, speakers: { [speakerName]: segments }, speakerStats: { [speakerName]: stats } },
    ...(transcription.sessionId ? { sessionId: transcription.sessionId } : {}),
    ...(transcription.clientId ? { clientId: transcription.clientId } : {}),
    solo: { guideHeadline },
  };
}

/** A failed analysis this device kept, as the named transcript it was made from. */
function namedFromDevice(id: string): NamedTranscript | null {
  const record = readLocalSessionRecord(id);
  // No transcript at all (as opposed to a blank one, which the request refuses): "Missing transcript data".
  if (!record || (typeof record.transcript !== "string" && typeof record.namedTranscript !== "string")) return null;
  // Its retry is the same analysis: under the same idempotency key, attached to the account's session that holds the
  // transcript, so that an analysis the server finished after the connection dropped is found, not made a second time.
  const { transcribedFrom, accountSessionId } = record;
  return {
    ...namedFromRecord(record, "guideHeadline"),
    ...(typeof transcribedFrom === "string" && transcribedFrom ? { clientId: transcribedFrom } : {}),
    ...(typeof accountSessionId === "string" && accountSessionId ? { sessionId: accountSessionId } : {}),
  };
}

/** A stored session's conversation (this device's copy, or the account's, whose guide headline has a longer name). */
function namedFromRecord(record: Record<string, unknown>, headlineField: "guideHeadline" | "conversationGuideHeadline"): NamedTranscript {
  const stored = (record.analysis ?? {}) as {
    transcriptionSegments?: NamedTranscript["original"]["segments"];
    speakerStats?: SpeakerStats;
    speakers?: NamedTranscript["original"]["speakers"];
  };
  const transcript = String(record.transcript ?? "");
  const headline = record[headlineField];
  const guideHeadline = typeof headline === "string" && headline.trim() ? headline : null;
  return {
    transcript: String(record.namedTranscript ?? transcript),
    speakerNames: (record.speakerNames ?? {}) as Record<string, string>,
    original: { transcript, segments: stored.transcriptionSegments ?? [], speakers: stored.speakers ?? {}, speakerStats: stored.speakerStats ?? {} },
    ...(record.mode === "solo" ? { solo: { guideHeadline } } : {}),
  };
}
