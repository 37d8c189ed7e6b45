// The live-transcript aid's restart policy (spec part 1, sections 4 and 9, "Speech recognition"): the browser's speech
// recognition stops by itself (silence, a network hiccup, Android's non-continuous mode), so while listening it is
// restarted - after an end or an error, except "aborted" (that is our own stop), and proactively every 15 s (30 s on
// Android Chrome) before the browser cuts it. Restarts wait 50 ms (300 to 500 ms on Android, which needs longer).

export const RESTART_EVERY_MS = 15_000;
export const RESTART_EVERY_ANDROID_MS = 30_000;
export const RESTART_DELAY_MS = 50;
export const RESTART_DELAY_ANDROID_MS = { min: 300, max: 500 } as const;

/** Android Chrome, whose recognition is not continuous. */
export function isAndroidChrome(userAgent: string): boolean {
  return /Android/i.test(userAgent) && /Chrome\//.test(userAgent);
}

export type RecognitionPolicy = { continuous: boolean; restartEveryMs: number; restartDelayMs: (random: () => number) => number };

export function recognitionPolicy(userAgent: string): RecognitionPolicy {
  if (isAndroidChrome(userAgent)) {
    const { min, max } = RESTART_DELAY_ANDROID_MS;
    return { continuous: false, restartEveryMs: RESTART_EVERY_ANDROID_MS, restartDelayMs: (random) => Math.round(min + random() * (max - min)) };
  }
  return { continuous: true, restartEveryMs: RESTART_EVERY_MS, restartDelayMs: () => RESTART_DELAY_MS };
}

/** Whether an end or error restarts recognition: only while listening, and never after "aborted" (our own stop). */
export function shouldRestart({ listening, error }: { listening: boolean; error?: string }): boolean {
  return listening && error !== "aborted";
}
