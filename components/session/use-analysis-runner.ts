"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";

import type { AnalysisStep } from "@/components/recording/analysing-overlay";
import { AnalysisRequestError, requestAnalysis } from "@/lib/client/analysis/analyze-client";
import { queryKeys } from "@/lib/client/api/query-client";
import { APP_EVENTS, type AnalyzeWithNamesDetail, emitAppEvent, onAppEvent } from "@/lib/client/events";
import { type LocalSession, readLocalSessionRecord, recordRetryFailure, recordingName, removeLocalSession, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { apiJson } from "@/lib/client/api/request";
import { FAILURE_TEXTS } from "@/components/recording/texts";
import type { Analysis } from "@/lib/domain/analysis/types";
import type { ClientSession } from "@/lib/client/sessions/client-session";
import { STORAGE_KEYS, browserStorage } from "@/lib/client/storage/browser-keys";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import { isAnalysisConnectionError, truncateServerError } from "@/lib/domain/errors/classify";

import { ANALYSIS_STEP_DELAY_MS, ANALYSIS_TEXTS as T } from "./texts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Consumes the analyze-with-names event: shows the analysing steps, asks /api/analyze, and opens the results. A guest's
 * session is kept in this browser; a signed-in user's was stored by the server. Any failure keeps the transcript.
 */
export function useAnalysisRunner() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<AnalysisStep | null>(null);
  const [session, setSession] = useState<ClientSession | null>(null);
  const [connectionDialog, setConnectionDialog] = useState(false);

  const run = useCallback(
    async (detail: AnalyzeWithNamesDetail) => {
      if (!detail?.transcript?.trim()) {
        showToast({ title: T.errorTitle, description: T.missingTranscript, variant: "destructive" });
        return;
      }
      setStep("identifying");
      await wait(ANALYSIS_STEP_DELAY_MS);
      setStep("generating");
      const { segments, speakerStats, transcript: fullTranscript } = detail.originalData;
      const now = Date.now();
      try {
        const { analysis, sessionId } = await requestAnalysis({
          transcript: detail.transcript,
          fullTranscript,
          speakerNames: detail.speakerNames,
          segments,
          speakerStats: speakerStats as Record<string, { totalTime: number; wordCount: number; segments: number }>,
          mode: "couple",
          ...(detail.sessionId ? { sessionId: detail.sessionId } : {}),
        });
        if (analysis.cards.length === 0) {
          showToast({ title: T.errorTitle, description: T.noCards, variant: "destructive" });
          return;
        }
        const next: ClientSession = {
          id: sessionId ?? `local-${now}`,
          isLocal: sessionId === null,
          transcript: fullTranscript,
          analysis,
          swipeActions: [],
          createdAt: new Date(now).toISOString(),
          timestamp: now,
          name: analysis.briefSummary || recordingName(new Date(now)),
          mode: "couple",
          speakerNames: detail.speakerNames,
          isCompleted: false,
        };
        if (next.isLocal) keepGuestSession(next);
        markFreeSessionUsed();
        emitAppEvent(APP_EVENTS.refreshSessions);
        void queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
        setSession(next);
      } catch (error) {
        const failure = error instanceof AnalysisRequestError ? error : new AnalysisRequestError(error instanceof Error ? error.message : T.unavailable);
        const refusal = keepFailedAnalysis(detail, failure, now);
        if (refusal && !failure.failedSessionId) {
          // Neither this browser nor the account holds the conversation now: that is what the user must know first.
          showToast(storageWarning(refusal.error));
        } else if (isAnalysisConnectionError({ message: failure.message, isConnectionError: failure.isConnectionError, failedSessionId: failure.failedSessionId })) {
          showToast({ title: T.failedTitle, description: truncateServerError(failure.message || T.unavailable), variant: "destructive" });
          setConnectionDialog(true);
        } else {
          showToast({ title: T.failedTitle, description: T.unableToAnalyze, variant: "destructive" });
        }
      } finally {
        setStep(null);
      }
    },
    [queryClient],
  );

  useEffect(() => onAppEvent<AnalyzeWithNamesDetail>(APP_EVENTS.analyzeWithNames, (detail) => void run(detail)), [run]);

  /** A failed analysis kept on this device: the server's retry endpoint when it kept the session, else a new analysis. */
  const retryFailedAnalysis = useCallback(
    async (local: LocalSession) => {
      const record = readLocalSessionRecord(local.id);
      const stored = (record?.analysis ?? {}) as { transcriptionSegments?: AnalyzeWithNamesDetail["originalData"]["segments"]; speakerStats?: Record<string, { totalTime: number; wordCount: number; segments: number }> };
      const speakerNames = (record?.speakerNames ?? {}) as Record<string, string>;
      setStep("generating");
      try {
        const result = local.id.startsWith("local-")
          ? await requestAnalysis({ transcript: String(record?.namedTranscript ?? record?.transcript ?? local.transcript ?? ""), fullTranscript: String(record?.transcript ?? local.transcript ?? ""), speakerNames, segments: stored.transcriptionSegments, speakerStats: stored.speakerStats, mode: "couple" })
          : await apiJson<{ analysis: Analysis; sessionId: string }>("POST", `/api/sessions/${encodeURIComponent(local.id)}/retry-analysis`);
        removeLocalSession(local.id);
        const now = Date.now();
        const next: ClientSession = {
          id: result.sessionId ?? `local-${now}`,
          isLocal: !result.sessionId,
          transcript: String(record?.transcript ?? local.transcript ?? ""),
          analysis: result.analysis,
          swipeActions: [],
          createdAt: new Date(now).toISOString(),
          timestamp: now,
          name: result.analysis.briefSummary || local.name,
          mode: "couple",
          speakerNames,
          isCompleted: false,
        };
        if (next.isLocal) keepGuestSession(next);
        showToast({ title: FAILURE_TEXTS.retrySuccessAnalysis, variant: "success" });
        emitAppEvent(APP_EVENTS.refreshSessions);
        setSession(next);
      } catch (error) {
        recordRetryFailure(local.id, error instanceof Error ? error.message : T.unavailable, "analysis");
        showToast({ title: FAILURE_TEXTS.retryFailedTitle, description: FAILURE_TEXTS.retryFailedBody, variant: "destructive" });
        emitAppEvent(APP_EVENTS.refreshSessions);
      } finally {
        setStep(null);
      }
    },
    [],
  );

  return { step, session, setSession, retryFailedAnalysis: (local: LocalSession) => void retryFailedAnalysis(local), closeSession: () => setSession(null), connectionDialog, closeConnectionDialog: () => setConnectionDialog(false) };
}

