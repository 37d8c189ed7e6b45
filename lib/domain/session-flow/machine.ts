import type { TranscriptionFailureKind } from "@/lib/domain/errors/classify";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import type { ClientSession } from "./client-session";
import { growthOverlayStep, growthTransition, type GrowthEvent, type GrowthState } from "./growth";

// The session flow (spec part 1 section 4, part 2 section 4) as one pure state machine: a session goes from readiness
// through recording, transcription, naming and analysis to its results, completion and save. Screens render from the
// state and report what happened as events; the provider (components/session-flow) runs the side effects. An event that
// does not fit the current state is ignored, so a late callback can never drag the flow backwards.

export type AnalysisStep = "processing" | "identifying" | "generating";

/** A transcript with the names the user gave; held in memory so a failed analysis can be retried without a reload. */
export type NamedTranscript = {
  /** Lines "Name: text". */
  transcript: string;
  speakerNames: Record<string, string>;
  original: Pick<TranscriptionResultData, "transcript" | "segments" | "speakers" | "speakerStats">;
  /** The account's session that already holds this transcript (a retried server-kept recording): analysis attaches to it. */
  sessionId?: string;
  /** The browser's id of the recording it came from: the analysis's idempotency key, so a retry makes no second session. */
  clientId?: string;
  /** A Solo Journal entry: analysed in solo mode, with the conversation guide's headline when one was picked. */
  solo?: { guideHeadline: string | null };
};

/** What a failed analysis can be retried from: the copy kept on the device or server (keptId), else the one in memory. */
export type AnalysisRetry = { keptId: string | null; named: NamedTranscript | null };

type FlowDialog =
  | { kind: "transcription-connection"; retryId: string | null }
  | { kind: "transcription-retry"; retryId: string | null }
  | { kind: "analysis-connection"; retry: AnalysisRetry }
  | { kind: "analysis-failed"; retry: AnalysisRetry };

export type ResultsPhase = {
  name: "results";
  session: ClientSession;
  summaryLoading: boolean;
  /** Finish Session: saving, failed (the "Failed to Save Session" dialog), retrying (the dialog's Retry Cloud Save runs). */
  save: "idle" | "saving" | "failed" | "retrying";
  /** The growth follow-up under way over the completion screen, or null. */
  growth: GrowthState | null;
};

export type FlowPhase =
  | { name: "idle"; notReady: boolean }
  /**
   * `confirmed`: "Yes, ready" came before the microphone was open; the recording starts confirmed. The card stays up until
   * then (showsReadiness), since the microphone may still fail or not answer.
   */
  | { name: "readiness"; confirmed: boolean }
  | { name: "recording"; startedAt: number; confirmed: boolean; reconnecting: boolean }
  /** `retryOf`: a retry started from the Transcription Failed dialog, for that recording (see TRANSCRIPTION_RETRY_FAILED). */
  | { name: "transcribing"; retryOf?: string }
  | { name: "naming"; transcription: TranscriptionResultData }
  | { name: "analysing"; step: AnalysisStep }
  | ResultsPhase;

/** The recorder's mode switch (spec part 1 sections 1 and 2). */
export type RecordingMode = "relationship" | "solo";

/** The live voice coach as the solo screen shows it; "unavailable" is the journal without a live coach. */
export type SoloCoachStatus = "off" | "connecting" | "listening" | "thinking" | "speaking" | "unavailable";

/** A line of the live transcript (spec part 1 section 3 "Transcript turn"). */
export type TranscriptTurn = { role: "user" | "assistant"; text: string; timestamp: number };

/** What a Solo Journal session holds beside its phase: the coach, its turns, and the guide picked (kept for the analysis). */
export type SoloState = { coach: SoloCoachStatus; turns: TranscriptTurn[]; guideHeadline: string | null };

export type SessionFlowState = { phase: FlowPhase; dialog: FlowDialog | null; mode: RecordingMode; solo: SoloState };

