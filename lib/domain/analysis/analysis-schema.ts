import { z } from "zod";

import { COMMITMENT_LIMITS, readModelCommitments, type CommitmentDraft } from "@/lib/domain/growth/commitments";
import { cutText } from "@/lib/domain/text";

import { ANALYSIS_DEFAULTS, MUTUAL_GROWTH_DIMENSION } from "./analysis-defaults";
import {
  CARD_COLORS,
  CARD_ICONS,
  DEFAULT_CARD_ICON,
  DIMENSIONS,
  type Analysis,
  type AnalysisSource,
  type CardColor,
  type DimensionTitle,
  type InsightCard,
  type MutualGrowthCard,
} from "./types";

// The model's analysis is untrusted input (issue 4): every field is repaired to the spec's shape (part 2 sections 3 and 5)
// or the whole answer is rejected. Nothing the model adds beyond these fields is passed on.

export const INVALID_ANALYSIS_MESSAGE = "Invalid analysis from the AI provider";

const ANALYSIS_LIMITS = {
  minCards: 1,
  maxCards: 8,
  insightChars: 1200,
  tips: 3,
  tipChars: 400,
  evidence: 3,
  evidenceChars: 300,
  briefSummaryChars: 120,
  coachResponseChars: 8000,
  recommendations: 6,
  recommendationChars: 400,
  encouragementChars: 600,
} as const;

export { ANALYSIS_DEFAULTS };

const DIMENSION_TITLES = DIMENSIONS.map((dimension) => dimension.title) as [DimensionTitle, ...DimensionTitle[]];

/** The colour a card gets when the model's colour is missing or not one of the four. */
const DIMENSION_DEFAULT_COLORS: Record<DimensionTitle, CardColor> = {
  Curiosity: "deep-teal",
  Clarity: "sunflower",
  "Emotional Connection": "soft-tangerine",
  Timing: "soft-brown",
  "Respect & Repair": "deep-teal",
  Appreciation: "sunflower",
};

export const FALLBACK_MUTUAL_GROWTH_CARD: MutualGrowthCard = {
  dimension: MUTUAL_GROWTH_DIMENSION,
  insight: "Continue building on your conversation insights.",
  tips: [
    "What is one thing you would like us to do more of together in the next two weeks?",
    "Which moment from this conversation would you like us to remember, and why?",
    "How can I support you in something you are hoping for right now?",
  ],
  icon: "sparkles",
  color: "soft-tangerine",
};

// Short names the model (and older sessions) use; keys are normalised by dimensionKey.
const DIMENSION_ALIASES: Record<string, DimensionTitle> = {
  ...Object.fromEntries(
    DIMENSIONS.flatMap((dimension) => [
      [dimensionKey(dimension.title), dimension.title],
      [dimensionKey(dimension.id), dimension.title],
    ]),
  ),
  respect: "Respect & Repair",
  repair: "Respect & Repair",
};

function dimensionKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** One of the six titles for a dimension name given case-insensitively, by id or by short name; null when unknown. */
export function resolveDimension(name: unknown): DimensionTitle | null {
  return typeof name === "string" ? (DIMENSION_ALIASES[dimensionKey(name)] ?? null) : null;
}

// ---- Schemas of the repaired shape: the guard at the end of parseModelAnalysis, and reusable by callers. ----

const text = (max: number) => z.string().trim().min(1).max(max);

const insightCardSchema = z.object({
  dimension: z.enum(DIMENSION_TITLES),
  insight: text(ANALYSIS_LIMITS.insightChars),
  tips: z.array(text(ANALYSIS_LIMITS.tipChars)).max(ANALYSIS_LIMITS.tips),
  color: z.enum(CARD_COLORS),
  icon: z.enum(CARD_ICONS),
  evidence: z.array(text(ANALYSIS_LIMITS.evidenceChars)).min(1).max(ANALYSIS_LIMITS.evidence).optional(),
});

const mutualGrowthCardSchema = z.object({
  dimension: text(120),
  insight: text(ANALYSIS_LIMITS.insightChars),
  tips: z.array(text(ANALYSIS_LIMITS.tipChars)).min(1).max(ANALYSIS_LIMITS.tips),
  icon: z.enum(CARD_ICONS),
  color: z.enum(CARD_COLORS),
});

