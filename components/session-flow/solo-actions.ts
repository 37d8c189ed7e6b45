import { FAILURE_TEXTS, LIMIT_TEXTS } from "@/components/recording/texts";
import { SOLO_TEXTS } from "@/components/solo/texts";
import { listStoredRecordings } from "@/lib/client/recordings/audio-store";
import { MicrophoneTimeoutError, openMicrophone } from "@/lib/client/recordings/open-microphone";
import { AUDIO_CONSTRAINTS } from "@/lib/client/recordings/recorder";
import { readSpeechLanguage } from "@/lib/client/storage/settings";
import { showToast } from "@/lib/client/toast/toast-store";
import { OWN_NAME_FALLBACK } from "@/lib/domain/display-name";
import { describeWait } from "@/lib/domain/errors/wait";
import { acceptsGuideChoice, type GuideChoice } from "@/lib/domain/guides/guide-deck";
import { hasSpeech, type RecordingMode, type SoloCoachStatus, type TranscriptTurn } from "@/lib/domain/session-flow/machine";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { createAnalysisActions } from "./analysis-actions";
import type { FlowKit } from "./flow-kit";
import type { createRecordingActions } from "./recording-actions";

// Solo Journal (spec part 1 section 4 "Solo voice-coach recorder"): the microphone is recorded exactly like a relationship
// recording (IndexedDB, kept until the server has the session), and beside it a live voice coach talks back. The coach is
// an extra: when it cannot start or drops midway, the journal goes on and is transcribed and analysed all the same.

/** A guide as the coach takes it (spec part 1 section 3 "Conversation guide"). */
export type CoachGuide = { headline: string; description: string };

export type CoachError = Error & { kind?: string; isStartFailure?: boolean; retryAfterSeconds?: number };

export type CoachSession = { sendGuide: (guide: CoachGuide) => void; stop: () => void };

/** The realtime client's entry point (lib/client/realtime). */
export type StartCoach = (options: {
  userLabel: string;
  guideContext: CoachGuide | null;
  language?: string;
  stream: MediaStream;
  audioElement: HTMLAudioElement;
  onStatus: (status: Exclude<SoloCoachStatus, "off" | "unavailable">) => void;
  onTurn: (turn: TranscriptTurn) => void;
  onError: (error: CoachError) => void;
}) => Promise<CoachSession>;

/** The browser's speech recognition as a live-transcript aid (lib/client/realtime/speech-recognition.ts). */
export type StartTranscriptAid = (options: { lang: string; onText: (text: string) => void }) => { stop: () => void } | null;

export type SoloIdentity = { signedIn: boolean; userName: string };

/** The coach's error toasts (part 1 section 8 "Real-time coach"): a start failure, else the error's own message. */
export type CoachErrorTexts = { couldNotStart: string; voiceCoachErrorTitle: string };

