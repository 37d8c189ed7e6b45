import { MIN_INTRO_MS } from "./constants";
import { EMPTY_GUIDE_QUEUE, offerGuide, requeueGuide, takePendingGuide, type CoachGuide, type GuideQueueState } from "./guide-queue";
import { guideItem, RESPONSE_CREATE, turnDetectionUpdate, type RealtimeClientEvent, type RealtimeServerEvent } from "./realtime-events";
import { REALTIME_TEXTS } from "./realtime-texts";

// The live coach's session as one pure reducer (spec part 1, section 4, "Solo voice-coach recorder"): what the browser
// does when the data channel opens, when a server event arrives, when a guide is picked and when the intro's wait ends.
// lib/client/realtime runs the effects (sending events, a timer, the callbacks); everything decided is here and tested.
//
// - The intro: on open, turn detection is switched off and the coach greets. Turn detection is switched on only once the
//   intro response has finished (its audio played out) and at least MIN_INTRO_MS after it started.
// - Status: listening while the user speaks or the coach waits, thinking between the user's turn and the coach's voice,
//   speaking while the coach's audio plays (output_audio_buffer.started → stopped, which WebRTC sessions report).
// - Turns: the user's from the input transcription, the coach's from its audio transcript, once each.
// - Guides: see guide-queue.ts; a guide refused with conversation_already_has_active_response waits for the next free moment.

export type CoachStatus = "listening" | "thinking" | "speaking";
export type CoachTurn = { role: "user" | "assistant"; text: string; timestamp: number };

export type CoachSessionState = {
  phase: "connecting" | "intro" | "live";
  introStartedAt: number | null;
  /** The intro has ended and the wait before turn detection is scheduled. */
  introEnded: boolean;
  /** A response was asked for or is running (response.create sent → response.done). */
  responseActive: boolean;
  /** The coach's audio is playing (output_audio_buffer.started → stopped). */
  audioPlaying: boolean;
  /** "connecting" until the channel opens. */
  status: CoachStatus | "connecting";
  guides: GuideQueueState;
  /** The guide sent last, to queue again if the provider refuses it. */
  lastSentGuide: CoachGuide | null;
  /** Transcript items already turned into turns. */
  seenTurns: string[];
};

export type CoachEffect =
  | { kind: "send"; event: RealtimeClientEvent }
  | { kind: "status"; status: CoachStatus }
  | { kind: "turn"; turn: CoachTurn }
  | { kind: "schedule-turn-detection"; delayMs: number }
  | { kind: "error"; message: string };

export type CoachInput =
  { type: "channel-open" } | { type: "server-event"; event: RealtimeServerEvent } | { type: "guide"; guide: CoachGuide } | { type: "turn-detection-due" };

export const INITIAL_COACH_SESSION: CoachSessionState = {
  phase: "connecting",
  introStartedAt: null,
  introEnded: false,
  responseActive: false,
  audioPlaying: false,
  status: "connecting",
  guides: EMPTY_GUIDE_QUEUE,
  lastSentGuide: null,
  seenTurns: [],
};

type Step = { state: CoachSessionState; effects: CoachEffect[] };

const busy = (state: CoachSessionState) => state.responseActive || state.audioPlaying;

/** The intro's wait: what is left of MIN_INTRO_MS since it started (0 once it lasted that long). */
export function turnDetectionDelayMs(introStartedAt: number, introEndedAt: number): number {
  return Math.max(0, MIN_INTRO_MS - (introEndedAt - introStartedAt));
}

function withStatus(step: Step, status: CoachStatus): Step {
  if (step.state.status === status) return step;
  return { state: { ...step.state, status }, effects: [...step.effects, { kind: "status", status }] };
}

function sendGuide(step: Step, guide: CoachGuide): Step {
  return {
    state: { ...step.state, responseActive: true, lastSentGuide: guide },
    effects: [...step.effects, { kind: "send", event: guideItem(guide) }, { kind: "send", event: RESPONSE_CREATE }],
  };
}

