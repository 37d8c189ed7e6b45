import { GROWTH_TIMING_MS, GROWTH_TEXTS as T } from "@/components/growth/texts";
import { FAILURE_TEXTS, LIMIT_TEXTS } from "@/components/recording/texts";
import { withNewCommitments } from "@/lib/client/commitments/commitments";
import { announceSessionsChanged } from "@/lib/client/events";
import { flushPendingFollowUps, queueFollowUp } from "@/lib/client/follow-ups/pending-follow-ups";
import { FOLLOW_UP_OF_EXTRA, putRecordingExtra } from "@/lib/client/recordings/audio-store";
import type { AudioRecorder } from "@/lib/client/recordings/recorder";
import { sessionApi, SessionApiError, type FollowUpBody, type SessionRecord } from "@/lib/client/sessions/session-api";
import { readSpeechLanguage } from "@/lib/client/storage/settings";
import { showToast } from "@/lib/client/toast/toast-store";
import { wait } from "@/lib/client/wait";
import { DEFAULT_RECOMMENDATIONS, keepLastRecommendations } from "@/lib/domain/analysis/summary";
import type { Analysis, MutualGrowthCard } from "@/lib/domain/analysis/types";
import { describeWait } from "@/lib/domain/errors/wait";
import { readCommitments } from "@/lib/domain/growth/commitments";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import { GROWTH_SPEAKERS } from "@/lib/domain/session-flow/growth";
import type { ResultsPhase } from "@/lib/domain/session-flow/machine";
import { namedTranscript } from "@/lib/domain/speakers/apply-names";

import { finishCapture, leaveCapture, newCapture, startCapture } from "./capture";
import { keepOnDevice } from "./device-copy";
import type { FlowKit } from "./flow-kit";
import { leaveTranscribedAudioForRecovery, sendRecording } from "./transcription";

type FollowUp = FollowUpBody & { createdAt: string };

/** How long the check that the session is still there may take: as long as opening a session from the history. */
const SESSION_CHECK_TIMEOUT_MS = 5000;

/**
 * "Create Mutual Growth Commitment" (spec part 2 section 4, growth continuation flow): a hidden recording, its transcript
 * named, appended to the session, the analysis regenerated with it, and the completion screen refreshed. The follow-up's
 * audio follows the no-loss rule of every recording: it stays on this device until the server has transcribed it.
 */
