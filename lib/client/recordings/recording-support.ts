/**
 * Whether this browser can record at all (MediaRecorder and getUserMedia). In a module of its own: the record button's
 * first step asks it before the recorder's code (recorder.ts) has loaded.
 */
export function isRecordingSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof MediaRecorder !== "undefined" &&
    typeof navigator !== "undefined" &&
    typeof navigator.mediaDevices?.getUserMedia === "function"
  );
}
