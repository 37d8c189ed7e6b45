import { DIMENSIONS, type CardColor, type CardIcon, type DimensionId, type DimensionTitle } from "./types";

// The six relationship dimensions, defined once (issue 4). The spec names only four (Curiosity, Clarity, Emotional, Timing);
// the last two and all definitions come from the issue, after Gottman's research on how couples talk.

export type DimensionDetail = {
  id: DimensionId;
  title: DimensionTitle;
  /** The short name the spec uses ("Emotional" for "Emotional Connection"). */
  shortName: string;
  icon: CardIcon;
  color: CardColor;
  /** One line, used by the AI prompt and the explainer. */
  definition: string;
};

type DetailFields = Omit<DimensionDetail, "id" | "title">;

// Colours are spread over the four so that neighbouring cards in deck order never share one.
const DETAILS: Record<DimensionId, DetailFields> = {
  curiosity: {
    shortName: "Curiosity",
    icon: "search",
    color: "deep-teal",
    definition: "Seeking to understand the partner: open questions, follow-ups, checking back.",
  },
  clarity: {
    shortName: "Clarity",
    icon: "lightbulb",
    color: "sunflower",
    definition: 'Observations, "I" statements and specific requests instead of blame and "always/never".',
  },
  emotional: {
    shortName: "Emotional",
    icon: "heart",
    color: "soft-tangerine",
    definition: "Naming feelings, validating the partner's feelings, turning toward their bids for attention.",
  },
  timing: {
    shortName: "Timing",
    icon: "clock",
    color: "soft-brown",
    definition: "Pacing, a balance of talk, few interruptions, noticing escalation and taking breaks.",
  },
  respect: {
    shortName: "Respect",
    icon: "handshake",
    color: "deep-teal",
    definition: "No contempt or stonewalling; repair attempts are made and accepted.",
  },
  appreciation: {
    shortName: "Appreciation",
    icon: "sparkles",
    color: "sunflower",
    definition: "Fondness and gratitude: at least five positive moments for every negative one in conflict (Gottman's 5:1).",
  },
};

/** The six dimensions in deck order (the order of DIMENSIONS in types.ts). */
export const DIMENSION_DETAILS: readonly DimensionDetail[] = DIMENSIONS.map(({ id, title }) => ({ id, title, ...DETAILS[id] }));

export function dimensionById(id: DimensionId): DimensionDetail {
  // Every id has an entry: DETAILS is keyed by DimensionId.
  return DIMENSION_DETAILS.find((dimension) => dimension.id === id)!;
}

/** Lower case, "&" as "and", punctuation and extra spaces dropped: "Respect & Repair" and "respect and repair" agree. */
function normalizeTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// Names a model or an older session may use for a dimension, besides its id, title and short name.
const EXTRA_ALIASES: Record<DimensionId, string[]> = {
  curiosity: ["curious"],
  clarity: ["clear communication"],
  emotional: ["emotion", "emotions", "emotional connection"],
  timing: ["pacing"],
  respect: ["repair", "respect and repair"],
  appreciation: ["gratitude"],
};

const BY_ALIAS = new Map<string, DimensionDetail>(
  DIMENSION_DETAILS.flatMap((dimension) =>
    [dimension.id, dimension.title, dimension.shortName, ...EXTRA_ALIASES[dimension.id]].map((alias) => [normalizeTitle(alias), dimension] as const),
  ),
);

/**
 * The dimension a title names, whatever its case: "Curiosity", "emotional" and "Emotional Connection" all find theirs,
 * as do the short names the spec uses ("Emotional", "Respect"). Undefined for anything else.
 */
export function dimensionByTitle(title: string): DimensionDetail | undefined {
  return BY_ALIAS.get(normalizeTitle(title));
}
