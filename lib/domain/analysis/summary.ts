import { reminderDateForSummary } from "../calendar/reminder";
import { ANALYSIS_DEFAULTS, resolveDimension } from "./analysis-schema";
import { CARD_COLORS, CARD_ICONS, DEFAULT_CARD_ICON, type DimensionTitle, type InsightCard, type SessionSummary, type SwipeAction } from "./types";

// The pure parts of the "Session Completed" screen (spec part 2 sections 4, 5 and 9): where the summary comes from,
// the fallbacks, recommendation clean-up, and the votes that decide when the deck is done.

const MAX_CLIENT_RECOMMENDATIONS = 3;

/** Shown (history, deck) when no usable recommendation is left: regular check-ins, active listening, daily appreciation. */
export const DEFAULT_RECOMMENDATIONS: readonly string[] = [
  "Set aside a regular check-in, even 15 minutes a week, to talk about how you are both doing.",
  "Practise active listening: repeat back what you heard before you share your own view.",
  "Tell each other one thing you appreciate every day, however small.",
];

/** The server's fallback summary text (spec part 2 section 8, with "Summary Error"), shown as the session's summary. */
export const SERVER_FALLBACK_SUMMARY_TEXT = "Session saved with generic summary due to an error.";

/** The server's fallback summary: regular check-ins, expressing appreciation, a shared ritual. */
export const SERVER_FALLBACK_RECOMMENDATIONS: readonly string[] = [
  "Schedule a regular check-in to talk about how things are going between you.",
  "Express appreciation for each other often, and be specific about what you noticed.",
  "Create a small shared ritual, like a weekly walk or a tech-free dinner, that is just for the two of you.",
];

/** One practice per dimension, offered when a card of that dimension was marked helpful. */
export const DIMENSION_TIPS: Record<DimensionTitle, string> = {
  Curiosity: 'Ask one open question each day, such as "What was the best part of your day?", and follow up on the answer.',
  Clarity: 'Share needs as "I feel ... when ... and I would like ...", with one specific request instead of a general complaint.',
  "Emotional Connection": "Name your feelings out loud, and acknowledge your partner's feelings before moving on to solutions.",
  Timing: "Choose a calm moment for important talks, and agree that either of you may call a 20-minute break when things heat up.",
  "Respect & Repair": 'When a talk goes off track, try a small repair: a touch, a smile, or "Let me try that again."',
  Appreciation: "Tell each other one specific thing you appreciated today, and why it mattered to you.",
};

const GENERIC_RECOMMENDATIONS = [DEFAULT_RECOMMENDATIONS[0]!, DEFAULT_RECOMMENDATIONS[2]!];
const CLIENT_ENCOURAGEMENT = "Reflecting on how you talk to each other is already an act of care. Keep going together.";

/** Non-blank strings, trimmed; with none left, the three defaults (spec part 2 section 5). */
export function cleanRecommendations(list: unknown): string[] {
  const kept = nonBlankStrings(list);
  return kept.length > 0 ? kept : [...DEFAULT_RECOMMENDATIONS];
}

/** After a refresh the last `count` recommendations are kept (spec part 2 section 4). */
export function keepLastRecommendations(list: unknown, count = 3): string[] {
  return count > 0 ? nonBlankStrings(list).slice(-count) : [];
}

/**
 * The summary built in the browser from the cards marked helpful. Each helpful dimension gives its practice (at most 3);
 * with none or one helpful card the generic recommendations are used instead, and fewer than 3 practices are topped up
 * with them, so "Focus On" always lists 3 items.
 */
export function clientFallbackSummary(cards: readonly InsightCard[], swipeActions: readonly SwipeAction[], now: number): SessionSummary {
  const helpful = helpfulCards(cards, swipeActions);
  const dimensions = [...new Set(helpful.map((card) => resolveDimension(card.dimension)).filter((title): title is DimensionTitle => title !== null))];
  const practices = helpful.length > 1 ? dimensions.map((title) => DIMENSION_TIPS[title]) : [];
  const recommendations = [...new Set([...practices, ...DEFAULT_RECOMMENDATIONS])].slice(0, MAX_CLIENT_RECOMMENDATIONS);

  const summary =
    dimensions.length > 0
      ? `What resonated with you: ${joinNames(dimensions)}. These are strengths you can build on together.`
      : `You reviewed ${cards.length} insight${cards.length === 1 ? "" : "s"} from your conversation. Every conversation like this one helps you understand each other a little better.`;
  return { summary, recommendations, encouragement: CLIENT_ENCOURAGEMENT, reminderDate: reminderDateForSummary(now) };
}

/** The most cards, and the longest texts, a stored deck hands to the summary (its prompt quotes each card). */
export const STORED_DECK_LIMITS = { cards: 50, dimensionChars: 100, insightChars: 2_000, tips: 5, tipChars: 1_000 } as const;

/**
 * The cards of a stored analysis the summary can work from, with the votes moved along with them. A session is saved as
 * the browser keeps it (older versions, migrations), so its cards are read, not trusted: one that is not an object, or has
 * no dimension or insight text, is left out (the spec turns odd card lists into fewer cards, never into an error), and the
 * votes of the cards kept are renumbered to the cards' new places; votes of the cards left out go with them.
 */
export function readStoredDeck(cards: unknown, swipeActions: readonly SwipeAction[]): { cards: InsightCard[]; swipeActions: SwipeAction[] } {
  const kept: InsightCard[] = [];
  const place = new Map<number, number>();
  (Array.isArray(cards) ? cards : []).forEach((raw, index) => {
    const card = readStoredCard(raw);
    if (!card || kept.length >= STORED_DECK_LIMITS.cards) return;
    place.set(index, kept.length);
    kept.push(card);
  });
  const votes = swipeActions.flatMap((swipe) => {
    const at = place.get(swipe.cardIndex);
    return at === undefined ? [] : [{ ...swipe, cardIndex: at }];
  });
  return { cards: kept, swipeActions: votes };
}