const modelAnalysisSchema = z.object({
  cards: z.array(insightCardSchema).min(ANALYSIS_LIMITS.minCards).max(ANALYSIS_LIMITS.maxCards),
  coachResponse: text(ANALYSIS_LIMITS.coachResponseChars),
  briefSummary: text(ANALYSIS_LIMITS.briefSummaryChars),
  recommendations: z.array(text(ANALYSIS_LIMITS.recommendationChars)).max(ANALYSIS_LIMITS.recommendations),
  encouragement: text(ANALYSIS_LIMITS.encouragementChars),
  mutualGrowthCard: mutualGrowthCardSchema,
});

// ---- Repair ----

export type ParseAnalysisResult = { ok: true; analysis: Analysis; repairs: string[] } | { ok: false; error: string; detail: string };

/**
 * Validates and repairs a model's analysis. `repairs` lists every change made (for logs); `detail` says why an answer was
 * rejected (for logs only: users see `error`).
 */
export function parseModelAnalysis(raw: unknown, { source, promptVersion }: { source: AnalysisSource; promptVersion?: string }): ParseAnalysisResult {
  const reject = (detail: string): ParseAnalysisResult => ({ ok: false, error: INVALID_ANALYSIS_MESSAGE, detail });
  const repairs: string[] = [];
  let root = raw;
  // Models sometimes wrap the answer in {"analysis": {...}}.
  if (isRecord(root) && !("cards" in root) && isRecord(root.analysis)) {
    root = root.analysis;
    repairs.push("unwrapped the answer from an `analysis` field");
  }
  if (!isRecord(root)) return reject("the answer is not a JSON object");
  if (!Array.isArray(root.cards)) return reject("cards is not an array");

  const cards = repairCards(root.cards, repairs);
  if (cards.length === 0) return reject("no valid cards remain");

  const analysis: Analysis = {
    cards,
    coachResponse: textOrDefault(root.coachResponse, "coachResponse", ANALYSIS_DEFAULTS.coachResponse, ANALYSIS_LIMITS.coachResponseChars, repairs),
    briefSummary: textOrDefault(root.briefSummary, "briefSummary", ANALYSIS_DEFAULTS.briefSummary, ANALYSIS_LIMITS.briefSummaryChars, repairs),
    recommendations: stringList(root.recommendations, "recommendations", ANALYSIS_LIMITS.recommendations, ANALYSIS_LIMITS.recommendationChars, repairs),
    encouragement: textOrDefault(root.encouragement, "encouragement", ANALYSIS_DEFAULTS.encouragement, ANALYSIS_LIMITS.encouragementChars, repairs),
    mutualGrowthCard: mutualGrowthCardOrFallback(root.mutualGrowthCard, repairs),
    ...withCommitments(readModelCommitments(root.commitments)),
    source,
    ...(promptVersion ? { promptVersion } : {}),
  };
  // The repairs above must always yield this shape; the guard keeps a future slip from reaching users.
  const checked = modelAnalysisSchema.safeParse(analysis);
  if (!checked.success) return reject(`repaired analysis still invalid: ${checked.error.issues[0]?.message ?? "unknown"}`);
  return { ok: true, analysis, repairs };
}

function withCommitments(commitments: CommitmentDraft[]): Pick<Analysis, "commitments"> {
  return commitments.length > 0 ? { commitments } : {};
}

function repairCards(rawCards: unknown[], repairs: string[]): InsightCard[] {
  const cards: InsightCard[] = [];
  rawCards.forEach((raw, index) => {
    const card = repairCard(raw, `cards[${index}]`, repairs);
    if (card) cards.push(card);
  });
  if (cards.length > ANALYSIS_LIMITS.maxCards) repairs.push(`kept the first ${ANALYSIS_LIMITS.maxCards} of ${cards.length} cards`);
  return cards.slice(0, ANALYSIS_LIMITS.maxCards);
}

function repairCard(raw: unknown, at: string, repairs: string[]): InsightCard | null {
  if (!isRecord(raw)) return drop(repairs, `${at}: not an object, card dropped`);
  const dimension = resolveDimension(raw.dimension);
  if (!dimension) return drop(repairs, `${at}: unknown dimension ${JSON.stringify(raw.dimension)}, card dropped`);
  if (dimension !== raw.dimension) repairs.push(`${at}: dimension ${JSON.stringify(raw.dimension)} read as "${dimension}"`);
  if (typeof raw.insight !== "string" || raw.insight.trim() === "") return drop(repairs, `${at}: empty insight, card dropped`);

  const card: InsightCard = {
    dimension,
    insight: clipped(raw.insight, ANALYSIS_LIMITS.insightChars, `${at}.insight`, repairs),
    tips: stringList(raw.tips, `${at}.tips`, ANALYSIS_LIMITS.tips, ANALYSIS_LIMITS.tipChars, repairs),
    color: enumOr(CARD_COLORS, raw.color, DIMENSION_DEFAULT_COLORS[dimension], `${at}.color`, repairs),
    icon: enumOr(CARD_ICONS, raw.icon, DEFAULT_CARD_ICON, `${at}.icon`, repairs),
  };
  if (raw.evidence !== undefined && raw.evidence !== null) {
    const evidence = stringList(raw.evidence, `${at}.evidence`, ANALYSIS_LIMITS.evidence, ANALYSIS_LIMITS.evidenceChars, repairs);
    if (evidence.length > 0) card.evidence = evidence;
  }
  return card;
}