export function createSoloActions(
  kit: FlowKit,
  {
    recording,
    analysis,
    loadCoach,
    loadTranscriptAid = async () => null,
    errorTexts,
  }: {
    recording: ReturnType<typeof createRecordingActions>;
    analysis: Pick<ReturnType<typeof createAnalysisActions>, "analyzeSolo">;
    /** The realtime client, loaded only when a coach is wanted; null when this build has none. */
    loadCoach: () => Promise<StartCoach | null>;
    /** Without the live coach, the browser's speech recognition (where it has one) fills the Live Transcript instead. */
    loadTranscriptAid?: () => Promise<StartTranscriptAid | null>;
    errorTexts: CoachErrorTexts;
  },
) {
  let identity: SoloIdentity = { signedIn: false, userName: OWN_NAME_FALLBACK };
  let coach: CoachSession | null = null;
  let coachStream: MediaStream | null = null;
  // Each coach connection gets a number; callbacks of an ended one (a late status, an error after Stop) are ignored.
  let connection = 0;
  let lastChoice: GuideChoice | null = null;
  let pendingGuide: CoachGuide | null = null;
  let aid: { stop: () => void } | null = null;
  let aidWanted = false;

  // The flow's topic is the one that counts: once it is cleared (Relationship mode chosen, a results screen opened), the
  // guide picked for it goes too, so that choosing it again is not taken for a repeat, nor the coach told of a topic the
  // screen no longer shows.
  kit.subscribe(() => {
    if (kit.getState().solo.guideHeadline === null) {
      lastChoice = null;
      pendingGuide = null;
    }
  });

  // The page goes mid-journal: the live coach (a paid connection with a microphone of its own) and the aid end with it.
  kit.onDispose(() => {
    endCoach();
    endAid();
  });

  const live = () => kit.getState().mode === "solo" && ["readiness", "recording"].includes(kit.getState().phase.name);

  /** Ends the coach on purpose: its data channel closing now is no error and shows nothing. */
  function endCoach(): void {
    connection++;
    const ending = coach;
    coach = null;
    ending?.stop();
    coachStream?.getTracks().forEach((track) => track.stop());
    coachStream = null;
  }

  /** The journal goes on without a coach: the speech-recognition aid writes the user's words into the Live Transcript. */
  async function startAid(): Promise<void> {
    if (aid || aidWanted || kit.getState().phase.name !== "recording" || kit.getState().solo.coach !== "unavailable") return;
    aidWanted = true;
    const start = await loadTranscriptAid().catch(() => null);
    if (!aidWanted || !live()) return;
    aid =
      start?.({
        lang: readSpeechLanguage(),
        onText: (text) => {
          if (live() && text.trim()) kit.dispatch({ type: "COACH_TURN", turn: { role: "user", text: text.trim(), timestamp: Date.now() } });
        },
      }) ?? null;
  }

  function endAid(): void {
    aidWanted = false;
    aid?.stop();
    aid = null;
  }

  function coachFailed(error: CoachError): void {
    endCoach();
    if (!live()) return;
    kit.dispatch({ type: "COACH_STATUS", status: "unavailable" });
    void startAid();
    // The coach's own rate limit (RATE_LIMIT_COACH_PER_USER): how long until another session may start, as every limit says.
    if (error.retryAfterSeconds)
      showToast({ title: LIMIT_TEXTS.title, description: LIMIT_TEXTS.tryLater(describeWait(error.retryAfterSeconds)), variant: "destructive" });
    else if (error.isStartFailure) showToast({ title: errorTexts.couldNotStart, description: error.message, variant: "destructive" });
    else showToast({ title: errorTexts.voiceCoachErrorTitle, description: error.message, variant: "destructive" });
  }

  /**
   * Bounded like the recorder's: a request that never answers left the status on "connecting" and the speech aid (which
   * waits for the coach to be unavailable) off for the whole journal. Past the bound the coach could not start.
   */
  async function openCoachMicrophone(): Promise<MediaStream> {
    try {
      return await openMicrophone(AUDIO_CONSTRAINTS);
    } catch (error) {
      if (error instanceof MicrophoneTimeoutError) throw Object.assign(new Error(SOLO_TEXTS.coachUnavailable, { cause: error }), { isStartFailure: true });
      throw error;
    }
  }

  async function connectCoach(audioElement: HTMLAudioElement): Promise<void> {
    const mine = ++connection;
    const current = () => mine === connection && live();
    kit.dispatch({ type: "COACH_STATUS", status: "connecting" });
    try {
      const startCoach = await loadCoach();
      if (!startCoach) throw Object.assign(new Error(SOLO_TEXTS.coachUnavailable), { isStartFailure: true });
      // The coach hears its own microphone stream; the journal's recorder opens another at the end of the countdown.
      const stream = await openCoachMicrophone();
      if (!current()) return stream.getTracks().forEach((track) => track.stop());
      coachStream = stream;
      const guideAtStart = pendingGuide;
      const session = await startCoach({
        userLabel: identity.userName,
        guideContext: guideAtStart,
        language: readSpeechLanguage(),
        stream,
        audioElement,
        onStatus: (status) => {
          if (current()) kit.dispatch({ type: "COACH_STATUS", status });
        },
        onTurn: (turn) => {
          if (current()) kit.dispatch({ type: "COACH_TURN", turn });
        },
        onError: (error) => {
          if (current()) coachFailed(error);
        },
      });
      if (!current()) return session.stop();
      coach = session;
      // A guide picked while the coach was connecting (chooseGuide had no coach to send it to) goes to it now.
      if (pendingGuide && pendingGuide !== guideAtStart) session.sendGuide(pendingGuide);
    } catch (error) {
      if (current()) coachFailed(error instanceof Error ? error : new Error(String(error)));
    }
  }

  function cancelled(): void {
    endCoach();
    endAid();
    showToast({ title: SOLO_TEXTS.cancelled });
  }

  return {
    /**
     * Before a failed recording is retried: the recorder takes the mode it was made in (this device's audio remembers it,
     * else the account's history item), so a journal is analysed as a journal and a couple's recording gets its naming
     * step. Only while nothing runs.
     */
    async modeForRetry(audioKey: string | null | undefined, listedMode?: unknown, guideHeadline?: unknown): Promise<void> {
      if (kit.getState().phase.name !== "idle") return;
      // This device's audio knows; else the history's item does (the account keeps the mode of a recording it holds).
      const stored = audioKey ? (await listStoredRecordings().catch(() => [])).find((recording) => recording.id === audioKey)?.mode : undefined;
      const made = stored ?? (listedMode === "solo" || listedMode === "couple" ? listedMode : undefined);
      if (!made || kit.getState().phase.name !== "idle") return;
      kit.dispatch({ type: "MODE_CHANGED", mode: made === "solo" ? "solo" : "relationship" });
      // The journal's guide, kept with the failed recording: its analysis gets the headline as the first one would have.
      if (made === "solo" && typeof guideHeadline === "string" && guideHeadline.trim()) kit.dispatch({ type: "GUIDE_PICKED", headline: guideHeadline });
    },
    /** Who is journaling, kept current by the screen: a retried solo recording is named after them too. */
    identify(who: SoloIdentity): void {
      identity = who;
    },
    /** The record button in Solo Journal: Journal Readiness first. */
    start(who: SoloIdentity): void {
      identity = who;
      recording.start();
    },
    /** Start on Journal Readiness: the countdown runs, and the coach's greeting starts with it (signed-in users only). */
    beginCountdown(audioElement: HTMLAudioElement | null): void {
      if (!live()) return;
      if (!identity.signedIn || !audioElement) {
        kit.dispatch({ type: "COACH_STATUS", status: "unavailable" });
        return;
      }
      void connectCoach(audioElement);
    },
    beginCapture: async () => {
      await recording.beginCapture();
      // The microphone could not be opened (refused, or no answer in time) and the journal is over: a coach already on
      // would go on talking, its paid connection open, over a screen that says "Tap to start recording".
      if (!live()) {
        endCoach();
        endAid();
        return;
      }
      await startAid();
    },
    confirmReady: () => recording.confirmReady(),
    /** Skip or Stop on Journal Readiness: cancels without analysis and goes home. */
    notReady: () => {
      if (!live()) return;
      recording.notReady();
      cancelled();
    },
    cancel: () => {
      if (!live()) return;
      recording.cancel();
      cancelled();
    },
    /** Stop: the coach says nothing more, and the journal goes to transcription ("Wrapping up your session..."). */
    stop: () => {
      endCoach();
      endAid();
      recording.stop();
    },
    /**
     * The mode switch. Leaving Solo Journal mid-session stops it without analysis (spec part 1 section 5), but what was said
     * is kept: "Recording Saved Locally", to retry from the history as a journal. Nothing recorded yet: "Session cancelled".
     */
    switchMode: (mode: RecordingMode) => {
      if (mode === "relationship" && live()) {
        const guideHeadline = kit.getState().solo.guideHeadline;
        endCoach();
        endAid();
        void recording
          .setAside(guideHeadline)
          .then((kept) =>
            showToast(kept ? { title: FAILURE_TEXTS.savedLocallyTitle, description: FAILURE_TEXTS.savedLocallyBody } : { title: SOLO_TEXTS.cancelled }),
          );
      }
      kit.dispatch({ type: "MODE_CHANGED", mode });
    },
    /** A guide picked in the overlay: kept as the session's topic and, while the coach is on, sent to it (queued there). */
    chooseGuide: (guide: CoachGuide, at = Date.now()) => {
      const { mode, phase } = kit.getState();
      if (mode !== "solo" || !(live() || phase.name === "idle")) return;
      const choice = { headline: guide.headline, at };
      if (!acceptsGuideChoice(lastChoice, choice)) return;
      lastChoice = choice;
      pendingGuide = guide;
      kit.dispatch({ type: "GUIDE_PICKED", headline: guide.headline });
      coach?.sendGuide(guide);
    },
    /** Called once the journal is transcribed: nothing said ends here, anything said goes on to the solo analysis. */
    afterTranscribed: (result: TranscriptionResultData) => {
      const headline = kit.getState().solo.guideHeadline;
      if (!hasSpeech(result)) {
        showToast({ title: SOLO_TEXTS.nothingTitle, description: SOLO_TEXTS.nothingBody });
        return;
      }
      // The guide stays while the topic does (the subscription above lets both go together): a failed analysis keeps the
      // topic on screen, and the next journal's coach is told of it too.
      void analysis.analyzeSolo(result, identity.userName, headline);
    },
    speakerName: () => identity.userName,
  };
}
