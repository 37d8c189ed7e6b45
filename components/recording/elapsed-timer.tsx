import { formatMmSs } from "@/lib/domain/format-time";

import { RECORDING_TEXTS as T } from "./texts";

/**
 * The recording's mm:ss. A timer (role="timer", not live): a screen reader reads it when the user reaches it. Keep it out
 * of any live region, or the time is announced at every tick.
 */
export function ElapsedTimer({ seconds, className = "font-mono text-3xl tabular-nums text-ink" }: { seconds: number; className?: string }) {
  const time = formatMmSs(seconds);
  return (
    <p role="timer" aria-label={T.elapsed(time)} className={className}>
      {time}
    </p>
  );
}
