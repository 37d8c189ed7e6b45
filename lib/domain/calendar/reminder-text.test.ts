import { REMINDER_TITLE, reminderDescription, reminderTexts } from "./reminder";
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

describe("reminderDescription", () => {
  it("speaks to one person for a Solo Journal entry, to the couple otherwise", () => {
    expect(reminderDescription("solo")).toBe("A check-in on how you are doing, from Relationship Retro.");
    for (const mode of ["couple", "relationship", undefined])
      expect(reminderDescription(mode)).toBe("A check-in on how you two are talking, from Relationship Retro.");
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

describe("buildReminderIcs with a long commitment that is not ASCII", () => {
  const commitment = "毎週日曜日の夜は携帯を置いて、二人で散歩しながら一週間のことを話す 💕🌱 そして感謝を一つずつ伝える";
  const texts = reminderTexts([{ text: commitment }, { text: "כל ערב נשאל אחד את השני איך עבר היום, בלי טלפונים ובלי טלוויזיה" }], "Time for your check-in.");
  const ics = buildReminderIcs({ start: new Date(2026, 11, 6, 18), ...texts });

  it("folds every line at 75 octets of UTF-8, with CRLF and a space, never inside a character", () => {
    const lines = ics.split("\r\n");
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of lines) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      expect(line.startsWith("\t")).toBe(false);
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    // Each physical line is whole UTF-8 by itself, as a calendar reading the file line by line decodes it.
    const bytes = Buffer.from(ics, "utf8");
    let start = 0;
    for (let index = 0; index <= bytes.length; index += 1) {
      if (index < bytes.length && !(bytes[index] === 0x0d && bytes[index + 1] === 0x0a)) continue;
      expect(bytes.subarray(start, index).toString("utf8")).not.toContain("\uFFFD");
      start = index + 2;
    }
  });

  it("unfolds to the whole texts", () => {
    const whole = unfolded(ics);
    expect(whole).toContain(`DESCRIPTION:You agreed to:\\n- ${commitment}\\n`);
    expect(whole).toContain("כל ערב נשאל אחד את השני איך עבר היום\\, בלי טלפונים ובלי טלוויזיה");
  });
});
