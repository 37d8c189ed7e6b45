import { characterBoundaryFrom, cutText, isVisiblyBlank, truncateText } from "./text";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("cutText", () => {
  it.each([
    ["ASCII is cut at the limit", "abcdef", 4, "abcd"],
    ["a text that fits is kept", "abc", 3, "abc"],
    ["an emoji's surrogate pair is not split", "ab😀cd", 3, "ab"],
    ["an emoji that fits whole is kept", "ab😀cd", 4, "ab😀"],
    ["a family joined with U+200D stays whole", "a👨‍👩‍👧b", 4, "a"],
    ["a flag (two regional indicators) stays whole", "a🇩🇪b", 3, "a"],
    ["a letter keeps its combining accent", "cafe\u0301s", 4, "caf"],
    ["Arabic with a vowel mark stays whole", "مَرحبا", 1, ""],
    ["CJK is cut per character", "你好世界", 3, "你好世"],
    ["a limit of 0 gives nothing", "abc", 0, ""],
  ])("%s", (_, text, max, expected) => {
    expect(cutText(text, max)).toBe(expected);
  });

  it("never leaves a lone surrogate, wherever the limit falls", () => {
    const text = "I feel 😀 when we 👨‍👩‍👧 talk 🇩🇪 about 𠀋 things";
    for (let max = 0; max <= text.length; max++) {
      const cut = cutText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(text.startsWith(cut)).toBe(true);
      expect(cut).not.toMatch(LONE_SURROGATE);
    }
  });
});

describe("characterBoundaryFrom", () => {
  it.each([
    ["a boundary stays where it is", "abcd", 2, 2],
    ["inside an emoji's surrogate pair moves past it", "ab😀cd", 3, 4],
    ["inside a family joined with U+200D moves past the whole family", "a👨‍👩‍👧b", 2, 9],
    ["between a letter and its combining accent moves past the accent", "cafe\u0301s", 4, 5],
    ["before the start is the start", "abc", -3, 0],
    ["past the end is the end", "abc", 9, 3],
  ])("%s", (_, text, index, expected) => {
    expect(characterBoundaryFrom(text, index)).toBe(expected);
  });

  it("starts no cut with a lone surrogate, wherever the index falls", () => {
    const text = "I feel 😀 when we 👨‍👩‍👧 talk 🇩🇪 about 𠀋 things";
    for (let index = 0; index <= text.length; index++) {
      const boundary = characterBoundaryFrom(text, index);
      expect(boundary).toBeGreaterThanOrEqual(index);
      expect(text.slice(boundary)).not.toMatch(LONE_SURROGATE);
      expect(text.slice(0, boundary)).not.toMatch(LONE_SURROGATE);
    }
  });
});

it.each([
  ["abc", 5, "abc"],
  ["abcdef", 3, "abc..."],
  ["ab😀cd", 3, "ab..."],
])("truncateText(%j, %d) → %j", (text, max, expected) => {
  expect(truncateText(text, max)).toBe(expected);
});

it.each([
  ["", true],
  ["   \t\n", true],
  ["\u200B", true],
  ["\u200B \u200C\u200D\u2060\uFEFF\u200E", true],
  ["Ana", false],
  ["\u200BAna", false],
  ["😀", false],
  ["ש", false],
])("isVisiblyBlank(%j) → %s", (text, expected) => {
  expect(isVisiblyBlank(text)).toBe(expected);
});
