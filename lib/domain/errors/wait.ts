// A wait the user is asked to sit out (a rate limit's Retry-After), in words, for the server's message and the app's toast.

/** "45 seconds", "1 minute", "12 minutes", "2 hours". */
export function describeWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} second${whole === 1 ? "" : "s"}`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.ceil(minutes / 60)} hours`;
}