/** Spec part 2 section 5: valid only with a non-empty insight and a non-empty tips list; otherwise the fallback card. */
export function mutualGrowthCardOrFallback(raw: unknown, repairs: string[] = []): MutualGrowthCard {
  const at = "mutualGrowthCard";
  if (!isRecord(raw) || typeof raw.insight !== "string" || raw.insight.trim() === "" || !Array.isArray(raw.tips)) {
    repairs.push(`${at}: missing insight or tips, fallback card used`);
    return fallbackGrowthCard();
  }
  const tips = stringList(raw.tips, `${at}.tips`, ANALYSIS_LIMITS.tips, ANALYSIS_LIMITS.tipChars, repairs);
  if (tips.length === 0) {
    repairs.push(`${at}: no usable tips, fallback card used`);
    return fallbackGrowthCard();
  }
  const dimension =
    typeof raw.dimension === "string" && raw.dimension.trim() !== ""
      ? clipped(raw.dimension, 120, `${at}.dimension`, repairs)
      : FALLBACK_MUTUAL_GROWTH_CARD.dimension;
  return {
    dimension,
    insight: clipped(raw.insight, ANALYSIS_LIMITS.insightChars, `${at}.insight`, repairs),
    tips,
    icon: enumOr(CARD_ICONS, raw.icon, FALLBACK_MUTUAL_GROWTH_CARD.icon, `${at}.icon`, repairs),
    color: enumOr(CARD_COLORS, raw.color, FALLBACK_MUTUAL_GROWTH_CARD.color, `${at}.color`, repairs),
  };
}

function fallbackGrowthCard(): MutualGrowthCard {
  return { ...FALLBACK_MUTUAL_GROWTH_CARD, tips: [...FALLBACK_MUTUAL_GROWTH_CARD.tips] };
}

// ---- Small repair helpers: each notes what it changed. ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function drop(repairs: string[], note: string): null {
  repairs.push(note);
  return null;
}

/**
 * Cuts a text to `max` characters at a word boundary, with an ellipsis, so a long model answer still fits the card. A text
 * without spaces (Japanese, Chinese) is cut between two characters, never inside one: half an emoji cannot be stored.
 */
export function clipText(value: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length <= max) return trimmed;
  const head = cutText(trimmed, max - 1);
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function clipped(value: string, max: number, at: string, repairs: string[]): string {
  const result = clipText(value, max);
  if (result.length < value.trim().length) repairs.push(`${at}: cut to ${max} characters`);
  return result;
}

function textOrDefault(value: unknown, at: string, fallback: string, max: number, repairs: string[]): string {
  if (typeof value === "string" && value.trim() !== "") return clipped(value, max, at, repairs);
  repairs.push(`${at}: missing, default used`);
  return fallback;
}

/** Non-blank strings only, each clipped, at most `maxItems`; a lone string counts as a one-item list. */
function stringList(value: unknown, at: string, maxItems: number, maxChars: number, repairs: string[]): string[] {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === "string") {
    items = [value];
    repairs.push(`${at}: a single string, read as a list`);
  } else {
    repairs.push(`${at}: not a list, emptied`);
    items = [];
  }
  const kept = items.filter((item): item is string => typeof item === "string" && item.trim() !== "");
  if (kept.length < items.length) repairs.push(`${at}: ${items.length - kept.length} blank or non-text item(s) removed`);
  if (kept.length > maxItems) repairs.push(`${at}: kept the first ${maxItems} of ${kept.length}`);
  return kept.slice(0, maxItems).map((item, index) => clipped(item, maxChars, `${at}[${index}]`, repairs));
}

function enumOr<T extends string>(allowed: readonly T[], value: unknown, fallback: T, at: string, repairs: string[]): T {
  const wanted = typeof value === "string" ? value.trim().toLowerCase() : "";
  const match = allowed.find((option) => option === wanted);
  if (match) return match;
  repairs.push(`${at}: ${JSON.stringify(value)} is not allowed, "${fallback}" used`);
  return fallback;
}

