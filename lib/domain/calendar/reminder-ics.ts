import { createEvent, type DateArray } from "ics";

import { REMINDER_TITLE } from "./reminder";

// The downloadable calendar event of a reminder (dates in reminder.ts); in a module of its own so the ics package loads only
// when a reminder is set.

export type ReminderIcsOptions = { start: Date; title?: string; description?: string; url?: string };

/** The .ics text for a 1-hour event with a display alarm 15 minutes before; throws when the event cannot be built. */
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
    alarms: [{ action: "display", description: title, trigger: { minutes: 15, before: true } }],
  });
  if (error || !value) throw error ?? new Error("The calendar event could not be created");
  return value;
}

function localDateArray(date: Date): DateArray {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()];
}
