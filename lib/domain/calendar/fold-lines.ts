// RFC 5545 §3.1: a content line is at most 75 octets long, not counting its line break; a longer one is folded by a CRLF
// followed by one space (the space is the first octet of the next line, and counts towards its 75). A fold must not fall
// inside a UTF-8 character. The ics package folds at 75 characters, which for Hebrew, CJK or emoji is two to four times
// too long, and with a tab: its output is unfolded here and folded again by octets.

const MAX_OCTETS = 75;
const FOLD = "\r\n ";

/** Octets of one code point in UTF-8 (a lone surrogate is written as U+FFFD, three octets). */
function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** One unfolded content line, folded so that every physical line is at most 75 octets of UTF-8. */
export function foldContentLine(line: string): string {
  let folded = "";
  let octets = 0;
  // for…of walks code points: a surrogate pair (an emoji) is one step, and never parted.
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_OCTETS) {
      folded += FOLD;
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return folded;
}

/** An iCalendar text with every content line unfolded, then folded again at 75 octets with CRLF and a space. */
export function foldCalendarLines(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map(foldContentLine)
    .join("\r\n");
}
