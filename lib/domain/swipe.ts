// Swipe gesture rules shared by every swipeable card (spec part 1 section 4, part 2 sections 2, 5 and 9).

export type SwipeDirection = "left" | "right";
export type SwipeTint = "positive" | "negative" | null;

export const SWIPE_THRESHOLDS = {
  /** Readiness card, growth overlay, history delete. */
  commitLarge: 100,
  /** Onboarding, guides, the insight deck. */
  commitDeck: 80,
  tint: 50,
  tap: 10,
  tiltPerPx: 0.15,
  animationMs: 300,
} as const;

/** A swipe counts only beyond the threshold. */
export function swipeOutcome(dx: number, commitThreshold: number): SwipeDirection | null {
  if (dx > commitThreshold) return "right";
  if (dx < -commitThreshold) return "left";
  return null;
}

/** Green past the tint threshold to the right, red past it to the left. */
export function swipeTint(dx: number, tintThreshold: number = SWIPE_THRESHOLDS.tint): SwipeTint {
  if (dx > tintThreshold) return "positive";
  if (dx < -tintThreshold) return "negative";
  return null;
}

/** A touch that moved less than 10 px is a tap. */
export function isTap(dx: number, dy: number, tapThreshold: number = SWIPE_THRESHOLDS.tap): boolean {
  return Math.hypot(dx, dy) < tapThreshold;
}

export function swipeTiltDegrees(dx: number, tiltPerPx: number = SWIPE_THRESHOLDS.tiltPerPx): number {
  return Math.max(-30, Math.min(30, dx * tiltPerPx));
}
