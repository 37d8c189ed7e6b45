import { acceptsGuideChoice, GUIDE_SELECTION_DEBOUNCE_MS, wrapIndex } from "./guide-deck";

describe("wrapIndex", () => {
  test.each([
    [0, 1, 8, 1],
    [7, 1, 8, 0],
    [0, -1, 8, 7],
    [3, -1, 8, 2],
    [5, 16, 8, 5],
    [0, -9, 8, 7],
    [0, 1, 0, 0],
  ])("from %i by %i in %i cards is %i", (index, step, length, expected) => {
    expect(wrapIndex(index, step, length)).toBe(expected);
  });
});

describe("acceptsGuideChoice", () => {
  const first = { headline: "Two Peas in a Pod", at: 1_000 };

  test("the first choice counts", () => {
    expect(acceptsGuideChoice(null, first)).toBe(true);
  });

  test("the same headline again is ignored, however late", () => {
    expect(acceptsGuideChoice(first, { headline: first.headline, at: 60_000 })).toBe(false);
  });

  test("another guide within 250 ms is ignored", () => {
    expect(acceptsGuideChoice(first, { headline: "Hot Chili", at: first.at + GUIDE_SELECTION_DEBOUNCE_MS - 1 })).toBe(false);
  });

  test("another guide from 250 ms on counts", () => {
    expect(acceptsGuideChoice(first, { headline: "Hot Chili", at: first.at + GUIDE_SELECTION_DEBOUNCE_MS })).toBe(true);
  });
});
