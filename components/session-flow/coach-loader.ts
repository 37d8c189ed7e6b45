import { SOLO_TEXTS } from "@/components/solo/texts";
import { loadCodeWithin } from "@/lib/client/lazy-code";

import type { StartCoach, StartTranscriptAid } from "./solo-actions";

// The live voice coach's client (lib/client/realtime), loaded on demand: only a signed-in Solo Journal pulls the WebRTC code
// into the page. Null when this browser has no WebRTC: solo mode is then the journal without the live coach.
export async function loadRealtimeCoach(): Promise<StartCoach | null> {
  if (typeof RTCPeerConnection === "undefined") return null;
  try {
    const { startRealtimeCoach } = await loadCodeWithin(import("@/lib/client/realtime"));
    return startRealtimeCoach;
  } catch (error) {
    // Code that did not arrive (or not in time) is a coach that could not start: the journal goes on without it, instead
    // of showing "connecting" until it ends.
    throw Object.assign(new Error(SOLO_TEXTS.coachUnavailable, { cause: error }), { isStartFailure: true });
  }
}

/** The speech-recognition live-transcript aid; it returns null itself where the browser has no speech recognition. */
export async function loadLiveTranscriptAid(): Promise<StartTranscriptAid | null> {
  const { startLiveTranscriptAid } = await loadCodeWithin(import("@/lib/client/realtime"));
  return (options) => startLiveTranscriptAid(options);
}
