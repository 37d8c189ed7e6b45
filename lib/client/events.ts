// Client-side events of the spec (part 2, section 7), typed, on window.

export const APP_EVENTS = {
  refreshSessions: "refresh-sessions",
  directSessionSaved: "direct-session-saved",
  localRecordingSaved: "local-recording-saved",
  localSessionSaved: "local-session-saved",
  forceProcessingOverlay: "force-processing-overlay",
  analyzeWithNames: "analyze-with-names",
  retryTranscription: "retry-transcription",
  retryAnalysis: "retry-analysis",
  soloGuideSelected: "solo-guide-selected",
  forceStopRecording: "force-stop-recording",
} as const;

export type AppEventName = (typeof APP_EVENTS)[keyof typeof APP_EVENTS];

export type AnalyzeWithNamesDetail = {
  transcript: string;
  speakerNames: Record<string, string>;
  originalData: { transcript: string; segments: { speaker: string; text: string; start: number; end: number }[]; speakers: Record<string, unknown>; speakerStats: Record<string, unknown> };
  /** The account's session that already holds this transcript (a retried server-kept recording): analysis attaches to it. */
  sessionId?: string;
};

export function emitAppEvent<T>(name: AppEventName, detail?: T): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

export function onAppEvent<T>(name: AppEventName, listener: (detail: T) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<T>).detail);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