function keepGuestSession(session: ClientSession): void {
  try {
    upsertLocalSessionRecord({ ...session });
    emitAppEvent(APP_EVENTS.localSessionSaved, { id: session.id });
  } catch (error) {
    showToast(storageWarning(error));
  }
}

/** The transcript is the couple's own words: a failed analysis keeps it on this device for a retry. Tells why when refused. */
function keepFailedAnalysis(detail: AnalyzeWithNamesDetail, failure: AnalysisRequestError, now: number): { error: unknown } | null {
  try {
    upsertLocalSessionRecord({
      id: failure.failedSessionId ?? `local-${now}`,
      name: recordingName(new Date(now)),
      transcript: detail.originalData.transcript,
      namedTranscript: detail.transcript,
      speakerNames: detail.speakerNames,
      analysis: { cards: [], transcriptionSegments: detail.originalData.segments, speakerStats: detail.originalData.speakerStats, speakerNames: detail.speakerNames },
      failedAnalysis: { error: failure.message.slice(0, 500), timestamp: new Date(now).toISOString(), attemptCount: 1 },
      createdAt: new Date(now).toISOString(),
      timestamp: now,
      audioKey: null,
    });
    emitAppEvent(APP_EVENTS.localSessionSaved, { id: failure.failedSessionId });
    return null;
  } catch (error) {
    return { error };
  }
}

function markFreeSessionUsed(): void {
  try {
    browserStorage()?.setItem(STORAGE_KEYS.freeSessionUsed, "true");
  } catch {
    // Only affects the profile's free-session line.
  }
}
