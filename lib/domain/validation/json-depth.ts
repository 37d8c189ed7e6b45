// JSON.parse builds whatever nesting a body holds before anything can look at it: eight megabytes of "[" are four million
// arrays, about two seconds of one request holding the server's only thread (and its memory) before findUnstorableJson
// (storable-json.ts) refuses the value at level 33. This look at the text itself finds that nesting first, in one pass
// that skips over strings with indexOf (a recording's base64 is one long string, crossed in a single step).

/** Whether JSON `text` opens more than `maxDepth` arrays or objects inside one another (its strings skipped). */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      index = endOfString(text, index + 1);
      continue;
    }
    if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth -= 1;
    }
    index += 1;
  }
  return false;
}

/** The index after the quote that closes the string whose text starts at `from` (the text's end when none does). */
function endOfString(text: string, from: number): number {
  let index = from;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) return text.length;
    // The quote is escaped when an odd number of backslashes stands right before it.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}
