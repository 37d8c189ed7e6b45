import type { CardColor } from "@/lib/domain/analysis/types";

// Whole class names, so Tailwind's scanner finds them. Text colours are the 700 shades: readable on the pale badges.
export const CARD_ACCENTS: Record<CardColor, { bar: string; badge: string; text: string }> = {
  "deep-teal": { bar: "bg-deep-teal", badge: "bg-deep-teal-50 text-deep-teal-700", text: "text-deep-teal-700" },
  sunflower: { bar: "bg-sunflower", badge: "bg-sunflower-100 text-sunflower-700", text: "text-sunflower-700" },
  "soft-tangerine": { bar: "bg-soft-tangerine", badge: "bg-soft-tangerine-100 text-soft-tangerine-700", text: "text-soft-tangerine-700" },
  "soft-brown": { bar: "bg-soft-brown", badge: "bg-soft-brown-100 text-soft-brown-700", text: "text-soft-brown-700" },
};

/** Colours outside the spec's four (older sessions) get deep teal. */
export function cardAccent(color: string) {
  return CARD_ACCENTS[color as CardColor] ?? CARD_ACCENTS["deep-teal"];
}
