import { FAILURE_TEXTS, LIMIT_TEXTS, RECORDING_TEXTS, REDIRECT_HOME_AFTER_ERROR_MS, TRANSCRIPTION_ERRORS } from "@/components/recording/texts";
import { retryTargetFor, type LocalSession } from "@/lib/client/recordings/local-recordings";
import type { AudioRecorder } from "@/lib/client/recordings/recorder";
import { releaseRecordingLock, tryHoldRecordingLock } from "@/lib/client/recordings/recording-locks";
import { readSpeechLanguage } from "@/lib/client/storage/settings";
import { showToast } from "@/lib/client/toast/toast-store";
import { isRefusedForGood, truncateServerError } from "@/lib/domain/errors/classify";
import { describeWait } from "@/lib/domain/errors/wait";
import { hasSpeakersToName } from "@/lib/domain/session-flow/machine";
import { LONGEST_RECORDING_MS } from "@/lib/domain/transcription/long-recording";
import { SET_ASIDE_RECORDING } from "@/lib/domain/transcription/transcription-errors";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { finishCapture, leaveCapture, newCapture, setAsideCapture, startCapture } from "./capture";
import type { FlowKit } from "./flow-kit";
import { followUpParent } from "./follow-up-parent";
import { startRecording } from "./start-recording";
import { hasRecordingToKeep, keepFailedRecording, retryLocalRecording, sendRecording, type TranscriptionOutcome } from "./transcription";

/**
 * A retry that failed because its recording is gone ("Recording not found", this device's or the server's 404) or could not
 * be read ("Could not load the recording"): said as the spec's "Error" toast, not "Retry Failed" (a connection issue).
 */
function isRecordingLoadFailure(message: string): boolean {
  return message === FAILURE_TEXTS.recordingNotFound || message === FAILURE_TEXTS.couldNotLoadRecording;
}

/** What Solo Journal adds to a recording: the speaker's name on the upload, and its own way on after the transcript. */
export type SoloRecordingHooks = {
  speakerName: () => string;
  afterTranscribed: (result: TranscriptionResultData) => void;
};

