import { useSyncExternalStore } from "react";

// What the processing screen says while a recording goes up in parts ("Transcribing part 2 of 5"), from the uploader to
// the screen without going through the session flow's state: null whenever no recording is being sent in parts.

let current: string | null = null;
const listeners = new Set<() => void>();

export function setLongRecordingProgress(text: string | null): void {
  if (text === current) return;
  current = text;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;
const serverSnapshot = () => null;

/** The progress line of the recording being sent in parts, or null. */
export function useLongRecordingProgress(): string | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