function readStoredCard(raw: unknown): InsightCard | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const card = raw as Record<string, unknown>;
  if (!hasText(card.dimension) || !hasText(card.insight)) return null;
  const tips = Array.isArray(card.tips) ? card.tips.filter(hasText).slice(0, STORED_DECK_LIMITS.tips) : [];
  return {
    dimension: card.dimension.trim().slice(0, STORED_DECK_LIMITS.dimensionChars),
    insight: card.insight.slice(0, STORED_DECK_LIMITS.insightChars),
    tips: tips.map((tip) => tip.slice(0, STORED_DECK_LIMITS.tipChars)),
    color: oneOf(CARD_COLORS, card.color) ?? "deep-teal",
    icon: oneOf(CARD_ICONS, card.icon) ?? DEFAULT_CARD_ICON,
  };
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | null {
  return values.find((item) => item === value) ?? null;
}

/** The last resort: a generic summary with exactly 2 recommendations. */
export function genericSummary(now: number): SessionSummary {
  return {
    summary: "Thank you for taking the time to reflect on your conversation together.",
    recommendations: [...GENERIC_RECOMMENDATIONS],
    encouragement: ANALYSIS_DEFAULTS.encouragement,
    reminderDate: reminderDateForSummary(now),
  };
}

/** What fetchServer throws when the server failed but its error body still carries a usable summary. */
export class SummaryFallbackError extends Error {
  constructor(readonly fallbackBody: Partial<SessionSummary>) {
    super("Summary generation failed on the server");
    this.name = "SummaryFallbackError";
  }
}

export type SummarySource = "existing" | "server" | "server-fallback" | "client" | "generic";

export type ResolveSummaryInput = {
  existing?: SessionSummary | null;
  forceRegenerate?: boolean;
  /** The server's summary; may throw anything carrying `fallbackBody` (see SummaryFallbackError). */
  fetchServer: () => Promise<Partial<SessionSummary> | null | undefined>;
  now: number;
  cards: readonly InsightCard[];
  swipeActions: readonly SwipeAction[];
};

/** Spec part 2 section 4, "Summary sourcing order": existing, server, server fallback body, client fallback, generic. */
export async function resolveSummary({
  existing,
  forceRegenerate = false,
  fetchServer,
  now,
  cards,
  swipeActions,
}: ResolveSummaryInput): Promise<{ summary: SessionSummary; source: SummarySource }> {
  if (existing && hasText(existing.summary) && !forceRegenerate) return { summary: existing, source: "existing" };
  try {
    const answer = await fetchServer();
    if (answer && hasText(answer.summary)) return { summary: completeSummary(answer.summary, answer, now), source: "server" };
    // A 2xx without a summary is as useless as an error: fall through to the browser's own summary.
  } catch (error) {
    const body = fallbackBodyOf(error);
    if (body && hasText(body.summary)) return { summary: { ...completeSummary(body.summary, body, now), fallback: true }, source: "server-fallback" };
  }
  try {
    return { summary: clientFallbackSummary(cards, swipeActions, now), source: "client" };
  } catch {
    return { summary: genericSummary(now), source: "generic" };
  }
}

/** Records a vote: one per card, a new vote replaces the earlier one, kept in card order. */
export function applyVote(swipeActions: readonly SwipeAction[] | null | undefined, vote: SwipeAction): SwipeAction[] {
  return [...(swipeActions ?? []).filter((action) => action.cardIndex !== vote.cardIndex), vote].sort((a, b) => a.cardIndex - b.cardIndex);
}

/** Every card of a non-empty deck has a vote (votes for indexes outside the deck do not count). */
export function isDeckComplete(cards: readonly unknown[] | null | undefined, swipeActions: readonly SwipeAction[] | null | undefined): boolean {
  const count = cards?.length ?? 0;
  if (count === 0) return false;
  const voted = new Set((swipeActions ?? []).map((action) => action.cardIndex).filter((index) => Number.isInteger(index) && index >= 0 && index < count));
  return voted.size === count;
}

function helpfulCards(cards: readonly InsightCard[], swipeActions: readonly SwipeAction[]): InsightCard[] {
  const latest = applyAll(swipeActions);
  return cards.filter((_, index) => latest.get(index) === "helpful");
}

/** The last vote per card wins, whatever order the list is in. */
function applyAll(swipeActions: readonly SwipeAction[]): Map<number, SwipeAction["action"]> {
  const sorted = [...swipeActions].sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0));
  return new Map(sorted.map((action) => [action.cardIndex, action.action]));
}

/** A server summary with the spec's defaults for whatever it left out. */
function completeSummary(summary: string, partial: Partial<SessionSummary>, now: number): SessionSummary {
  return {
    summary: summary.trim(),
    recommendations: nonBlankStrings(partial.recommendations),
    encouragement: hasText(partial.encouragement) ? partial.encouragement : ANALYSIS_DEFAULTS.encouragement,
    reminderDate: typeof partial.reminderDate === "number" && Number.isFinite(partial.reminderDate) ? partial.reminderDate : reminderDateForSummary(now),
  };
}

function fallbackBodyOf(error: unknown): Partial<SessionSummary> | null {
  if (typeof error !== "object" || error === null || !("fallbackBody" in error)) return null;
  const body = (error as { fallbackBody?: unknown }).fallbackBody;
  return typeof body === "object" && body !== null ? (body as Partial<SessionSummary>) : null;
}

function nonBlankStrings(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string" && item.trim() !== "").map((item) => item.trim()) : [];
}

function hasText(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
