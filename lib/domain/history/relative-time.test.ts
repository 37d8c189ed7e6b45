import { relativeTime, UNKNOWN_TIME_LABEL } from "./relative-time";

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it.each([
    ["0 s", ago(0), "just now"],
    ["59 s", ago(59_000), "just now"],
    ["slightly in the future", NOW + 30_000, "just now"],
    ["1 min", ago(MIN), "1 minute ago"],
    ["5 min", ago(5 * MIN + 10_000), "5 minutes ago"],
    ["1 h", ago(HOUR), "1 hour ago"],
    ["23 h", ago(23 * HOUR), "23 hours ago"],
    ["1 day", ago(DAY), "yesterday"],
    ["47 h", ago(47 * HOUR), "yesterday"],
    ["3 days", ago(3 * DAY), "3 days ago"],
    ["6 days", ago(6 * DAY + HOUR), "6 days ago"],
    ["7 days, same year", ago(7 * DAY), "Jun 8"],
    ["last year", Date.UTC(2025, 10, 21), "Nov 21, 2025"],
    ["far future", NOW + 3 * DAY, "Jun 18"],
    ["ISO string", new Date(ago(3 * DAY)).toISOString(), "3 days ago"],
    ["invalid", "nope", UNKNOWN_TIME_LABEL],
    ["missing", undefined, UNKNOWN_TIME_LABEL],
  ])("%s", (_name, date, expected) => {
    expect(relativeTime(date, NOW)).toBe(expected);
  });
});
