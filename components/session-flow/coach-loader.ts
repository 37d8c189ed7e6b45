import type { StartCoach, StartTranscriptAid } from "./solo-actions";

// The live voice coach's client (lib/client/realtime), loaded on demand: only a signed-in Solo Journal pulls the WebRTC code
// into the page. Null when this browser has no WebRTC: solo mode is then the journal without the live coach.
export async function loadRealtimeCoach(): Promise<StartCoach | null> {
  if (typeof RTCPeerConnection === "undefined") return null;
  const { startRealtimeCoach } = await import("@/lib/client/realtime");
  return startRealtimeCoach;
}

/** The speech-recognition live-transcript aid; it returns null itself where the browser has no speech recognition. */
export async function loadLiveTranscriptAid(): Promise<StartTranscriptAid | null> {
  const { startLiveTranscriptAid } = await import("@/lib/client/realtime");
  return (options) => startLiveTranscriptAid(options);
}
