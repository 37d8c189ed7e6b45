import { foldCalendarLines, foldContentLine } from "./fold-lines";

const octets = (text: string) => Buffer.byteLength(text, "utf8");
const physicalLines = (text: string) => text.split("\r\n");
const unfold = (text: string) => text.replace(/\r\n /g, "");

/** Every physical line at most 75 octets, every continuation starting with one space, and nothing lost. */
function expectFolded(folded: string, original: string) {
  const lines = physicalLines(folded);
  for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
  for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true);
  expect(unfold(folded)).toBe(original);
  // No fold inside a character: each physical line is valid UTF-8 by itself.
  for (const line of lines) expect(Buffer.from(line, "utf8").toString("utf8")).not.toContain("\uFFFD");
  for (const line of lines) expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
}

describe("foldContentLine", () => {
  it("leaves a line of exactly 75 octets whole, and folds one of 76 after its 75th", () => {
    const exact = `SUMMARY:${"a".repeat(67)}`;
    expect(octets(exact)).toBe(75);
    expect(foldContentLine(exact)).toBe(exact);

    const longer = `${exact}b`;
    expect(foldContentLine(longer)).toBe(`${exact}\r\n b`);
  });

  it("counts the continuation's space: 74 octets of text follow it on each further line", () => {
    const line = "x".repeat(75 + 74 + 10);
    expect(physicalLines(foldContentLine(line)).map(octets)).toEqual([75, 75, 11]);
  });

  it("folds CJK by octets (three each), never inside a character", () => {
    const line = `DESCRIPTION:${"日曜日に散歩しよう".repeat(6)}`;
    const folded = foldContentLine(line);
    // "DESCRIPTION:" is 12 octets, then 21 characters of 3 = 63: 75. The ics package let 63 characters (201 octets) through.
    expect(physicalLines(folded)[0]).toBe(`DESCRIPTION:${line.slice(12, 33)}`);
    expectFolded(folded, line);
  });

  it("moves a character that would cross the 75th octet to the next line whole", () => {
    // 73 octets, then a three-octet character: 76 would cross, so the line ends at 73.
    const line = `${"a".repeat(73)}語b`;
    expect(foldContentLine(line)).toBe(`${"a".repeat(73)}\r\n 語b`);
    expectFolded(foldContentLine(line), line);
  });

  it("never splits an emoji's surrogate pair or its four octets", () => {
    for (const lead of [71, 72, 73, 74]) {
      const line = `${"a".repeat(lead)}💕🌱👩‍❤️‍👨 together`;
      const folded = foldContentLine(line);
      expectFolded(folded, line);
      expect(physicalLines(folded)[0]).toBe(lead === 71 ? `${"a".repeat(71)}💕` : "a".repeat(lead));
    }
  });

  it("leaves short lines and empty lines as they are", () => {
    expect(foldContentLine("")).toBe("");
    expect(foldContentLine("END:VCALENDAR")).toBe("END:VCALENDAR");
  });
});

describe("foldCalendarLines", () => {
  it("unfolds the ics package's tab folds and folds every line again by octets", () => {
    const description = `DESCRIPTION:${"נדבר ביום ראשון בלי טלפונים ".repeat(4)}`;
    const packageFolded = `BEGIN:VEVENT\r\n${description.slice(0, 75)}\r\n\t${description.slice(75)}\r\nEND:VEVENT\r\n`;
    const folded = foldCalendarLines(packageFolded);
    expect(folded.startsWith("BEGIN:VEVENT\r\n")).toBe(true);
    expect(folded.endsWith("\r\nEND:VEVENT\r\n")).toBe(true);
    expect(folded).not.toContain("\t");
    for (const line of physicalLines(folded)) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(`BEGIN:VEVENT\r\n${description}\r\nEND:VEVENT\r\n`);
  });
});
