import { toEpoch, type DateInput } from "./types";

// History cards' time labels (spec part 2 section 9 "relative time labels"). Under a day, elapsed time decides the label
// ("3 hours ago" is true anywhere). From a day on, the device's calendar does: "yesterday" and "3 days ago" name days, so
// a conversation of Monday 23:00 read on Wednesday evening (47 hours later) is "2 days ago", never "yesterday".

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK_DAYS = 7;

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
  const days = elapsed >= HOUR ? calendarDaysBetween(at, current) : 0;
  // Under a day, or a day of 25 hours (the end of summer time) that has not turned yet: hours.
  if (elapsed >= HOUR && (elapsed < DAY || days === 0)) return plural(Math.floor(elapsed / HOUR), "hour");
  if (days === 1) return "yesterday";
  if (days > 1 && days < WEEK_DAYS) return plural(days, "day");
  const sameYear = new Date(at).getFullYear() === new Date(current).getFullYear();
  return new Date(at).toLocaleDateString("en-US", sameYear ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", year: "numeric" });
}

/** How many midnights of the device's time zone lie between two instants (0 on the same local day). */
function calendarDaysBetween(from: number, to: number): number {
  const dayNumber = (epochMs: number) => {
    const date = new Date(epochMs);
    // The local date's own day count, free of the 23- and 25-hour days of summer time.
    return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY);
  };
  return dayNumber(to) - dayNumber(from);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}
