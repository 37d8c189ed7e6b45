// Reminder dates and the downloadable calendar event (spec part 2 sections 4 and 9). All rules work in the device's local
// time, because the event is written with a floating local start time: 18:00 means 18:00 wherever the user is. The .ics
// text itself is built in reminder-ics.ts, apart: the ics package (and its yup) loads only when a reminder is set.

import { cutText } from "../text";

const REMINDER_DAYS = 14;
export const REMINDER_TITLE = "Relationship Check-in";

/** The event's own words (ours; the spec gives only the title): a Solo Journal entry is one person's, not "you two". */
export function reminderDescription(mode: string | undefined): string {
  return mode === "solo" ? "A check-in on how you are doing, from Relationship Retro." : "A check-in on how you two are talking, from Relationship Retro.";
}
const REMINDER_HOUR = 18;
const TUTORIAL_REMINDER_HOUR = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The session's reminderDate: exactly 14 days after `now`, in epoch ms (also the fallback summaries' date). */
export function reminderDateForSummary(now: number | Date): number {
  return (typeof now === "number" ? now : now.getTime()) + REMINDER_DAYS * DAY_MS;
}

/**
 * The "Set Reminder" event: 14 calendar days after completion, then moved FORWARD to the first Sunday 18:00 at or after
 * that moment. So a Sunday before 18:00 keeps that Sunday, exactly 18:00 keeps it too, and a Sunday after 18:00 moves to
 * the next Sunday: the reminder never comes earlier than 14 days.
 */
export function reminderEventStart(completedAt: Date): Date {
  const target = new Date(completedAt);
  target.setDate(target.getDate() + REMINDER_DAYS); // calendar days, so a DST change keeps the wall-clock time
  const start = atHour(target, REMINDER_HOUR);
  start.setDate(start.getDate() + daysUntilSunday(start));
  if (start.getTime() < target.getTime()) start.setDate(start.getDate() + 7);
  return start;
}

/** The tutorial's reminder: the next Sunday at 10:00; on a Sunday (at any hour) it is the Sunday a week later. */
export function tutorialReminderStart(now: Date): Date {
  const start = atHour(now, TUTORIAL_REMINDER_HOUR);
  start.setDate(start.getDate() + (daysUntilSunday(start) || 7));
  return start;
}

/** 0 on a Sunday (getDay() 0), else the days until the coming Sunday. */
function daysUntilSunday(date: Date): number {
  return (7 - date.getDay()) % 7;
}

function atHour(date: Date, hour: number): Date {
  const result = new Date(date);
  result.setHours(hour, 0, 0, 0);
  return result;
}

/**
 * The reminder's title and description: with a growth commitment, the event names it, so the check-in in two weeks
 * starts from what the couple agreed (issue 11 follow-through).
 */
export function reminderTexts(commitments: readonly { text: string }[], description: string): { title: string; description: string } {
  const [first] = commitments;
  if (!first) return { title: REMINDER_TITLE, description };
  const agreed = commitments.map((item) => `- ${item.text}`).join("\n");
  const short = first.text.length > 60 ? `${cutText(first.text, 57).trimEnd()}…` : first.text;
  return { title: `${REMINDER_TITLE}: ${short}`, description: `You agreed to:\n${agreed}\n\n${description}` };
}
