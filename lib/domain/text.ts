// Cutting text that is not short ASCII. A limit here is a count of UTF-16 code units (what `String.length`, zod's `.max`
// and an input's maxLength count), but a cut never falls inside a user-perceived character: `slice` can split an emoji's
// surrogate pair (the screen shows "�", and PostgreSQL's jsonb refuses the lone half), an emoji sequence joined with
// U+200D (a family becomes one person), or a letter from its combining accent.

const graphemes = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The longest start of `text` of at most `max` UTF-16 units that ends between two whole characters (grapheme clusters). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  // Whether the character at `max` starts a new cluster depends only on it and what comes before (two units cover a
  // surrogate pair), so the rest of a long text is not read.
  const head = text.slice(0, max + 2);
  let end = 0;
  if (graphemes) {
    for (const { index, segment } of graphemes.segment(head)) {
      if (index + segment.length > max) break;
      end = index + segment.length;
    }
  } else {
    for (const codePoint of head) {
      if (end + codePoint.length > max) break;
      end += codePoint.length;
    }
  }
  return text.slice(0, end);
}

/** The first boundary between two whole characters (grapheme clusters) at or after `index`: where a cut may start. */
export function characterBoundaryFrom(text: string, index: number): number {
  if (index <= 0) return 0;
  if (index >= text.length) return text.length;
  if (graphemes) {
    for (const { index: start } of graphemes.segment(text)) if (start >= index) return start;
    return text.length;
  }
  return /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(text.slice(index - 1, index + 1)) ? index + 1 : index;
}

/** The first user-perceived character of `text` (a flag, an emoji with its skin tone, a letter with its accent); "" when empty. */
export function firstCharacter(text: string): string {
  if (!graphemes) return Array.from(text)[0] ?? "";
  for (const { segment } of graphemes.segment(text)) return segment;
  return "";
}

/** `text` when it fits in `max` units, else its start cut by cutText with `ellipsis` after it. */
export function truncateText(text: string, max: number, ellipsis = "..."): string {
  return text.length <= max ? text : `${cutText(text, max)}${ellipsis}`;
}

// Characters that take no room on screen but that String.prototype.trim keeps: zero-width space, non-joiner and joiner,
// word joiner, the invisible math operators, Mongolian vowel separator, soft hyphen, and the bidi marks and controls.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Whether `text` shows nothing: empty, white space, or only characters of zero width. */
export function isVisiblyBlank(text: string): boolean {
  return text.replace(INVISIBLE, "").trim() === "";
}
