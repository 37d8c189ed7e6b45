// Turns for the conversation signals (issue 17 "Turns"): backchannels set aside, a speaker's segments joined into turns,
// and the one word tokeniser every signal counts with.

export type SignalSegment = { speaker: string; text: string; start: number; end: number };

/** A speaker's stretch of talk, numbered from 0 in start order. Times in seconds, as in the segments. */
export type Turn = { index: number; speaker: string; text: string; start: number; end: number };

/** A backchannel lasts at most this long (seconds). */
export const BACKCHANNEL_MAX_SECONDS = 1.5;
/** A segment joins its speaker's turn when it starts less than this long after the turn so far ends (seconds). */
export const TURN_JOIN_GAP_SECONDS = 1.0;

const BACKCHANNEL_TOKENS: ReadonlySet<string> = new Set(["yeah", "yes", "yep", "mm", "mhm", "mm-hm", "hmm", "uh-huh", "right", "okay", "ok", "sure"]);

/**
 * Time differences are compared in whole microseconds, so that float noise (11.6 − 10.1) never decides a threshold and
 * shifting every time by a constant changes nothing.
 */
export function microseconds(seconds: number): number {
  return Math.round(seconds * 1_000_000);
}

const BACKCHANNEL_MAX_US = microseconds(BACKCHANNEL_MAX_SECONDS);
const TURN_JOIN_GAP_US = microseconds(TURN_JOIN_GAP_SECONDS);

/** Punctuation and symbols other than `-` and `'`. */
const STRIPPED = /(?![-'])[\p{P}\p{S}]/gu;

/** At most 1.5 s, and one or two tokens, each a listener's acknowledgement ("mm-hm", "yeah, right", "Okay."). */
export function isBackchannel(segment: SignalSegment): boolean {
  if (microseconds(segment.end - segment.start) > BACKCHANNEL_MAX_US) return false;
  const tokens = segment.text.toLowerCase().replace(STRIPPED, "").split(/\s+/).filter(Boolean);
  return tokens.length >= 1 && tokens.length <= 2 && tokens.every((token) => BACKCHANNEL_TOKENS.has(token));
}

/**
 * Segments in start order (ties keep their input order), backchannels left out, then consecutive segments of one speaker
 * joined while each starts less than 1.0 s after the turn so far ends: texts joined with a space, the first start, the
 * latest end. A backchannel of the other speaker therefore never splits a turn.
 */
export function buildTurns(segments: readonly SignalSegment[]): Turn[] {
  const ordered = segments.map((segment, position) => ({ segment, position })).sort((a, b) => a.segment.start - b.segment.start || a.position - b.position);
  const turns: Turn[] = [];
  let current: Turn | undefined;
  for (const { segment } of ordered) {
    if (isBackchannel(segment)) continue;
    const text = segment.text.trim();
    if (current && current.speaker === segment.speaker && microseconds(segment.start - current.end) < TURN_JOIN_GAP_US) {
      current.text = current.text === "" ? text : text === "" ? current.text : `${current.text} ${text}`;
      current.end = Math.max(current.end, segment.end);
      continue;
    }
    current = { index: turns.length, speaker: segment.speaker, text, start: segment.start, end: segment.end };
    turns.push(current);
  }
  return turns;
}

const NON_ASCII_WORD_CHARACTER = /^[\p{L}\p{M}\p{N}]$/u;

/** ASCII letters, digits and `'`, by code: the common case is decided by one table lookup. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  ASCII_WORD[code] = (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x27 ? 1 : 0;
}

/**
 * Runs of letters, digits and apostrophes (`’` counts as `'`), lower-cased: "I’m" is one word, "mm-hm" two. One character at
 * a time (ASCII by table, anything else by its Unicode category): the signals call it for every turn, so it stays fast.
 */
export function words(text: string): string[] {
  const found: string[] = [];
  forEachWord(text, (lower, from, to) => {
    found.push(lower.slice(from, to));
  });
  return found;
}

/**
 * The words of `text` as words() finds them, without building the list: `visit` gets the lower-cased text and each word's
 * start and end in it. The signals count words and pronouns this way, with no array per turn.
 */
export function forEachWord(text: string, visit: (lower: string, from: number, to: number) => void): void {
  const lower = (text.includes("’") ? text.replace(/’/g, "'") : text).toLowerCase();
  let from = -1;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    let word: boolean;
    let width = 1;
    if (code < 0x80) word = ASCII_WORD[code] === 1;
    else {
      const point = lower.codePointAt(i)!;
      width = point > 0xffff ? 2 : 1;
      word = NON_ASCII_WORD_CHARACTER.test(width === 1 ? lower[i]! : lower.slice(i, i + 2));
    }
    if (word) {
      if (from < 0) from = i;
    } else if (from >= 0) {
      visit(lower, from, i);
      from = -1;
    }
    i += width - 1;
  }
  if (from >= 0) visit(lower, from, lower.length);
}
