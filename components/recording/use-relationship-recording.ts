"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { APP_EVENTS, onAppEvent } from "@/lib/client/events";
import { useWakeLock } from "@/lib/client/hooks/use-wake-lock";
import type { LocalSession } from "@/lib/client/recordings/local-recordings";
import { type AudioRecorder, RecorderError, createAudioRecorder, isRecordingSupported } from "@/lib/client/recordings/recorder";
import { apiRequest } from "@/lib/client/api/request";
import { readSpeechLanguage } from "@/lib/client/storage/settings";
import { showToast } from "@/lib/client/toast/toast-store";
import { truncateServerError } from "@/lib/domain/errors/classify";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { FAILURE_TEXTS, PRELOAD_PROMPTS_TIMEOUT_MS, RECORDING_TEXTS, REDIRECT_HOME_AFTER_ERROR_MS, TRANSCRIPTION_ERRORS } from "./texts";
import { type TranscriptionOutcome, type TranscriptionFailure, retryLocalRecording, sendRecording } from "./transcription-flow";

export type RecordingPhase =
  | { name: "idle"; notReady: boolean }
  | { name: "readiness"; recording: boolean }
  | { name: "recording" }
  | { name: "transcribing" }
  | { name: "naming"; result: TranscriptionResultData };

export type FailureDialog =
  | { kind: "connection" }
  | { kind: "retry"; session: LocalSession | null; failedSessionId: string | undefined };

const TIMER_TICK_MS = 100;

