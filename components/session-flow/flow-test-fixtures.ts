// What the session-flow action tests share: a transcription, a recorded audio, the flow's actions on a fresh store, a
// short poll, and the LockManager two tabs share. Each test file keeps its own jest.mock calls (they are hoisted per file).
import type { ClientSession } from "@/lib/domain/session-flow/client-session";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { createAnalysisActions } from "./analysis-actions";
import { createFlowKit } from "./flow-kit";
import { createRecordingActions } from "./recording-actions";
import { createResultsActions } from "./results-actions";

export const segments = [
  { speaker: "SPEAKER_01", text: "We never get time for us.", start: 0, end: 2 },
  { speaker: "SPEAKER_02", text: "Then let's plan Saturday.", start: 2, end: 4 },
];

export const transcription: TranscriptionResultData = {
  transcript: "We never get time for us. Then let's plan Saturday.",
  segments,
  speakers: { SPEAKER_01: [segments[0]!], SPEAKER_02: [segments[1]!] },
  speakerStats: { SPEAKER_01: { totalTime: 2, wordCount: 6, segments: 1 }, SPEAKER_02: { totalTime: 2, wordCount: 4, segments: 1 } },
  fallback: false,
};

/** A completed session of Maya and Jon, as the results hold it; a test names what differs (id, where it is kept…). */
export function completedSession(overrides: Partial<ClientSession> = {}): ClientSession {
  return {
    id: "local-1",
    isLocal: true,
    transcript: "Maya: We never get time for us.\nJon: Then let's plan Saturday.",
    analysis: { cards: [], transcriptionSegments: transcription.segments } as unknown as ClientSession["analysis"],
    swipeActions: [],
    createdAt: "2026-11-01T09:00:00.000Z",
    timestamp: Date.parse("2026-11-01T09:00:00.000Z"),
    name: "Saturday plans",
    mode: "couple",
    speakerNames: { SPEAKER_01: "Maya", SPEAKER_02: "Jon" },
    isCompleted: true,
    ...overrides,
  };
}

export const audio = { id: "rec-1", mimeType: "audio/webm", size: 100, durationMs: 2000, storedLocally: true, blob: new Blob(["x"]) };

export function setUpFlow() {
  const kit = createFlowKit();
  const recording = createRecordingActions(kit, { goHome: jest.fn() });
  const analysis = createAnalysisActions(kit);
  const results = createResultsActions(kit, { stopCapture: recording.forceStop });
  return { kit, recording, analysis, results };
}

export async function waitFor(condition: () => boolean) {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

// The browser's LockManager as two tabs share it: a lock is held while its callback's promise is pending. Installed on
// `navigator`; the caller deletes `navigator.locks` when done.
export function sharedLocks() {
  const held = new Set<string>();
  type Callback = (lock: { name: string } | null) => unknown;
  const locks = {
    request: (name: string, ...args: [Callback] | [{ ifAvailable?: boolean }, Callback]) => {
      const [options, callback] = args.length === 1 ? [{}, args[0]] : args;
      if (options.ifAvailable && held.has(name)) return Promise.resolve(callback(null));
      held.add(name);
      return Promise.resolve(callback({ name })).finally(() => held.delete(name));
    },
    query: async () => ({ held: [...held].map((name) => ({ name })), pending: [] }),
    isHeld: (name: string) => held.has(name),
  };
  Object.defineProperty(navigator, "locks", { configurable: true, value: locks });
  return locks;
}
