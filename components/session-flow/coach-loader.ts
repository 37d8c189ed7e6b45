import type { StartCoach } from "./solo-actions";

// The live voice coach's client (lib/client/realtime), loaded on demand: only a signed-in Solo Journal pulls the WebRTC code
// into the page. Null means this build has no live coach, and solo mode is the journal without it.
export async function loadRealtimeCoach(): Promise<StartCoach | null> {
  return null;
}