/** Relationship recording from the record button to named speakers (spec part 1, section 4). */
export function useRelationshipRecording({ onHome }: { onHome: () => void }) {
  const [phase, setPhase] = useState<RecordingPhase>({ name: "idle", notReady: false });
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [dialog, setDialog] = useState<FailureDialog | null>(null);
  const [retrying, setRetrying] = useState(false);
  // The microphone dropped mid-recording and the recorder is looking for it again; the timer keeps running.
  const [reconnecting, setReconnecting] = useState(false);
  const recorder = useRef<AudioRecorder | null>(null);
  const homeTimer = useRef<number | null>(null);

  const recording = phase.name === "recording" || (phase.name === "readiness" && phase.recording);
  useWakeLock(recording);

  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [recording]);

  useEffect(() => () => {
    if (homeTimer.current) window.clearTimeout(homeTimer.current);
  }, []);

  const goHomeSoon = useCallback(() => {
    homeTimer.current = window.setTimeout(() => {
      setDialog(null);
      setPhase({ name: "idle", notReady: false });
      onHome();
    }, REDIRECT_HOME_AFTER_ERROR_MS);
  }, [onHome]);

  const handleOutcome = useCallback(
    (outcome: TranscriptionOutcome) => {
      if (outcome.ok) {
        if (outcome.result.fallback) showToast({ title: RECORDING_TEXTS.backupNote });
        if (outcome.result.segments.length > 0 && Object.keys(outcome.result.speakers).length > 0) {
          setPhase({ name: "naming", result: outcome.result });
        } else {
          showToast({ title: FAILURE_TEXTS.transcriptionErrorTitle, description: TRANSCRIPTION_ERRORS.noAudio, variant: "destructive" });
          setPhase({ name: "idle", notReady: false });
        }
        return;
      }
      showFailure(outcome.failure, setDialog, goHomeSoon);
      setPhase({ name: "idle", notReady: false });
    },
    [goHomeSoon],
  );

  const start = useCallback(() => {
    if (!isRecordingSupported()) {
      showToast({ title: RECORDING_TEXTS.unsupportedTitle, description: RECORDING_TEXTS.unsupportedBody, variant: "destructive" });
      return;
    }
    void preloadPrompts();
    setPhase({ name: "readiness", recording: false });
  }, []);

  const beginCapture = useCallback(async () => {
    const id = `rec-${Date.now()}-${crypto.randomUUID()}`;
    const next = createAudioRecorder({
      id,
      onError: (error) => showToast({ title: FAILURE_TEXTS.warningTitle, description: error.message, variant: "destructive" }),
      onReconnectChange: (lost) => {
        if (recorder.current === next) setReconnecting(lost);
      },
    });
    recorder.current = next;
    try {
      await next.start();
      setStartedAt(Date.now());
      setNow(Date.now());
      setPhase((current) => (current.name === "readiness" ? { name: "readiness", recording: true } : current));
    } catch (error) {
      recorder.current = null;
      setPhase({ name: "idle", notReady: false });
      const message = error instanceof RecorderError ? error.message : RECORDING_TEXTS.unsupportedBody;
      showToast({ title: RECORDING_TEXTS.unsupportedTitle, description: message, variant: "destructive" });
    }
  }, []);

  const cancel = useCallback(async (notReady = false) => {
    const active = recorder.current;
    recorder.current = null;
    setStartedAt(null);
    setReconnecting(false);
    setPhase({ name: "idle", notReady });
    await active?.cancel().catch(() => undefined);
  }, []);

  const stop = useCallback(async () => {
    const active = recorder.current;
    if (!active) return;
    recorder.current = null;
    setStartedAt(null);
    setReconnecting(false);
    setPhase({ name: "transcribing" });
    let audio;
    try {
      audio = await active.stop();
    } catch (error) {
      showToast({ title: FAILURE_TEXTS.transcriptionErrorTitle, description: error instanceof Error ? error.message : TRANSCRIPTION_ERRORS.emptyBlob, variant: "destructive" });
      setPhase({ name: "idle", notReady: false });
      return;
    }
    const outcome = await sendRecording(
      { audioKey: audio.id, mimeType: audio.mimeType, size: audio.size, recordedAt: Date.now() - audio.durationMs, blob: audio.storedLocally ? undefined : audio.blob },
      { language: readSpeechLanguage() },
    );
    handleOutcome(outcome);
  }, [handleOutcome]);

  const retry = useCallback(
    async (session: LocalSession | null) => {
      if (!session) {
        showToast({ title: FAILURE_TEXTS.errorTitle, description: FAILURE_TEXTS.missingFailedSessionId, variant: "destructive" });
        return;
      }
      setRetrying(true);
      setDialog(null);
      setPhase({ name: "transcribing" });
      const outcome = await retryLocalRecording(session);
      setRetrying(false);
      if (outcome.ok) {
        showToast({ title: FAILURE_TEXTS.retrySuccessTranscription, variant: "success" });
        handleOutcome(outcome);
      } else {
        setPhase({ name: "idle", notReady: false });
        showToast({ title: FAILURE_TEXTS.retryFailedTitle, description: FAILURE_TEXTS.retryFailedBody, variant: "destructive" });
      }
    },
    [handleOutcome],
  );

  // Another part of the app (e.g. completing a deck) can ask an active recording to stop.
  useEffect(() => onAppEvent(APP_EVENTS.forceStopRecording, () => void stop()), [stop]);

  // A failed item tapped in the history. One thing at a time: a retry never interrupts a recording or an upload.
  const busy = recording || retrying || phase.name === "transcribing" || phase.name === "naming";
  useEffect(
    () =>
      onAppEvent<LocalSession | null>(APP_EVENTS.retryTranscription, (session) => {
        if (!busy) void retry(session);
      }),
    [busy, retry],
  );

  return {
    phase,
    dialog,
    retrying,
    reconnecting: recording && reconnecting,
    elapsedSeconds: startedAt ? (now - startedAt) / 1000 : 0,
    recording,
    start,
    beginCapture,
    confirmReady: () => setPhase((current) => (current.name === "readiness" ? { name: "recording" } : current)),
    notReady: () => void cancel(true),
    cancel: () => void cancel(false),
    stop: () => void stop(),
    retry: (session: LocalSession | null) => void retry(session),
    saveLocally: () => {
      setDialog(null);
      showToast({ title: FAILURE_TEXTS.savedLocallyTitle, description: FAILURE_TEXTS.savedLocallyBody });
    },
    closeDialog: () => setDialog(null),
    finishNaming: () => setPhase({ name: "idle", notReady: false }),
  };
}

function showFailure(failure: TranscriptionFailure, setDialog: (dialog: FailureDialog) => void, goHomeSoon: () => void): void {
  if (failure.kind === "connection") {
    setDialog({ kind: "connection" });
    goHomeSoon();
    return;
  }
  if (failure.kind === "failed-session") {
    setDialog({ kind: "retry", session: failure.localSession, failedSessionId: failure.failedSessionId });
    showToast({ title: FAILURE_TEXTS.transcriptionFailedTitle, description: FAILURE_TEXTS.transcriptionFailedBody, variant: "destructive" });
    return;
  }
  showToast({ title: FAILURE_TEXTS.transcriptionErrorTitle, description: truncateServerError(failure.message || FAILURE_TEXTS.transcriptionErrorFallback), variant: "destructive" });
  goHomeSoon();
}

/** Warms the server's prompts before a recording; 5 s at most, and any failure is ignored. */
async function preloadPrompts(): Promise<void> {
  try {
    await apiRequest("POST", "/api/preload-prompts", { signal: AbortSignal.timeout(PRELOAD_PROMPTS_TIMEOUT_MS) });
  } catch {
    // Ignored by design: recording must not depend on it.
  }
}