/** After anything that may have freed the coach: the intro's end, then a waiting guide, then the resting status. */
function settle(step: Step, now: number): Step {
  let next = step;
  if (busy(next.state)) return next;
  if (next.state.phase === "intro" && !next.state.introEnded) {
    const delayMs = turnDetectionDelayMs(next.state.introStartedAt ?? now, now);
    next = { state: { ...next.state, introEnded: true }, effects: [...next.effects, { kind: "schedule-turn-detection", delayMs }] };
  }
  const { state: guides, guide } = takePendingGuide(next.state.guides);
  if (guide) return withStatus(sendGuide({ ...next, state: { ...next.state, guides } }, guide), "thinking");
  return withStatus(next, "listening");
}

function turnKey(event: RealtimeServerEvent): string {
  return `${event.type}:${event.item_id ?? event.event_id ?? ""}:${event.content_index ?? 0}`;
}

function addTurn(step: Step, event: RealtimeServerEvent, role: CoachTurn["role"], now: number): Step {
  const text = (event.transcript ?? "").trim();
  const key = turnKey(event);
  if (!text || step.state.seenTurns.includes(key)) return step;
  // Only the recent keys matter: a repeat comes right after its first delivery.
  const seenTurns = [...step.state.seenTurns.slice(-199), key];
  return { state: { ...step.state, seenTurns }, effects: [...step.effects, { kind: "turn", turn: { role, text, timestamp: now } }] };
}

function onServerEvent(state: CoachSessionState, event: RealtimeServerEvent, now: number): Step {
  const step: Step = { state, effects: [] };
  switch (event.type) {
    case "input_audio_buffer.speech_started":
      return withStatus(step, "listening");
    case "input_audio_buffer.speech_stopped":
      return withStatus(step, "thinking");
    case "response.created":
      return withStatus({ state: { ...state, responseActive: true }, effects: [] }, state.audioPlaying ? "speaking" : "thinking");
    case "output_audio_buffer.started":
      return withStatus({ state: { ...state, audioPlaying: true }, effects: [] }, "speaking");
    case "output_audio_buffer.stopped":
    case "output_audio_buffer.cleared": {
      const quiet: Step = { state: { ...state, audioPlaying: false }, effects: [] };
      // Still answering (response.done not yet in): thinking; otherwise settle decides (a waiting guide, or listening).
      return state.responseActive ? withStatus(quiet, "thinking") : settle(quiet, now);
    }
    case "response.done":
      return settle({ state: { ...state, responseActive: false }, effects: [] }, now);
    case "conversation.item.input_audio_transcription.completed":
      return addTurn(step, event, "user", now);
    case "response.output_audio_transcript.done":
      return addTurn(step, event, "assistant", now);
    case "error": {
      if (event.error?.code === REALTIME_TEXTS.activeResponseCode) {
        // Not a failure: the coach was still answering. The refused guide waits for the next free moment.
        const guides = state.lastSentGuide ? requeueGuide(state.guides, state.lastSentGuide) : state.guides;
        return { state: { ...state, guides, responseActive: true }, effects: [] };
      }
      return { state, effects: [{ kind: "error", message: event.error?.message || REALTIME_TEXTS.genericRealtimeError }] };
    }
    default:
      return step;
  }
}

export function reduceCoachSession(state: CoachSessionState, input: CoachInput, now: number): Step {
  switch (input.type) {
    case "channel-open": {
      if (state.phase !== "connecting") return { state, effects: [] };
      // The greeting first, with nobody able to talk over it: turn detection stays off until the intro is over.
      return withStatus(
        {
          state: { ...state, phase: "intro", introStartedAt: now, responseActive: true },
          effects: [
            { kind: "send", event: turnDetectionUpdate(false) },
            { kind: "send", event: RESPONSE_CREATE },
          ],
        },
        "thinking",
      );
    }
    case "turn-detection-due": {
      if (state.phase !== "intro") return { state, effects: [] };
      return { state: { ...state, phase: "live" }, effects: [{ kind: "send", event: turnDetectionUpdate(true) }] };
    }
    case "guide": {
      const offer = offerGuide(state.guides, input.guide, now, busy(state) || state.phase === "connecting");
      const step: Step = { state: { ...state, guides: offer.state }, effects: [] };
      return offer.outcome === "send" ? withStatus(sendGuide(step, input.guide), "thinking") : step;
    }
    case "server-event":
      return onServerEvent(state, input.event, now);
  }
}
