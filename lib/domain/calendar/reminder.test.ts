import { reminderDateForSummary, reminderEventStart, reminderTexts, tutorialReminderStart } from "./reminder";
import { buildReminderIcs } from "./reminder-ics";

// Local time is UTC under `npm run test:unit` (TZ=UTC). The expectations are local wall-clock times, so they also hold in
// zones with DST (America/New_York switches on 2026-03-08, inside these dates): the rules count calendar days.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const DAY = 86_400_000;

describe("reminderEventStart: 14 days, then forward to Sunday 18:00", () => {
  it("a Wednesday completion: +14 is a Wednesday, moved to the Sunday after", () => {
    // Wed 2026-03-04 → Wed 03-18 → Sun 03-22 18:00.
    expect(reminderEventStart(local(2026, 3, 4, 9, 30))).toEqual(local(2026, 3, 22, 18));
  });

  it("a Saturday completion: +14 is a Saturday, moved to the next day", () => {
    expect(reminderEventStart(local(2026, 3, 7, 22, 15))).toEqual(local(2026, 3, 22, 18));
  });

  it("a Sunday-morning completion: +14 is a Sunday before 18:00, so that Sunday at 18:00", () => {
    expect(reminderEventStart(local(2026, 3, 8, 9))).toEqual(local(2026, 3, 22, 18));
  });

  it("a Sunday completion at exactly 18:00 stays on that Sunday", () => {
    expect(reminderEventStart(local(2026, 3, 8, 18))).toEqual(local(2026, 3, 22, 18));
  });

  it("a Sunday-evening completion: +14 is a Sunday after 18:00, so the Sunday after", () => {
    expect(reminderEventStart(local(2026, 3, 8, 20, 45))).toEqual(local(2026, 3, 29, 18));
  });

  it("a Monday completion waits the longest: 20 days", () => {
    expect(reminderEventStart(local(2026, 3, 9, 8))).toEqual(local(2026, 3, 29, 18));
  });

  it("crosses a month and a year end", () => {
    expect(reminderEventStart(local(2026, 12, 23, 12))).toEqual(local(2027, 1, 10, 18));
  });

  it("does not change its argument", () => {
    const completedAt = local(2026, 3, 4, 9, 30);
    reminderEventStart(completedAt);
    expect(completedAt).toEqual(local(2026, 3, 4, 9, 30));
  });
});

describe("tutorialReminderStart: next Sunday 10:00", () => {
  it("from a weekday: the coming Sunday", () => {
    expect(tutorialReminderStart(local(2026, 3, 4, 15))).toEqual(local(2026, 3, 8, 10));
  });

  it("from a Saturday night: the next morning", () => {
    expect(tutorialReminderStart(local(2026, 3, 7, 23, 59))).toEqual(local(2026, 3, 8, 10));
  });

  it.each([7, 9, 10, 11, 21])("today is Sunday (%i:00): a week later", (hour) => {
    expect(tutorialReminderStart(local(2026, 3, 8, hour))).toEqual(local(2026, 3, 15, 10));
  });
});

describe("reminderDateForSummary", () => {
  it("is 14 days later in epoch ms, from a number or a Date", () => {
    const now = Date.UTC(2026, 2, 4, 9, 30);
    expect(reminderDateForSummary(now)).toBe(now + 14 * DAY);
    expect(reminderDateForSummary(new Date(now))).toBe(now + 14 * DAY);
  });
});

describe("buildReminderIcs", () => {
  const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

  it("writes a 1-hour local-time event with a display alarm 15 minutes before", () => {
    const ics = unfold(buildReminderIcs({ start: local(2026, 3, 22, 18), description: "How are you two talking?", url: "https://example.com/sessions/1" }));
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("SUMMARY:Relationship Check-in");
    expect(ics).toMatch(/DTSTART(;[^:]*)?:20260322T180000\r\n/);
    expect(ics).toMatch(/DURATION:PT1H\r\n|DTEND(;[^:]*)?:20260322T190000\r\n/);
    expect(ics).toContain("DESCRIPTION:How are you two talking?");
    expect(ics).toContain("URL:https://example.com/sessions/1");
    expect(ics).toMatch(/BEGIN:VALARM\r\n[\s\S]*ACTION:DISPLAY[\s\S]*TRIGGER:-PT15M\r\n[\s\S]*END:VALARM/);
  });

  it("uses the given title and a default description", () => {
    const ics = unfold(buildReminderIcs({ start: local(2026, 3, 15, 10), title: "Tutorial check-in" }));
    expect(ics).toContain("SUMMARY:Tutorial check-in");
    expect(ics).toMatch(/DTSTART(;[^:]*)?:20260315T100000\r\n/);
    expect(ics).toContain("DESCRIPTION:");
  });

  it("throws for an invalid date", () => {
    expect(() => buildReminderIcs({ start: new Date(Number.NaN) })).toThrow();
  });
});

describe("reminderTexts", () => {
  it("names the commitment in the event's title and lists every one in its description", () => {
    const texts = reminderTexts([{ text: "Phones away at dinner" }, { text: "Plan Saturday" }], "A check-in.");
    expect(texts).toEqual({
      title: "Relationship Check-in: Phones away at dinner",
      description: "You agreed to:\n- Phones away at dinner\n- Plan Saturday\n\nA check-in.",
    });
    const ics = buildReminderIcs({ start: new Date(2026, 11, 6, 18), ...texts });
    expect(ics).toContain("SUMMARY:Relationship Check-in: Phones away at dinner");
  });

  it("keeps the plain reminder without a commitment, and shortens a long one in the title", () => {
    expect(reminderTexts([], "A check-in.")).toEqual({ title: "Relationship Check-in", description: "A check-in." });
    expect(reminderTexts([{ text: "x".repeat(80) }], "").title).toBe(`Relationship Check-in: ${"x".repeat(57)}…`);
  });
});