/** Readiness, capture, stop and transcription (spec part 1 section 4), and the transcription failures of section 8. */
export function createRecordingActions(
  kit: FlowKit,
  { goHome, solo, stopForMode }: { goHome: () => void; solo?: SoloRecordingHooks; stopForMode?: () => void },
) {
  // The one microphone capture the flow can have; null when nothing records.
  let recorder: AudioRecorder | null = null;
  const takeRecorder = () => {
    const active = recorder;
    recorder = null;
    return active;
  };
  kit.onDispose(() => void leaveCapture(takeRecorder()));

  function goHomeAfterError(): void {
    kit.later(() => {
      if (kit.getState().dialog?.kind === "transcription-connection") kit.dispatch({ type: "DIALOG_CLOSED" });
      goHome();
    }, REDIRECT_HOME_AFTER_ERROR_MS);
  }

  function settle(outcome: TranscriptionOutcome): void {
    const soloSession = kit.getState().mode === "solo" && solo;
    if (outcome.ok && soloSession) {
      if (outcome.result.fallback) showToast({ title: RECORDING_TEXTS.backupNote });
      kit.dispatch({ type: "TRANSCRIBED", result: outcome.result });
      solo.afterTranscribed(outcome.result);
      return;
    }
    if (outcome.ok) {
      if (outcome.result.fallback) showToast({ title: RECORDING_TEXTS.backupNote });
      if (!hasSpeakersToName(outcome.result)) {
        showToast({ title: FAILURE_TEXTS.transcriptionErrorTitle, description: TRANSCRIPTION_ERRORS.noAudio, variant: "destructive" });
      }
      kit.dispatch({ type: "TRANSCRIBED", result: outcome.result });
      return;
    }
    const { failure } = outcome;
    const retryId = failure.localSession?.id ?? failure.failedSessionId ?? null;
    kit.dispatch({ type: "TRANSCRIPTION_FAILED", kind: failure.kind, retryId });
    if (failure.retryAfterSeconds) {
      // The rate limit: the recording waits in the history (red, one tap from a retry) until the wait is over.
      showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.recordingKept(describeWait(failure.retryAfterSeconds)), variant: "destructive" });
      return goHomeAfterError();
    }
    if (failure.kind === "connection") return goHomeAfterError();
    if (failure.kind === "failed-session") {
      showToast({ title: FAILURE_TEXTS.transcriptionFailedTitle, description: FAILURE_TEXTS.transcriptionFailedBody, variant: "destructive" });
      return;
    }
    const description = truncateServerError(failure.message || FAILURE_TEXTS.transcriptionErrorFallback);
    showToast({ title: FAILURE_TEXTS.transcriptionErrorTitle, description, variant: "destructive" });
    goHomeAfterError();
  }

  async function stop(): Promise<void> {
    const active = takeRecorder();
    if (!active) return;
    kit.dispatch({ type: "STOPPED" });
    const recording = await finishCapture(active);
    if (!recording) {
      // finishCapture said why ("Transcription Error"); like any other transcription error, home after 3 s.
      kit.dispatch({ type: "TRANSCRIPTION_FAILED", kind: "other", retryId: null });
      return goHomeAfterError();
    }
    const { mode, solo: soloState } = kit.getState();
    // A journal's guide goes with it: a failed upload keeps it, so the retry's analysis still has the headline.
    const soloOptions =
      mode === "solo" && solo
        ? { soloMode: true, speakerName: solo.speakerName(), ...(soloState.guideHeadline ? { guideHeadline: soloState.guideHeadline } : {}) }
        : {};
    settle(await sendRecording(recording, { language: readSpeechLanguage(), ...soloOptions }, kit.transcribedAudio));
  }

  async function discardCapture(): Promise<void> {
    await takeRecorder()
      ?.cancel()
      .catch(() => undefined);
  }

  /**
   * A failed recording, from its dialog or the history: the server's kept copy, else this device's audio. `fromDialog`:
   * Retry Now in its Transcription Failed dialog, which a retry failing for the connection again reopens.
   */
  async function retryTranscription(target: LocalSession | null, { fromDialog = false } = {}): Promise<void> {
    if (!target) {
      showToast({ title: FAILURE_TEXTS.errorTitle, description: FAILURE_TEXTS.missingFailedSessionId, variant: "destructive" });
      return;
    }
    // One retry at a time: only the call whose own event moved the flow from idle goes on. A second tap (or the connection's
    // return) while one runs is ignored; let through, its failure would end the flow under the first, whose transcript
    // would then arrive with nobody to hold it.
    if (kit.getState().phase.name !== "idle") return;
    kit.dispatch({ type: "TRANSCRIPTION_RETRY", fromDialog });
    const retrying = kit.getState().phase;
    if (retrying.name !== "transcribing") return; // something else is under way
    // One tab at a time: the recording's lock is this tab's while it sends it. Another tab retrying it (a tap there, or
    // the connection's return) holds it, and this one stops, instead of uploading and transcribing it a second time and,
    // for a guest, analysing it into a second session.
    const audioKey = target.audioKey ?? null;
    if (audioKey && !(await tryHoldRecordingLock(audioKey))) {
      kit.dispatch({ type: "TRANSCRIPTION_FAILED", kind: "other", retryId: null });
      showToast({ title: FAILURE_TEXTS.retryElsewhereTitle, description: FAILURE_TEXTS.retryInOtherTab });
      return;
    }
    // A journal is retried as a journal: the mode was set to the one it was made in (solo.modeForRetry) before this.
    const outcome = await retryLocalRecording(
      target,
      kit.getState().mode === "solo" && solo ? { speakerName: solo.speakerName() } : undefined,
      kit.transcribedAudio,
      () => kit.getState().phase === retrying,
    );
    if (outcome.ok) {
      showToast({ title: FAILURE_TEXTS.retrySuccessTranscription, variant: "success" });
      // A growth follow-up goes back to its session, to be named and appended as if it had never failed.
      const parent = target.followUpOf ? await followUpParent(target.followUpOf) : null;
      if (parent) kit.dispatch({ type: "GROWTH_RESUMED", session: parent, result: outcome.result });
      else settle(outcome);
      return;
    }
    // Not sent: the recording stays listed, and whichever tab retries it next may take it.
    if (audioKey) releaseRecordingLock(audioKey);
    if ("unwanted" in outcome) return; // the flow moved on; the recording stays listed, its audio kept
    if ("elsewhere" in outcome) {
      // Another retry of the kept recording runs (or ran) on the server: its words, not "Retry Failed".
      kit.dispatch({ type: "TRANSCRIPTION_FAILED", kind: "other", retryId: null });
      showToast({ title: FAILURE_TEXTS.retryElsewhereTitle, description: outcome.elsewhere });
      return;
    }
    const { message, retryAfterSeconds: wait, status } = outcome.failure;
    // Spec part 1 section 8 (saving and loading recordings): a recording gone or unreadable is an "Error", not the connection;
    // nor is a refusal the server would give again (too long, the account's bound).
    const loadFailure = isRecordingLoadFailure(message);
    const refused = !loadFailure && isRefusedForGood(status);
    const connectionIssue = !wait && !refused && !loadFailure;
    // "Retry Failed" says "You can try again or save locally": a retry from the dialog goes back to it (the machine knows
    // whether it came from there); the rate limit and an unreadable recording end the retry.
    kit.dispatch(connectionIssue ? { type: "TRANSCRIPTION_RETRY_FAILED" } : { type: "TRANSCRIPTION_FAILED", kind: "other", retryId: null });
    if (wait) {
      showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.recordingKept(describeWait(wait)), variant: "destructive" });
    } else if (connectionIssue) {
      showToast({ title: FAILURE_TEXTS.retryFailedTitle, description: FAILURE_TEXTS.retryFailedBody, variant: "destructive" });
    } else if (refused) {
      showToast({ title: FAILURE_TEXTS.retryFailedTitle, description: truncateServerError(message), variant: "destructive" });
    } else {
      showToast({ title: FAILURE_TEXTS.errorTitle, description: message, variant: "destructive" });
    }
  }

  return {
    /** The record button: readiness first (with the prompts warmed up), or the unsupported-browser toast. */
    start: () => startRecording(kit),

    /** The readiness countdown reached 0: the microphone opens and every 500 ms chunk goes to IndexedDB. */
    async beginCapture(): Promise<void> {
      if (kit.getState().phase.name !== "readiness" || recorder) return;
      const mode = kit.getState().mode === "solo" ? "solo" : "couple";
      const next = newCapture("rec", {
        onReconnectChange: (lost) => {
          if (recorder === next) kit.dispatch({ type: lost ? "MICROPHONE_LOST" : "MICROPHONE_BACK" });
        },
        // The browser ended the recording with the microphone: what it captured is sent, as by a tap on Stop (a journal's
        // Stop, which also ends the coach), rather than the screen saying "Recording in progress..." over nothing.
        onMicrophoneEnded: () => {
          if (recorder !== next || kit.getState().phase.name !== "recording") return;
          showToast({ title: RECORDING_TEXTS.microphoneEndedTitle, description: RECORDING_TEXTS.microphoneEndedBody, variant: "destructive" });
          if (stopForMode) stopForMode();
          else void stop();
        },
        mode,
      });
      recorder = next;
      if (await startCapture(next)) {
        if (recorder !== next) return;
        kit.dispatch({ type: "CAPTURE_STARTED", at: Date.now() });
        // Past four hours a recording could not be transcribed: it is stopped and sent then, as by a tap on Stop, rather
        // than running on (a phone forgotten in a pocket) into audio that could only wait in the history for good.
        kit.later(() => {
          if (recorder !== next || kit.getState().phase.name !== "recording") return;
          showToast({ title: RECORDING_TEXTS.longestReachedTitle, description: RECORDING_TEXTS.longestReachedBody });
          if (stopForMode) stopForMode();
          else void stop();
        }, LONGEST_RECORDING_MS);
        return;
      }
      if (recorder === next) recorder = null;
      kit.dispatch({ type: "CAPTURE_FAILED" });
    },

    confirmReady: () => kit.dispatch({ type: "READY_CONFIRMED" }),
    notReady: () => {
      kit.dispatch({ type: "NOT_READY" });
      void discardCapture();
    },
    cancel: () => {
      kit.dispatch({ type: "CANCELLED" });
      void discardCapture();
    },
    stop: () => void stop(),
    /**
     * Ends the recording without processing, like Cancel, but keeps what was said: its audio stays on this device, listed
     * in the history to retry (the mode it was made in is kept with it). True when there was audio to keep.
     */
    setAside: async (guideHeadline: string | null): Promise<boolean> => {
      const active = takeRecorder();
      kit.dispatch({ type: "CANCELLED" });
      if (!active) return false;
      const failed = new Error(SET_ASIDE_RECORDING);
      const kept = await setAsideCapture(active, (recording) => keepFailedRecording(recording, failed, guideHeadline ? { guideHeadline } : {}));
      return kept !== null;
    },
    /** The spec's force-stop: an active capture is stopped and sent like a tap on stop would, so nothing is lost. */
    forceStop: () => void stop(),

    retryTranscription: (target: LocalSession | null) => void retryTranscription(target),
    /** Retry Now in the Transcription Failed dialog. */
    retryFromDialog: () => {
      const dialog = kit.getState().dialog;
      const retryId = dialog?.kind === "transcription-retry" ? dialog.retryId : null;
      void retryTranscription(retryId ? retryTargetFor({ id: retryId }) : null, { fromDialog: true });
    },
    /**
     * Save Locally: the recording already waits on this device (and, signed in, on the server); the dialog says so and
     * closes. With no audio to keep (nothing was captured, or the browser stored none of it) it says that instead.
     */
    saveRecordingLocally: () => {
      const dialog = kit.getState().dialog;
      const retryId = dialog?.kind === "transcription-retry" || dialog?.kind === "transcription-connection" ? dialog.retryId : null;
      kit.dispatch({ type: "DIALOG_CLOSED" });
      void hasRecordingToKeep(retryId ? retryTargetFor({ id: retryId }) : null).then((kept) =>
        showToast(
          kept
            ? { title: FAILURE_TEXTS.savedLocallyTitle, description: FAILURE_TEXTS.savedLocallyBody }
            : { title: FAILURE_TEXTS.errorSavingTitle, description: FAILURE_TEXTS.errorSavingBody, variant: "destructive" },
        ),
      );
    },
    closeDialog: () => kit.dispatch({ type: "DIALOG_CLOSED" }),
    goHomeNow: () => {
      kit.dispatch({ type: "DIALOG_CLOSED" });
      goHome();
    },
  };
}