// ---- The same shape for the providers' structured output ----

type Dialect = "gemini" | "openai";

/**
 * One description, two dialects: Gemini's responseSchema (OBJECT/ARRAY/STRING, `format: "enum"`, propertyOrdering) and
 * OpenAI strict structured outputs (lowercase types, every property required, no additional properties). Limits that a
 * dialect cannot express are stated in the descriptions; parseModelAnalysis enforces them anyway.
 */
function analysisJsonSchema(dialect: Dialect): Record<string, unknown> {
  const gemini = dialect === "gemini";
  const str = (description: string, values?: readonly string[]) => ({
    type: gemini ? "STRING" : "string",
    description,
    ...(values ? { ...(gemini ? { format: "enum" } : {}), enum: [...values] } : {}),
  });
  const list = (items: object, description: string, max: number, min = 0) => ({
    type: gemini ? "ARRAY" : "array",
    description,
    items,
    ...(gemini ? { maxItems: String(max), ...(min > 0 ? { minItems: String(min) } : {}) } : {}),
  });
  const obj = (properties: Record<string, object>, description?: string) => {
    const keys = Object.keys(properties);
    return gemini
      ? { type: "OBJECT", ...(description ? { description } : {}), properties, required: keys, propertyOrdering: keys }
      : { type: "object", ...(description ? { description } : {}), properties, required: keys, additionalProperties: false };
  };
  const tips = list(
    str("A concrete, kind practice or question to try."),
    `At most ${ANALYSIS_LIMITS.tips} tips, each under ${ANALYSIS_LIMITS.tipChars} characters.`,
    ANALYSIS_LIMITS.tips,
    1,
  );

  const card = obj({
    dimension: str("The relationship dimension this card is about.", DIMENSION_TITLES),
    insight: str(`What the couple did and why it matters, warm and impartial, under ${ANALYSIS_LIMITS.insightChars} characters.`),
    tips,
    color: str("Card colour.", CARD_COLORS),
    icon: str("Card icon.", CARD_ICONS),
    evidence: list(
      str("A short quote from the transcript."),
      `At most ${ANALYSIS_LIMITS.evidence} short quotes the insight rests on.`,
      ANALYSIS_LIMITS.evidence,
    ),
  });
  return obj({
    cards: list(
      card,
      `${ANALYSIS_LIMITS.minCards} to ${ANALYSIS_LIMITS.maxCards} insight cards across the six dimensions.`,
      ANALYSIS_LIMITS.maxCards,
      ANALYSIS_LIMITS.minCards,
    ),
    coachResponse: str("The coach's neutral summary of the conversation, in Markdown."),
    briefSummary: str(`A title for the conversation, under ${ANALYSIS_LIMITS.briefSummaryChars} characters.`),
    recommendations: list(str("One short recommendation."), `At most ${ANALYSIS_LIMITS.recommendations} recommendations.`, ANALYSIS_LIMITS.recommendations),
    encouragement: str("One warm sentence of encouragement."),
    commitments: list(
      obj({
        text: str(`What they agreed to do, in their words, under ${COMMITMENT_LIMITS.textChars} characters.`),
        who: str('"both", or the name of the person who takes it on; empty when not said.'),
        byWhen: str('When, as they said it ("by Friday", "every evening"); empty when not said.'),
      }),
      `Only from a growth conversation section: at most ${COMMITMENT_LIMITS.perFollowUp} things the couple agreed to do next; otherwise empty.`,
      COMMITMENT_LIMITS.perFollowUp,
    ),
    mutualGrowthCard: obj(
      {
        dimension: str(`Always "${MUTUAL_GROWTH_DIMENSION}".`),
        insight: str("A prompt for a shared conversation about growing together."),
        tips: list(str("A question for both partners."), `${ANALYSIS_LIMITS.tips} questions for both partners.`, ANALYSIS_LIMITS.tips, 1),
        icon: str("Card icon.", CARD_ICONS),
        color: str("Card colour.", CARD_COLORS),
      },
      "A card that invites the couple to record a follow-up conversation about shared growth.",
    ),
  });
}

/** Gemini `responseSchema` (type names as in @google/genai's Type enum). */
export const ANALYSIS_JSON_SCHEMA: Record<string, unknown> = analysisJsonSchema("gemini");
/** Standard JSON Schema for OpenAI structured outputs (`strict: true`). */
export const ANALYSIS_OPENAI_JSON_SCHEMA: Record<string, unknown> = analysisJsonSchema("openai");
