// What an analysis shows where a text is missing (spec part 2 section 3, "Defaults when missing"), for the server's repair
// of a model's answer, the browser's intake and the screens alike. No zod here: the screens' texts import it.

export const ANALYSIS_DEFAULTS = {
  coachResponse: "Coach response not available",
  /** Says nothing about the session: never a history title (topic-title.ts) nor a session name. */
  briefSummary: "Session summary",
  encouragement: "Continue exploring relationship growth together.",
} as const;

/**
 * The mutual growth card's dimension and the growth overlay's title (spec part 2 sections 2 and 5), one wording for the
 * model's instructions, the fallback and offline cards, the example session and the screen.
 */
export const MUTUAL_GROWTH_DIMENSION = "Mutual Aspirations & Growth";
