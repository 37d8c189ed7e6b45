/** @jest-environment node */
import { SOLO_TEXTS } from "@/components/solo/texts";

import { loadRealtimeCoach } from "./coach-loader";

// The live coach's code did not arrive (a failed or stalled download): the coach could not start, and the journal goes on.
jest.mock("@/lib/client/realtime", () => {
  throw Object.assign(new Error("Failed to load chunk /_next/static/chunks/realtime.js"), { name: "ChunkLoadError" });
});

afterEach(() => {
  delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
});

test("code that does not arrive is a coach that could not start, in the words the journal shows", async () => {
  (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection = class {};
  await expect(loadRealtimeCoach()).rejects.toMatchObject({ message: SOLO_TEXTS.coachUnavailable, isStartFailure: true });
});

test("a browser without WebRTC has no coach, and loads nothing", async () => {
  await expect(loadRealtimeCoach()).resolves.toBeNull();
});
