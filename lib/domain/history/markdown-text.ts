// Markdown to plain text, for places that show a short cut of a text rather than render it (the history card's
// 120-character preview, spec part 2 section 2 "Session history"). Cutting markdown leaves "**..." behind; cutting the
// plain text does not. A small line-by-line pass, not a parser: it only has to read well, never to round-trip.

const LINE_RULES: readonly [RegExp, string][] = [
  [/^\s*(`{3,}|~{3,}).*$/, ""], // code fence
  [/^\s*([-*_])(\s*\1){2,}\s*$/, ""], // thematic break: ---, ***, ___
  [/^\s*(>\s?)+/, ""], // blockquote
  [/^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/, "$1"], // ATX heading, with any closing hashes
  [/^\s*[-*+]\s+(\[[ xX]\]\s+)?/, ""], // bullet (and task box)
];

// A link's destination may hold one level of parentheses: (https://example.com/a_(b)).
const DESTINATION = String.raw`\((?:[^()]|\([^()]*\))*\)`;

const INLINE_RULES: readonly [RegExp, string][] = [
  [new RegExp(String.raw`!\[([^\]]*)\]` + DESTINATION, "g"), "$1"], // image: its alt text
  [new RegExp(String.raw`\[([^\]]+)\]` + DESTINATION, "g"), "$1"], // inline link: its words
  [/\[([^\]]+)\]\[[^\]]*\]/g, "$1"], // reference link
  [/<((?:https?|mailto):[^>\s]+)>/gi, "$1"], // autolink
  [/<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/gi, ""], // HTML tag (markdown allows it; "<3" is not one)
  [/`+([^`]+?)`+/g, "$1"], // inline code
  [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2"], // strong
  [/~~(?=\S)([\s\S]*?\S)~~/g, "$1"], // strikethrough
  [/\*(?=\S)([^*]*?\S)\*/g, "$1"], // emphasis with *
  [/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, "$1$2"], // emphasis with _, never inside a word such as SPEAKER_01
  [/\*{2,}|~~/g, ""], // unpaired markers left over
];

// A backslash-escaped character is set aside (as a private-use character) while the rules run, then put back bare.
const ESCAPED = /\\([\\`*_{}[\]()#+\-.!>~|])/g;
const SET_ASIDE = /[\uE000-\uE07F]/g;
const setAside = (text: string) => text.replace(ESCAPED, (_match, char: string) => String.fromCharCode(0xe000 + char.charCodeAt(0)));
const putBack = (text: string) => text.replace(SET_ASIDE, (char) => String.fromCharCode(char.charCodeAt(0) - 0xe000));

/** The text without markdown's emphasis, headings, quotes, bullets, links, images, code marks and HTML tags. Lines stay lines. */
export function markdownToPlainText(markdown: string): string {
  const plain = setAside(markdown)
    .split(/\r?\n/)
    .map((line) => [...LINE_RULES, ...INLINE_RULES].reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line))
    .join("\n");
  return putBack(plain);
}
