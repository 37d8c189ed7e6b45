"use client";

import { useEffect } from "react";

const OLD_IOS_KEEP_AWAKE_MS = 15_000;

/**
 * Keeps the screen awake while `active`: the Screen Wake Lock API where it exists, re-acquired when the tab becomes visible
 * again. Old iOS has no wake lock; there, a navigation that is cancelled at once every 15 s keeps the screen on (the long-
 * standing NoSleep technique) without reloading anything, while recording (spec part 1 section 4). Its window.stop() also
 * cancels every request the page has in flight, so a screen that waits on requests (an upload, a transcription) passes
 * `navigationFallback: false`: there old iOS may dim the screen, but the requests finish.
 */
export function useWakeLock(active: boolean, { navigationFallback = true }: { navigationFallback?: boolean } = {}): void {
  useEffect(() => {
    if (!active) return;
    let sentinel: WakeLockSentinel | null = null;
    let released = false;

    const acquire = async () => {
      try {
        sentinel = await navigator.wakeLock.request("screen");
        if (released) await sentinel.release();
      } catch {
        // Denied (battery saver, background tab): the recording still works, the screen may dim.
      }
    };

    if ("wakeLock" in navigator) {
      void acquire();
      const onVisible = () => {
        if (document.visibilityState === "visible") void acquire();
      };
      document.addEventListener("visibilitychange", onVisible);
      return () => {
        released = true;
        document.removeEventListener("visibilitychange", onVisible);
        void sentinel?.release().catch(() => {});
      };
    }

    // (window.navigator: the DOM types claim every browser has wakeLock, which narrows `navigator` to never here.)
    if (!navigationFallback || !isOldIos(window.navigator.userAgent)) return;
    const timer = window.setInterval(() => {
      window.location.href = window.location.href.split("#")[0]!;
      window.setTimeout(() => window.stop(), 0);
    }, OLD_IOS_KEEP_AWAKE_MS);
    return () => window.clearInterval(timer);
  }, [active, navigationFallback]);
}

function isOldIos(userAgent: string): boolean {
  const match = /(?:iPhone|iPad|iPod).*OS (\d+)_/.exec(userAgent);
  return match !== null && Number(match[1]) < 16;
}
