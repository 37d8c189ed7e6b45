"use client";

import { useEffect, useState } from "react";

const TIMER_TICK_MS = 100;

/** Seconds since `startedAt` (epoch ms), refreshed every 100 ms (spec part 1 section 4; solo: 500 ms); 0 when nothing runs. */
export function useElapsedSeconds(startedAt: number | null, tickMs: number = TIMER_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [startedAt, tickMs]);
  return startedAt === null ? 0 : Math.max(0, (now - startedAt) / 1000);
}
