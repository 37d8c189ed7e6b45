// The conversation guides' deck rules (spec part 2 sections 2, 4 and 9): Previous / Next wrap around the eight cards, and a
// guide choice is ignored when it repeats the last headline or comes within 250 ms of the previous choice.

import { GUIDE_DEBOUNCE_MS } from "@/lib/domain/solo/constants";

/** The same 250 ms the live coach's guide queue applies (one constant of spec part 1 section 9). */
export const GUIDE_SELECTION_DEBOUNCE_MS = GUIDE_DEBOUNCE_MS;

/** The card `step` places from `index` in a deck of `length`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

export type GuideChoice = { headline: string; at: number };

/** Whether a choice counts, given the previous one that counted (null before the first). */
export function acceptsGuideChoice(previous: GuideChoice | null, next: GuideChoice): boolean {
  if (!previous) return true;
  if (previous.headline === next.headline) return false;
  return next.at - previous.at >= GUIDE_SELECTION_DEBOUNCE_MS;
}