export function createGrowthActions(kit: FlowKit) {
  let recorder: AudioRecorder | null = null;
  // The named follow-up waiting to be appended; kept for Try Again.
  let pending: FollowUp | null = null;
  // Whether the follow-up is stored (by the server, or on this device for a guest): until it is, its audio must stay.
  let stored = false;
  // A signed-in user's follow-up whose append did not reach the server, and would not be refused again: it may wait in
  // the queue of follow-ups to send.
  let unsent: FollowUp | null = null;
  // The page goes mid-follow-up: its audio is kept tied to its session, to be retried as that session's follow-up.
  kit.onDispose(() => {
    const active = recorder;
    const followUpOf = results()?.session.id;
    recorder = null;
    void leaveCapture(active, (audioKey) => (followUpOf ? putRecordingExtra(audioKey, FOLLOW_UP_OF_EXTRA, followUpOf) : Promise.resolve()));
  });

  const results = (): ResultsPhase | null => {
    const { phase } = kit.getState();
    return phase.name === "results" ? phase : null;
  };

  async function append(): Promise<void> {
    const open = results();
    if (!open || !pending) return;
    const { session } = open;
    const sending = pending;
    let reachedServer = false;
    // A guest's session as this device keeps it after a failed regeneration.
    let guestKept = session;
    try {
      const answer = await sessionApi.appendTranscript(session.id, { ...sending, ...(session.isLocal ? { context: guestContext(session, sending) } : {}) });
      reachedServer = true;
      if (answer.status === "partial_failure") {
        // The server took the commitment from the follow-up's words and counted the signals with it: a guest keeps both.
        if (session.isLocal)
          guestKept = {
            ...session,
            commitments: withNewCommitments(session.id, session.commitments ?? [], answer.commitments),
            signals: answer.signals ?? session.signals,
          };
        // A signed-in user's answer is the account's session with the follow-up stored: the failure dialog's "View
        // Transcript" shows it, as the dialog says it was saved.
        else kit.dispatch({ type: "SESSION_UPDATED", session: withStoredFollowUp(session, answer, sending) });
        throw new Error(String(answer.error ?? "partial_failure"));
      }
      // A signed-in user's follow-up is stored now; a guest's once the regenerated session is kept on this device.
      stored = !session.isLocal;
      unsent = null;
      kit.dispatch({ type: "GROWTH_APPENDED" });
      await wait(GROWTH_TIMING_MS.beforeRefetch);
      await load(session.isLocal ? answer : null);
    } catch (error) {
      // The follow-up is safe either way: a signed-in user's is stored before the regeneration; a guest's is kept here and
      // in the open session, so that Cancel (generic recommendations) or a later save writes it back rather than over it.
      if (session.isLocal) {
        const kept = withFollowUp(guestKept, sending);
        // (Kept by an earlier try, it stays kept.)
        stored = keepOnDevice(kept) || stored;
        kit.dispatch({ type: "SESSION_UPDATED", session: kept });
      } else {
        stored ||= reachedServer;
        // One that never reached the server is remembered, so that Cancel does not lose it (queued unless it would be
        // refused again: then only its audio is left, to be retried once the cause has gone, say after signing in again).
        unsent = !stored && !refusedForGood(error) ? sending : null;
      }
      // The rate limit refused the regeneration: the user is told how long to wait before Try Again.
      if (error instanceof SessionApiError && error.status === 429) {
        const seconds = Number(error.details.retryAfterSeconds) || 60;
        showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.tryLater(describeWait(seconds)), variant: "destructive" });
      }
      kit.dispatch({ type: "GROWTH_APPEND_FAILED" });
    }
  }

  /** The regenerated session: the server's copy (signed in), or the append's answer (a guest's, which the server keeps not). */
  async function load(guestAnswer: SessionRecord | null): Promise<void> {
    const open = results();
    if (!open) return;
    try {
      const fresh = guestAnswer ?? (await sessionApi.get(open.session.id, { from: "history" }));
      await wait(GROWTH_TIMING_MS.beforeComplete);
      const latest = results();
      if (!latest) return;
      const session = withRegeneration(latest.session, fresh, pending);
      if (session.isLocal && !keepOnDevice(session)) leaveTranscribedAudioForRecovery(kit.transcribedAudio);
      pending = null;
      stored = false;
      showToast({ title: T.createdTitle, description: T.createdBody, variant: "success" });
      kit.dispatch({ type: "GROWTH_COMPLETED", session });
      announceSessionsChanged();
      refreshAfterClose();
    } catch {
      // The account holds the follow-up already: the history (where "Unable to Load Analysis" sends the user) reads its
      // sessions again rather than show the card as it was before.
      if (stored) announceSessionsChanged();
      kit.dispatch({ type: "GROWTH_LOAD_FAILED" });
    }
  }

  /**
   * The flow lets go of a follow-up (Cancel, Close) that nothing stored: a signed-in user's that never reached the server
   * waits on this device and is sent when the connection is back (lib/client/follow-ups). One that cannot wait there (the
   * server refused it, the browser refused to keep it, the queue is full) has its audio left, unlocked, for the next start
   * to list as a recording to retry, tied to its session; once its flow ends it would otherwise be deleted with the
   * transcript unstored.
   */
  function keepUnstored(sessionId: string): void {
    if (!stored) {
      if (unsent && queueFollowUp({ sessionId, followUp: unsent })) void flushPendingFollowUps();
      else leaveTranscribedAudioForRecovery(kit.transcribedAudio);
    }
    stored = false;
    unsent = null;
  }

  /**
   * Cancel in a failure dialog: the session ends with its summary as it was and the generic recommendations added to its
   * own (spec part 2 section 8: "the old summary is kept with generic recommendations added"), the follow-up kept with it.
   * Ignored while the dialog's Try Again runs, whose outcome would then replace what was just shown.
   */
  function finishWithGenericRecommendations(): void {
    const growth = results()?.growth;
    if (growth?.name === "failed" && growth.retrying) return;
    finishWith(withGenericRecommendations);
  }

  /** The growth flow ends over the session with these recommendations; the follow-up is kept, queued or left for recovery. */
  function finishWith(recommendations: (earlier: ClientSession["recommendations"]) => string[]): void {
    const open = results();
    if (!open?.growth) return;
    // A guest's session is written with the follow-up in it (the failed append put it there; a failed load did not).
    const withPending = open.session.isLocal && pending ? withFollowUp(open.session, pending) : open.session;
    const session: ClientSession = { ...withPending, recommendations: recommendations(withPending.recommendations) };
    // (Stored only if the follow-up is in it: one that failed before its naming is not.)
    if (session.isLocal && keepOnDevice(session) && pending) stored = true;
    keepUnstored(session.id);
    pending = null;
    kit.dispatch({ type: "GROWTH_COMPLETED", session });
    refreshAfterClose();
  }

  /**
   * Spec part 2 section 4: "After the overlay closes, the session is force-refreshed after 1.5 s and the summary updated if
   * changed. Example sessions skip the forced refresh." Only a signed-in user's session is on the server to refresh (a
   * guest's lives on this device). The results already show what the growth step produced, so a refresh that fails (within
   * the request helper's time-out) changes nothing and says nothing; one whose results were closed, or gave way to another
   * session, before it runs or while it runs, does nothing. The 1.5 s timer is the kit's: the page's teardown clears it.
   */
  function refreshAfterClose(): void {
    const open = results();
    if (!open || open.growth !== null || open.session.isLocal || open.session.isExample) return;
    const { id } = open.session;
    let left = false;
    const stopWatching = kit.subscribe(() => {
      if (results()?.session.id !== id) left = true;
    });
    kit.later(() => {
      if (left) {
        stopWatching();
        return;
      }
      void sessionApi
        .get(id, { force: true })
        .then((fresh) => (left ? undefined : applyRefresh(id, fresh)))
        .catch(() => undefined)
        .finally(stopWatching);
    }, GROWTH_TIMING_MS.refreshAfterClose);
  }

  /**
   * The forced refresh's session, over the open one when its summary differs from the one on screen: with it the
   * recommendations (the last three), the growth card and the follow-ups, as after the growth step. The summary alone
   * decides: after Cancel the screen shows the generic recommendations added to the kept summary's, which the server
   * does not hold, and an unchanged summary must not take them away. A follow-up under way meanwhile refetches itself.
   */
  function applyRefresh(id: string, fresh: SessionRecord | undefined): void {
    const latest = results();
    if (!latest || latest.session.id !== id || latest.growth !== null || !fresh || typeof fresh !== "object") return;
    const summary = typeof fresh.summary === "string" ? fresh.summary.trim() : "";
    if (!summary || summary === (latest.session.summary ?? "").trim()) return;
    kit.dispatch({ type: "SESSION_UPDATED", session: withRegeneration(latest.session, fresh, null) });
  }

  /**
   * Spec part 2 section 4: "An unexpected error falls back to three generic recommendations after 1 s." A step that throws
   * where no failure branch of the flow catches it would leave its overlay up for good; instead the flow ends as on
   * Cancel, with the generic three, and the follow-up kept (or its audio left for recovery) as there.
   */
  function fallingBackOnUnexpectedError<Args extends unknown[]>(step: (...args: Args) => Promise<void>) {
    return async (...args: Args): Promise<void> => {
      try {
        await step(...args);
      } catch (error) {
        console.warn("The growth follow-up failed unexpectedly; finishing with the generic recommendations.", error);
        await wait(GROWTH_TIMING_MS.unexpectedFallback);
        finishWith(() => [...DEFAULT_RECOMMENDATIONS]);
      }
    };
  }

  function dropCapture(): void {
    const active = recorder;
    recorder = null;
    kit.dispatch({ type: "GROWTH_CANCELLED" });
    void active?.cancel().catch(() => undefined);
  }

  /**
   * The account's session must still be there to take a follow-up (spec part 2 section 7, the accessibility check): one
   * deleted on another device, or no longer this account's, would be recorded, transcribed and named for an append that
   * can only fail, with dialogs saying it was saved. Checked beside the recorder's start, which it does not hold up; only a
   * definite 404 stops the recording (offline or slow, the follow-up goes on and waits to be sent, as before).
   */
  async function stopIfSessionGone(sessionId: string, capture: AudioRecorder): Promise<void> {
    try {
      // accountOnly: a sign-in that could not be shown (no token for now) is a 401, not the public variant's certain 404.
      await sessionApi.get(sessionId, { timeoutMs: SESSION_CHECK_TIMEOUT_MS, accountOnly: true });
    } catch (error) {
      if (!(error instanceof SessionApiError && error.status === 404) || recorder !== capture) return;
      dropCapture();
      showToast({ title: T.errorTitle, description: T.sessionInaccessible(sessionId), variant: "destructive" });
    }
  }

  return {
    /** The card opens and the hidden recorder starts at once. */
    open: async () => {
      const open = results();
      if (!open || recorder) return;
      kit.dispatch({ type: "GROWTH_OPENED" });
      const next = newCapture("growth");
      recorder = next;
      if (!open.session.isLocal && !open.session.isExample) void stopIfSessionGone(open.session.id, next);
      if (await startCapture(next)) {
        if (recorder === next) kit.dispatch({ type: "GROWTH_CAPTURE_STARTED", at: Date.now() });
        return;
      }
      if (recorder === next) recorder = null;
      kit.dispatch({ type: "GROWTH_CANCELLED" });
    },

    /** Swipe left / Previous: the recording is cancelled and discarded. */
    cancel: () => {
      dropCapture();
      showToast({ title: T.cancelledTitle });
    },

    /**
     * Swipe right / Next: stop and send; the transcript is named 800 ms later. Until the hidden recorder has started there is
     * nothing to send: a swipe then does what the disabled Next does, nothing (the card stays, and so does the recorder,
     * which Previous or a later Next still stops).
     */
    send: fallingBackOnUnexpectedError(async () => {
      const active = recorder;
      if (!active || active.state !== "recording") return;
      recorder = null;
      const followUpOf = results()?.session.id;
      kit.dispatch({ type: "GROWTH_STOPPED" });
      const recording = await finishCapture(active);
      if (!recording) {
        kit.dispatch({ type: "GROWTH_TRANSCRIPTION_FAILED" });
        return;
      }
      // Tied to its session: a failure waits in the history, and its retry comes back here to be named and appended. The
      // tie is kept with the audio too, for a tab closed before the follow-up was stored (recover-interrupted.ts).
      if (followUpOf) await putRecordingExtra(recording.audioKey, FOLLOW_UP_OF_EXTRA, followUpOf).catch(() => false);
      const outcome = await sendRecording(recording, { language: readSpeechLanguage(), ...GROWTH_SPEAKERS, followUpOf }, kit.transcribedAudio);
      if (!outcome.ok) {
        // The audio is kept on this device and listed in the history, one tap from a retry (after the wait, when limited).
        const limited = outcome.failure.retryAfterSeconds;
        if (limited) showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.recordingKept(describeWait(limited)), variant: "destructive" });
        else showToast({ title: FAILURE_TEXTS.transcriptionFailedTitle, description: FAILURE_TEXTS.savedLocallyBody, variant: "destructive" });
        kit.dispatch({ type: "GROWTH_TRANSCRIPTION_FAILED" });
        return;
      }
      await wait(GROWTH_TIMING_MS.beforeNaming);
      kit.dispatch({ type: "GROWTH_TRANSCRIBED", result: outcome.result });
    }),

    /** Names confirmed: processing, then generating 500 ms later, then the append. */
    confirmNames: fallingBackOnUnexpectedError(async (speakerNames: Record<string, string>) => {
      const growth = results()?.growth;
      if (growth?.name !== "naming") return;
      const { transcription } = growth;
      pending = {
        transcript: namedTranscript(transcription.segments, speakerNames) || transcription.transcript,
        transcriptionSegments: transcription.segments,
        speakerStats: transcription.speakerStats,
        speakers: transcription.speakers,
        speakerNames,
        createdAt: new Date().toISOString(),
      };
      stored = false;
      unsent = null;
      kit.dispatch({ type: "GROWTH_NAMES_CONFIRMED" });
      await wait(GROWTH_TIMING_MS.step);
      kit.dispatch({ type: "GROWTH_STEP", step: "generating" });
      await append();
    }),
    closeNaming: () => {
      pending = null;
      kit.dispatch({ type: "GROWTH_NAMING_CLOSED" });
    },

    /** Try Again: the append (first dialog) or the fetch (loading dialog), once more. */
    tryAgain: () => {
      const growth = results()?.growth;
      if (growth?.name !== "failed" || growth.retrying) return;
      kit.dispatch({ type: "GROWTH_RETRY" });
      if (growth.dialog === "generation-failed") void fallingBackOnUnexpectedError(append)();
      else if (growth.dialog === "loading-failed") void fallingBackOnUnexpectedError(load)(null);
    },
    finishWithGenericRecommendations,
    close: () => {
      const open = results();
      if (open) keepUnstored(open.session.id);
      pending = null;
      kit.dispatch({ type: "GROWTH_CLOSED" });
      if (open?.growth) refreshAfterClose();
    },
  };
}