export type SessionFlowEvent =
  | { type: "START" }
  | { type: "CAPTURE_STARTED"; at: number }
  | { type: "CAPTURE_FAILED" }
  | { type: "READY_CONFIRMED" }
  | { type: "NOT_READY" }
  | { type: "CANCELLED" }
  | { type: "MICROPHONE_LOST" }
  | { type: "MICROPHONE_BACK" }
  | { type: "STOPPED" }
  /** `fromDialog`: Retry Now in the Transcription Failed dialog (else the history, or a waiting recording sent). */
  | { type: "TRANSCRIPTION_RETRY"; fromDialog?: boolean }
  /**
   * A retry failed and the connection issue persists ("Retry Failed"). Its toast says "You can try again or save locally":
   * a retry from the dialog goes back to it, for the same recording. Other retry failures are TRANSCRIPTION_FAILED "other".
   */
  | { type: "TRANSCRIPTION_RETRY_FAILED" }
  | { type: "TRANSCRIBED"; result: TranscriptionResultData }
  /** A growth follow-up retried from the history: its session opens at the naming step of its growth follow-up. */
  | { type: "GROWTH_RESUMED"; session: ClientSession; result: TranscriptionResultData }
  | { type: "TRANSCRIPTION_FAILED"; kind: TranscriptionFailureKind; retryId: string | null }
  | { type: "NAMES_CONFIRMED" }
  | { type: "NAMING_CLOSED" }
  | { type: "ANALYSIS_RETRY" }
  | { type: "ANALYSIS_STEP"; step: AnalysisStep }
  | { type: "ANALYSED"; session: ClientSession }
  | { type: "ANALYSIS_FAILED"; dialog: "analysis-connection" | "analysis-failed"; retry: AnalysisRetry }
  | { type: "ANALYSIS_ABANDONED" }
  /** A completed session picked in the history opens at its completion screen. */
  | { type: "OPENED"; session: ClientSession }
  | { type: "SESSION_UPDATED"; session: ClientSession }
  | { type: "SUMMARY_REQUESTED" }
  | { type: "SUMMARY_READY"; session: ClientSession }
  | { type: "SAVE_REQUESTED" }
  | { type: "SAVE_FAILED" }
  | { type: "SAVE_REFUSED" }
  /** The failed-save dialog dismissed (Escape, a tap beside it): back to the completion screen, its Finish Session again. */
  | { type: "SAVE_DISMISSED" }
  | { type: "CLOSED" }
  | { type: "DIALOG_CLOSED" }
  | { type: "MODE_CHANGED"; mode: RecordingMode }
  | { type: "COACH_STATUS"; status: SoloCoachStatus }
  | { type: "COACH_TURN"; turn: TranscriptTurn }
  | { type: "GUIDE_PICKED"; headline: string }
  | GrowthEvent;

const NO_SOLO: SoloState = { coach: "off", turns: [], guideHeadline: null };

export const initialSessionFlowState: SessionFlowState = { phase: { name: "idle", notReady: false }, dialog: null, mode: "relationship", solo: NO_SOLO };

/** The live transcript keeps the newest turns only: a long session must not grow the page without bound. */
export const MAX_LIVE_TURNS = 200;

const IDLE: FlowPhase = { name: "idle", notReady: false };

/** Naming needs something to name: at least one segment and one speaker. */
export function hasSpeakersToName(result: TranscriptionResultData): boolean {
  return result.segments.length > 0 && Object.keys(result.speakers).length > 0;
}

