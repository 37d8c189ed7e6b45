import type { StartCoach } from "./solo-actions";

// The live voice coach's client (lib/client/realtime), loaded on demand: only a signed-in Solo Journal pulls the WebRTC code
// into the page. Null when this browser has no WebRTC: solo mode is then the journal without the live coach.
export async function loadRealtimeCoach(): Promise<StartCoach | null> {
  if (typeof RTCPeerConnection === "undefined") return null;
  const { startRealtimeCoach } = await import("@/lib/client/realtime");
  return startRealtimeCoach;
}