/** The recommendations with the generic ones added after them (each once); the generic three alone when there were none. */
function withGenericRecommendations(earlier: ClientSession["recommendations"]): string[] {
  const kept = (earlier ?? []).filter((item) => typeof item === "string" && item.trim() !== "").map((item) => item.trim());
  return [...new Set([...kept, ...DEFAULT_RECOMMENDATIONS])];
}

/** A 4xx other than a time-out or a rate limit: sending the same follow-up again would be refused again. */
function refusedForGood(error: unknown): boolean {
  return error instanceof SessionApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * What the server needs to regenerate a guest's analysis, since it keeps nothing of theirs. The follow-up being sent is left
 * out of the earlier ones: after a failed try the device already keeps it, and Try Again must not count it twice.
 */
function guestContext(session: ClientSession, sending: FollowUp) {
  const earlier = (session.followUpTranscripts ?? []).filter((item) => item.transcript !== sending.transcript);
  return {
    transcript: session.transcript,
    speakerNames: session.speakerNames,
    cards: session.analysis.cards,
    // The conversation signals are recomputed with the follow-up (issue 17) from what this browser keeps.
    segments: session.analysis.transcriptionSegments,
    followUps: earlier.map((item) => ({ transcriptionSegments: item.transcriptionSegments, speakerNames: item.speakerNames })),
    signals: session.signals ?? undefined,
  };
}

/** The session with the follow-up among its follow-ups (once). */
function withFollowUp(session: ClientSession, followUp: FollowUp): ClientSession {
  const known = session.followUpTranscripts ?? [];
  return known.some((item) => item.transcript === followUp.transcript) ? session : { ...session, followUpTranscripts: [...known, followUp] };
}

/** A signed-in user's session whose follow-up the account stored without a regeneration: its follow-ups, commitments and signals. */
function withStoredFollowUp(session: ClientSession, stored: SessionRecord, followUp: FollowUp): ClientSession {
  const followUps = Array.isArray(stored.followUpTranscripts) ? (stored.followUpTranscripts as ClientSession["followUpTranscripts"]) : null;
  return {
    ...withFollowUp(session, followUp),
    ...(followUps ? { followUpTranscripts: followUps } : {}),
    ...(Array.isArray(stored.commitments) ? { commitments: readCommitments(stored.commitments) } : {}),
    signals: stored.signals ?? session.signals,
  };
}

/** The session after the regeneration: new summary, the last three recommendations, the growth card and the follow-ups. */
function withRegeneration(session: ClientSession, fresh: SessionRecord, followUp: FollowUp | null): ClientSession {
  const analysis = (fresh.analysis ?? {}) as Partial<Analysis>;
  const followUps = Array.isArray(fresh.followUpTranscripts) ? (fresh.followUpTranscripts as ClientSession["followUpTranscripts"]) : undefined;
  const known = followUps ?? session.followUpTranscripts ?? [];
  const withNew = followUp && !known?.some((item) => item.transcript === followUp.transcript) ? [...(known ?? []), followUp] : known;
  const recommendations = keepLastRecommendations(fresh.recommendations ?? analysis.recommendations ?? session.recommendations, 3);
  return {
    ...session,
    summary: typeof fresh.summary === "string" && fresh.summary.trim() ? fresh.summary : session.summary,
    recommendations: recommendations.length > 0 ? recommendations : [...DEFAULT_RECOMMENDATIONS],
    encouragement: typeof fresh.encouragement === "string" && fresh.encouragement.trim() ? fresh.encouragement : session.encouragement,
    analysis: { ...session.analysis, ...(analysis.mutualGrowthCard ? { mutualGrowthCard: analysis.mutualGrowthCard as MutualGrowthCard } : {}) },
    followUpTranscripts: withNew,
    // The conversation signals recomputed with the follow-up; the earlier ones when none came back.
    signals: fresh.signals ?? session.signals,
    // The account's stored list, or a guest's list with the follow-up's new commitments added.
    commitments: session.isLocal ? withNewCommitments(session.id, session.commitments ?? [], fresh.commitments) : readCommitments(fresh.commitments),
  };
}
