import { REMINDER_TITLE, reminderTexts } from "./reminder";
import { buildReminderIcs } from "./reminder-ics";

// What the calendar shows of a commitment that is not short ASCII (the dates are in reminder.test.ts).

/** The .ics text with its folded lines joined again (RFC 5545 3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe("reminderTexts", () => {
  it("cuts a long commitment for the title without splitting an emoji", () => {
    // 56 letters, then an emoji in units 57-58: the cut at 57 kept half of it and the calendar showed "�".
    const { title } = reminderTexts([{ text: `${"a".repeat(56)}🌱 every Sunday evening` }], "Check in.");
    expect(title).toBe(`${REMINDER_TITLE}: ${"a".repeat(56)}…`);
  });
});

describe("buildReminderIcs with a commitment", () => {
  const texts = reminderTexts([{ text: "נדבר ביום ראשון, בלי טלפונים; 💕" }], "Time for your check-in.");
  const ics = unfolded(buildReminderIcs({ start: new Date(2026, 11, 6, 18), ...texts }));

  it("escapes commas and semicolons in the alarm's text as in the event's", () => {
    // The ics package escapes the event's SUMMARY and DESCRIPTION but only new lines in an alarm's DESCRIPTION.
    const escaped = "נדבר ביום ראשון\\, בלי טלפונים\\; 💕";
    expect(ics).toContain(`SUMMARY:${REMINDER_TITLE}: ${escaped}`);
    const alarm = ics.slice(ics.indexOf("BEGIN:VALARM"));
    expect(alarm).toContain(`DESCRIPTION:${REMINDER_TITLE}: ${escaped}\r\n`);
  });

  it("keeps Hebrew and emoji whole across folded lines", () => {
    expect(ics).toContain("💕");
    expect(ics).not.toContain("\uFFFD");
  });
});
