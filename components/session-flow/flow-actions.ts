import { preferredScrollBehavior } from "@/lib/client/motion";
import { listFailedLocalRecordings, retryTargetFor } from "@/lib/client/recordings/local-recordings";
import { releaseRecordingLock, tryHoldRecordingLock } from "@/lib/client/recordings/recording-locks";
import { failedForConnection } from "@/lib/domain/errors/classify";
import { historyItemStatus } from "@/lib/domain/history/history-item";
import type { HistorySession } from "@/lib/domain/history/types";
import { holdsUnstoredTranscript, transcriptDroppedUnstored, unstoredTranscriptAwaitsUser } from "@/lib/domain/session-flow/transcript-custody";
import { REALTIME_TEXTS } from "@/lib/domain/solo/realtime-texts";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { createAnalysisActions } from "./analysis-actions";
import { loadLiveTranscriptAid, loadRealtimeCoach } from "./coach-loader";
import type { FlowKit } from "./flow-kit";
import { createGrowthActions } from "./growth-actions";
import { createRecordingActions } from "./recording-actions";
import { createResultsActions } from "./results-actions";
import { createSoloActions } from "./solo-actions";
import { leaveTranscribedAudioForRecovery, releaseTranscribedAudio } from "./transcription";

// The session flow's actions, in a module of their own: the provider loads it on the user's first gesture (a tap, a key),
// not with the home screen, so the first screen does not carry the upload, analysis, results and growth code (with the
// zod schemas they validate with). See session-flow-provider.tsx.

export function createSessionFlowActions(kit: FlowKit) {
  const goHome = () => window.scrollTo({ top: 0, behavior: preferredScrollBehavior() });
  // Solo Journal shares the recording's capture and upload, and takes its own way after the transcript.
  const soloHooks = { speakerName: () => solo.speakerName(), afterTranscribed: (result: TranscriptionResultData) => solo.afterTranscribed(result) };
  // A microphone that ended the recording stops it as the Stop of the mode on screen would (a journal's ends its coach too).
  const stopForMode = () => (kit.getState().mode === "solo" ? solo.stop() : recording.stop());
  const recording = createRecordingActions(kit, { goHome, solo: soloHooks, stopForMode });
  const analysis = createAnalysisActions(kit);
  const solo = createSoloActions(kit, {
    recording,
    analysis,
    loadCoach: loadRealtimeCoach,
    loadTranscriptAid: loadLiveTranscriptAid,
    errorTexts: REALTIME_TEXTS,
  });
  const results = createResultsActions(kit, { stopCapture: recording.forceStop });
  const growth = createGrowthActions(kit);
  // A recording's audio stays until its transcript is stored (lib/domain/session-flow/transcript-custody.ts). A failed
  // analysis that could keep its transcript nowhere, once its dialog is closed, leaves the audio to be listed for a retry.
  // The page gone (a link or Back away from home), a transcript waiting for its speakers' names, now or once its upload
  // ends, has nobody to name it: its audio is left too, to be listed as after a closed tab, instead of staying locked and
  // unlisted until the tab closes.
  let pageGone = false;
  const leaveIfNobodyWillStore = () => {
    if (pageGone && kit.transcribedAudio.size > 0 && unstoredTranscriptAwaitsUser(kit.getState())) leaveTranscribedAudioForRecovery(kit.transcribedAudio);
  };
  kit.onDispose(() => {
    pageGone = true;
    leaveIfNobodyWillStore();
  });
  let before = kit.getState();
  kit.subscribe(() => {
    const now = kit.getState();
    const dropped = transcriptDroppedUnstored(before, now);
    before = now;
    if (kit.transcribedAudio.size === 0) return;
    // First, whatever the next step is (a retry of another recording, say): the dropped transcript's audio is left.
    if (dropped) leaveTranscribedAudioForRecovery(kit.transcribedAudio);
    else if (!holdsUnstoredTranscript(now)) void releaseTranscribedAudio(kit.transcribedAudio);
    else leaveIfNobodyWillStore();
  });
  const actions = {
    recording,
    analysis,
    solo,
    results,
    growth,
    /**
     * A red history item: a failed transcription goes back through transcription and naming, a failed analysis through
     * analysis. `onNotStarted`: told when something else started while the mode was being set, so the recording is not
     * retried now.
     */
    retryFromHistory: (entry: HistorySession & { id: string }, { onNotStarted }: { onNotStarted?: () => void } = {}) => {
      if (historyItemStatus(entry) === "failed-transcription") {
        const target = retryTargetFor(entry);
        void solo.modeForRetry(target.audioKey, (entry as { mode?: unknown }).mode, target.guideHeadline).then(() => {
          if (kit.getState().phase.name !== "idle") onNotStarted?.();
          else recording.retryTranscription(target);
        });
      } else analysis.retryKept(entry);
    },
    /**
     * A recording that could not be sent for want of a connection (made offline, in the installed app): the newest one, if
     * nothing else is under way, and only in one tab: every open tab hears the connection come back, and the one that takes
     * its lock sends it. One set aside by the user, or failed for another reason, waits for the user's retry.
     */
    sendWaitingRecording: async () => {
      if (kit.getState().phase.name !== "idle") return;
      const waiting = listFailedLocalRecordings().find(
        (session) => session.failedTranscription && session.audioKey && failedForConnection(session.failedTranscription.error),
      );
      if (!waiting || !(await tryHoldRecordingLock(waiting.audioKey!))) return;
      // Something started meanwhile (here, or while the retry sets the mode it was made in): the recording waits for the
      // next time, for whichever tab takes it then (as after a retry that fails, which lets go of the lock).
      const letGo = () => releaseRecordingLock(waiting.audioKey!);
      if (kit.getState().phase.name === "idle") actions.retryFromHistory(waiting, { onNotStarted: letGo });
      else letGo();
    },
  };
  return actions;
}

export type SessionFlowActions = ReturnType<typeof createSessionFlowActions>;
