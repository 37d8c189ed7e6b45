import { toEpoch, type DateInput } from "./types";

// History cards' time labels (spec part 2 section 9 "relative time labels"). Elapsed time, not calendar days, decides
// the label, so it does not depend on the viewer's time zone; only the short date (older than a week) does.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export const UNKNOWN_TIME_LABEL = "Unknown date";

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "3 days ago", then "Nov 21" (this year) or "Nov 21, 2025". */
export function relativeTime(date: DateInput, now: DateInput = Date.now()): string {
  const at = toEpoch(date);
  const current = toEpoch(now) ?? Date.now();
  if (at === null) return UNKNOWN_TIME_LABEL;
  const elapsed = current - at;
  // A clock a little ahead on another device must not read "in 30 seconds"; a real future date falls to the short date.
  if (elapsed < MINUTE && elapsed > -MINUTE) return "just now";
  if (elapsed >= MINUTE && elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed >= HOUR && elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hour");
  if (elapsed >= DAY && elapsed < 2 * DAY) return "yesterday";
  if (elapsed >= 2 * DAY && elapsed < WEEK) return plural(Math.floor(elapsed / DAY), "day");
  const sameYear = new Date(at).getFullYear() === new Date(current).getFullYear();
  return new Date(at).toLocaleDateString("en-US", sameYear ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", year: "numeric" });
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}
