import { isTap, SWIPE_THRESHOLDS, swipeOutcome, swipeTiltDegrees, swipeTint } from "./swipe";

describe("swipe rules", () => {
  it.each([
    [101, 100, "right"],
    [100, 100, null],
    [-101, 100, "left"],
    [81, 80, "right"],
    [-79, 80, null],
  ] as const)("dx %i with threshold %i → %s", (dx, threshold, expected) => {
    expect(swipeOutcome(dx, threshold)).toBe(expected);
  });

  it("tints past 50 px", () => {
    expect(swipeTint(51)).toBe("positive");
    expect(swipeTint(-51)).toBe("negative");
    expect(swipeTint(50)).toBeNull();
  });

  it("treats under 10 px as a tap", () => {
    expect(isTap(6, 7)).toBe(true);
    expect(isTap(8, 7)).toBe(false);
  });

  it("tilts 0.15° per px, bounded", () => {
    expect(swipeTiltDegrees(100)).toBeCloseTo(15);
    expect(swipeTiltDegrees(-1000)).toBe(-30);
    expect(SWIPE_THRESHOLDS.animationMs).toBe(300);
  });
});