export function sessionFlowReducer(state: SessionFlowState, event: SessionFlowEvent): SessionFlowState {
  const { phase } = state;
  const to = (next: FlowPhase, dialog: FlowDialog | null = state.dialog): SessionFlowState => ({ ...state, phase: next, dialog });
  const solo = state.mode === "solo";
  if (solo) {
    const next = soloTransition(state, event);
    if (next) return next;
  }

  switch (event.type) {
    case "START":
      return phase.name === "idle" ? to({ name: "readiness", confirmed: false }, null) : state;
    case "CAPTURE_STARTED":
      return phase.name === "readiness" ? to({ name: "recording", startedAt: event.at, confirmed: phase.confirmed, reconnecting: false }) : state;
    case "CAPTURE_FAILED":
      return phase.name === "readiness" || phase.name === "recording" ? to(IDLE) : state;
    case "READY_CONFIRMED":
      return phase.name === "recording" || phase.name === "readiness" ? to({ ...phase, confirmed: true }) : state;
    case "NOT_READY":
      return phase.name === "readiness" || phase.name === "recording" ? to({ name: "idle", notReady: true }) : state;
    case "CANCELLED":
      return phase.name === "readiness" || phase.name === "recording" ? to(IDLE) : state;
    case "MICROPHONE_LOST":
    case "MICROPHONE_BACK":
      return phase.name === "recording" ? to({ ...phase, reconnecting: event.type === "MICROPHONE_LOST" }) : state;
    case "STOPPED":
      return phase.name === "recording" ? to({ name: "transcribing" }) : state;
    case "TRANSCRIPTION_RETRY": {
      // One thing at a time: a retry never interrupts a recording, an upload or an open session.
      if (phase.name !== "idle") return state;
      // The recording of the dialog open now, not whatever the caller names: a retry that fails goes back to that dialog.
      const retryOf = event.fromDialog && state.dialog?.kind === "transcription-retry" ? state.dialog.retryId : null;
      return to(retryOf ? { name: "transcribing", retryOf } : { name: "transcribing" }, null);
    }
    case "TRANSCRIBED":
      if (phase.name !== "transcribing") return state;
      return to(hasSpeakersToName(event.result) ? { name: "naming", transcription: event.result } : IDLE);
    case "GROWTH_RESUMED":
      if (phase.name !== "transcribing") return state;
      if (!hasSpeakersToName(event.result)) return to(IDLE);
      return to(
        { name: "results", session: event.session, summaryLoading: false, save: "idle", growth: { name: "naming", transcription: event.result } },
        null,
      );
    case "TRANSCRIPTION_FAILED": {
      if (phase.name !== "transcribing") return state;
      if (event.kind === "connection") return to(IDLE, { kind: "transcription-connection", retryId: event.retryId });
      if (event.kind === "failed-session") return to(IDLE, { kind: "transcription-retry", retryId: event.retryId });
      return to(IDLE, null);
    }
    case "TRANSCRIPTION_RETRY_FAILED":
      // The recording is still kept (device or server): its dialog again, so Retry Now and Save Locally are one tap away.
      if (phase.name !== "transcribing") return state;
      return to(IDLE, phase.retryOf ? { kind: "transcription-retry", retryId: phase.retryOf } : null);
    case "NAMES_CONFIRMED":
      return phase.name === "naming" ? to({ name: "analysing", step: "identifying" }) : state;
    case "NAMING_CLOSED":
      return phase.name === "naming" ? to(IDLE) : state;
    case "ANALYSIS_RETRY":
      return phase.name === "idle" ? to({ name: "analysing", step: "generating" }, null) : state;
    case "ANALYSIS_STEP":
      return phase.name === "analysing" ? to({ name: "analysing", step: event.step }) : state;
    case "ANALYSED":
      return phase.name === "analysing" ? to({ name: "results", session: event.session, summaryLoading: false, save: "idle", growth: null }, null) : state;
    case "ANALYSIS_FAILED":
      return phase.name === "analysing" ? to(IDLE, { kind: event.dialog, retry: event.retry }) : state;
    case "ANALYSIS_ABANDONED":
      return phase.name === "analysing" ? to(IDLE) : state;
    case "OPENED":
      return phase.name === "idle" ? to({ name: "results", session: event.session, summaryLoading: false, save: "idle", growth: null }, null) : state;
    case "SESSION_UPDATED":
      return phase.name === "results" ? to({ ...phase, session: event.session }) : state;
    case "SUMMARY_REQUESTED":
      return phase.name === "results" ? to({ ...phase, summaryLoading: true }) : state;
    case "SUMMARY_READY":
      return phase.name === "results" ? to({ ...phase, session: event.session, summaryLoading: false }) : state;
    case "SAVE_REQUESTED":
      if (phase.name !== "results" || phase.growth !== null || phase.save === "saving" || phase.save === "retrying") return state;
      return to({ ...phase, save: phase.save === "failed" ? "retrying" : "saving" });
    case "SAVE_FAILED":
      return phase.name === "results" ? to({ ...phase, save: "failed" }) : state;
    case "SAVE_REFUSED":
      return phase.name === "results" ? to({ ...phase, save: "idle" }) : state;
    case "SAVE_DISMISSED":
      // Not while a retry runs: its answer decides.
      return phase.name === "results" && phase.save === "failed" ? to({ ...phase, save: "idle" }) : state;
    case "CLOSED":
      return phase.name === "results" ? to(IDLE) : state;
    case "DIALOG_CLOSED":
      return state.dialog ? to(phase, null) : state;
    case "COACH_STATUS":
    case "COACH_TURN":
    case "GUIDE_PICKED":
      // Relationship mode has no coach; a guide there is a conversation starter and picking it does nothing.
      return state;
    case "MODE_CHANGED":
      // The switch moves only while nothing records; leaving Solo Journal mid-session cancels it (handled above).
      return phase.name === "idle" && event.mode !== state.mode ? { ...state, mode: event.mode, phase: IDLE } : state;
    default: {
      if (phase.name !== "results") return state;
      const next = growthTransition(phase.growth, event);
      return next ? to({ ...phase, growth: next.growth, session: next.session ?? phase.session }) : state;
    }
  }
}

