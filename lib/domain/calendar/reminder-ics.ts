import { createEvent, type DateArray } from "ics";

import { foldCalendarLines } from "./fold-lines";
import { REMINDER_TITLE } from "./reminder";

// The downloadable calendar event of a reminder (dates in reminder.ts); in a module of its own so the ics package loads only
// when a reminder is set.

export type ReminderIcsOptions = { start: Date; title?: string; description?: string; url?: string };

/**
 * The .ics text for a 1-hour event with a display alarm 15 minutes before, its lines folded at 75 octets; throws when the
 * event cannot be built.
 */
export function buildReminderIcs({ start, title = REMINDER_TITLE, description = "Time for your relationship check-in.", url }: ReminderIcsOptions): string {
  if (Number.isNaN(start.getTime())) throw new Error("The reminder date is not a valid date");
  const { error, value } = createEvent({
    productId: "relationship-coach/reminder",
    title,
    description,
    ...(url ? { url } : {}),
    start: localDateArray(start),
    startInputType: "local",
    startOutputType: "local",
    duration: { hours: 1 },
    alarms: [{ action: "display", description: escapeText(title), trigger: { minutes: 15, before: true } }],
  });
  if (error || !value) throw error ?? new Error("The calendar event could not be created");
  // The package folds at 75 characters; the RFC's limit is 75 octets (a Hebrew or CJK commitment's line was 2-3 times that).
  return foldCalendarLines(value);
}

/**
 * RFC 5545 TEXT escaping for the alarm's description: the ics package escapes the event's title and description, but in
 * an alarm only new lines, so a commitment's comma or semicolon went out bare.
 */
function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,");
}

function localDateArray(date: Date): DateArray {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()];
}
