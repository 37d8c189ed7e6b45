"use client";

import { useEffect, useState } from "react";

const TIMER_TICK_MS = 100;

/** Seconds since `startedAt` (epoch ms), refreshed every 100 ms (spec part 1 section 4); 0 when nothing runs. */
export function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, (now - startedAt) / 1000);
}