/**
 * Solo Journal's own transitions (spec part 1 section 4 "Solo voice-coach recorder" and "After transcription"); null
 * where solo behaves like relationship mode. There is no naming step: the one voice is the user's.
 */
function soloTransition(state: SessionFlowState, event: SessionFlowEvent): SessionFlowState | null {
  const { phase } = state;
  const live = phase.name === "readiness" || phase.name === "recording";
  const idle = { ...state, phase: IDLE, solo: { ...state.solo, coach: "off" as const, turns: [] } };
  switch (event.type) {
    case "START":
      // The guide picked before Start stays: it is the session's topic.
      return phase.name === "idle"
        ? { ...state, phase: { name: "readiness", confirmed: false }, dialog: null, solo: { ...NO_SOLO, guideHeadline: state.solo.guideHeadline } }
        : state;
    case "NOT_READY":
      // Solo "not ready" cancels without analysis and goes home.
      return live ? idle : state;
    case "CANCELLED":
    case "CAPTURE_FAILED":
      return live ? idle : state;
    case "MODE_CHANGED":
      // Switching to Relationship stops any solo recording, without analysis.
      if (event.mode === "solo") return state;
      return phase.name === "idle" || live ? { ...idle, mode: "relationship", solo: NO_SOLO } : state;
    case "STOPPED":
      return phase.name === "recording" ? { ...state, phase: { name: "transcribing" }, solo: { ...state.solo, coach: "off" } } : state;
    case "TRANSCRIBED":
      if (phase.name !== "transcribing") return state;
      // Nothing said: back home (the screen says "Nothing to analyze"); else straight to the analysis.
      return hasSpeech(event.result) ? { ...state, phase: { name: "analysing", step: "identifying" } } : idle;
    case "COACH_STATUS":
      return live && state.solo.coach !== event.status ? { ...state, solo: { ...state.solo, coach: event.status } } : state;
    case "COACH_TURN":
      return live ? { ...state, solo: { ...state.solo, turns: [...state.solo.turns, event.turn].slice(-MAX_LIVE_TURNS) } } : state;
    case "GUIDE_PICKED":
      return live || phase.name === "idle" ? { ...state, solo: { ...state.solo, guideHeadline: event.headline } } : state;
    case "ANALYSED":
      return phase.name === "analysing"
        ? { ...state, phase: { name: "results", session: event.session, summaryLoading: false, save: "idle", growth: null }, dialog: null, solo: NO_SOLO }
        : state;
    default:
      return null;
  }
}

/** A transcript with something said in it: a segment with words. */
export function hasSpeech(result: TranscriptionResultData): boolean {
  return result.segments.some((segment) => segment.text.trim() !== "");
}

/** A microphone is open (the readiness card's countdown has ended and capture runs). */
export function isCapturing(state: SessionFlowState): boolean {
  return state.phase.name === "recording" || (state.phase.name === "results" && state.phase.growth?.name === "recording");
}

/**
 * The readiness card is up: all through readiness, whatever was answered, and while recording until "Yes, ready". A "Yes,
 * ready" before the microphone is open is remembered (`confirmed`) and the card stays, saying "Starting the microphone…"
 * with "Not now" still there: hidden then, nothing on the screen could cancel the wait or start again (the record button's
 * START is ignored outside idle, and Cancel shows only while capturing).
 */
export function showsReadiness(state: SessionFlowState): boolean {
  const { phase } = state;
  return phase.name === "readiness" || (phase.name === "recording" && !phase.confirmed);
}

/** Something is under way; history retries wait until it is not. */
export function isBusy(state: SessionFlowState): boolean {
  return state.phase.name !== "idle";
}

/** The analysing overlay's step, or null when the overlay is not shown. */
export function overlayStep(state: SessionFlowState): AnalysisStep | null {
  if (state.phase.name === "transcribing") return "processing";
  if (state.phase.name === "analysing") return state.phase.step;
  if (state.phase.name === "results") return growthOverlayStep(state.phase.growth);
  return null;
}
