import { READINESS_TEXTS as T } from "./texts";

/**
 * The readiness cards' line once their countdown has ended: "Recording..." when the microphone is open, "Starting the
 * microphone…" until then (a permission prompt, or the recorder's code still on its way).
 */
export function CaptureStatus({ capturing }: { capturing: boolean }) {
  return capturing ? (
    <span className="flex items-center gap-2 text-lg font-semibold text-soft-tangerine-700">
      <span aria-hidden className="h-3 w-3 animate-pulse rounded-full bg-soft-tangerine" />
      {T.recordingNow}
    </span>
  ) : (
    <span className="text-lg font-semibold text-ink-soft">{T.startingMicrophone}</span>
  );
}
