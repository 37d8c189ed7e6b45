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
    ["3 days", ago(3 * DAY), "3 days ago"],
    ["6 days", ago(6 * DAY), "6 days ago"],
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

// Labels from a day on name days of the device's calendar. Written in local time, so they hold in every zone the tests run
// in (TZ=UTC, Pacific/Auckland, America/Los_Angeles, which changes to summer time on 2026-03-08 inside these dates).
describe("relativeTime counts calendar days from a day on", () => {
  const local = (month: number, day: number, hour: number, minute = 0) => new Date(2026, month - 1, day, hour, minute).getTime();

  it.each([
    ["Monday 23:00 read Wednesday 22:00 (47 h)", local(6, 15, 23), local(6, 17, 22), "2 days ago"],
    ["Monday 01:00 read Tuesday 23:00 (46 h)", local(6, 15, 1), local(6, 16, 23), "yesterday"],
    ["Monday 23:00 read Thursday 01:00 (50 h)", local(6, 15, 23), local(6, 18, 1), "3 days ago"],
    ["Monday 23:00 read next Monday 01:00 (6 days 2 h): a week of days", local(6, 15, 23), local(6, 22, 1), "Jun 15"],
    ["yesterday 23:30 read at 00:30: still an hour", local(6, 15, 23, 30), local(6, 16, 0, 30), "1 hour ago"],
    ["yesterday 08:00 read at 07:00: still hours", local(6, 15, 8), local(6, 16, 7), "23 hours ago"],
    ["across the start of summer time", local(3, 7, 23), local(3, 9, 22), "2 days ago"],
  ])("%s", (_name, at, now, expected) => {
    expect(relativeTime(at, now)).toBe(expected);
  });
});
