import { z } from "zod";

import { givenName } from "@/lib/domain/speakers/given-name";

import type { Turn } from "./turns";

// The model's turn labels (issue 17 "Labels"): the kinds, the answer's shape for structured output, the checks that keep
// only labels whose quote is really in their turn, and the numbered lines the model reads.

export const LABEL_KINDS = [
  "criticism",
  "contempt",
  "defensiveness",
  "stonewalling",
  "complaint",
  "validation",
  "interest",
  "affection",
  "appreciation",
  "humor",
  "accepting_influence",
  "repair_attempt",
  "bid",
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const POSITIVE_LABELS: ReadonlySet<LabelKind> = new Set<LabelKind>([
  "validation",
  "interest",
  "affection",
  "appreciation",
  "humor",
  "accepting_influence",
]);
export const NEGATIVE_LABELS: ReadonlySet<LabelKind> = new Set<LabelKind>(["criticism", "contempt", "defensiveness", "stonewalling"]);

export function isLabelKind(value: unknown): value is LabelKind {
  return typeof value === "string" && (LABEL_KINDS as readonly string[]).includes(value);
}

/** A label that passed every check. Speaker and times are its turn's, never the model's word. */
export type TurnLabel = { turn: number; label: LabelKind; quote: string; respondsTo: number | null; speaker: string; start: number; end: number };

// ---- The model's answer ----

/** One label as the model sends it. Loose on purpose: a wrong kind or turn drops that label, not the whole answer. */
export const modelLabelSchema = z.object({
  turn: z.number(),
  label: z.string(),
  quote: z.string(),
  responds_to: z.number().nullable().optional(),
});
export type ModelLabel = z.infer<typeof modelLabelSchema>;

/** `{ labels: [...] }`; each item is checked on its own by validateLabels. */
export const modelLabelsAnswerSchema = z.object({ labels: z.array(z.unknown()) });

type Dialect = "gemini" | "openai";

/** The answer's shape in Gemini's responseSchema dialect or as strict JSON Schema for OpenAI (every property required). */
function labelsJsonSchema(dialect: Dialect): Record<string, unknown> {
  const gemini = dialect === "gemini";
  const t = (name: "object" | "array" | "string" | "integer") => (gemini ? name.toUpperCase() : name);
  const item = {
    turn: { type: t("integer"), description: "The number n of the line [n] the label is about." },
    label: { type: t("string"), description: "What the turn does.", ...(gemini ? { format: "enum" } : {}), enum: [...LABEL_KINDS] },
    quote: { type: t("string"), description: "The exact words of that turn (at least two words) that show it, copied verbatim." },
    responds_to: gemini
      ? { type: "INTEGER", nullable: true, description: "The earlier turn of the other speaker this answers, or null." }
      : { type: ["integer", "null"], description: "The earlier turn of the other speaker this answers, or null." },
  };
  const keys = Object.keys(item);
  const labelNode = gemini
    ? { type: "OBJECT", properties: item, required: keys, propertyOrdering: keys }
    : { type: "object", properties: item, required: keys, additionalProperties: false };
  const labels = { type: t("array"), description: "Every label that applies, at most one of each kind per turn.", items: labelNode };
  return gemini
    ? { type: "OBJECT", properties: { labels }, required: ["labels"], propertyOrdering: ["labels"] }
    : { type: "object", properties: { labels }, required: ["labels"], additionalProperties: false };
}

/** Gemini `responseSchema` (type names as in @google/genai's Type enum). */
export const LABELS_JSON_SCHEMA: Record<string, unknown> = labelsJsonSchema("gemini");
/** Plain JSON Schema for OpenAI structured outputs (`strict: true`). */
export const LABELS_OPENAI_JSON_SCHEMA: Record<string, unknown> = labelsJsonSchema("openai");

// ---- Checks ----

const NON_ASCII = /[^\x00-\x7f]/;
/** Whitespace other than one plain space between words. */
const MESSY_SPACE = /[^\S ]| {2}/;

/** NFKC, lower-case, curly quotes straight, runs of whitespace one space, trimmed. (NFKC and quotes only touch non-ASCII text.) */
export function normalizeQuote(text: string): string {
  const ascii = !NON_ASCII.test(text);
  const lower = (ascii ? text : text.normalize("NFKC")).toLowerCase();
  const straight = ascii ? lower : lower.replace(/[‘’‚‛]/g, "'").replace(/[“”„‟]/g, '"');
  // Most texts have single spaces only: the replace is skipped for them.
  return (MESSY_SPACE.test(straight) ? straight.replace(/\s+/g, " ") : straight).trim();
}

export type LabelRejection = "not_an_object" | "no_such_turn" | "unknown_label" | "quote_too_short" | "quote_not_in_turn" | "bad_responds_to";
export type LabelCheck = { labels: TurnLabel[]; rejectedLabels: number; rejections: { index: number; reason: LabelRejection }[] };

/** The minimum number of whitespace-separated words in a normalised quote. */
const MIN_QUOTE_WORDS = 2;

/**
 * Keeps the labels that pass every check, in the model's order. A label is dropped and counted in `rejectedLabels` when it is
 * not a label object, its turn does not exist, its kind is not in the list, its normalised quote has fewer than 2 words or
 * is not in its turn's normalised text, or `responds_to` is given but is not an earlier turn of the other speaker. Of the
 * labels that pass, a turn keeps the first of each kind; a repeat is left out without counting as a rejection.
 * `raw` is the model's answer (`{ labels: [...] }`) or its `labels` array; anything else keeps nothing and rejects nothing.
 */
export function validateLabels(raw: unknown, turns: readonly Turn[]): LabelCheck {
  const items = Array.isArray(raw) ? raw : isAnswer(raw) ? raw.labels : [];
  const normalizedTexts = new Map<number, string>();
  const turnText = (turn: Turn) => {
    let text = normalizedTexts.get(turn.index);
    if (text === undefined) normalizedTexts.set(turn.index, (text = normalizeQuote(turn.text)));
    return text;
  };
  const seen = new Set<string>();
  const labels: TurnLabel[] = [];
  const rejections: LabelCheck["rejections"] = [];

  items.forEach((item, index) => {
    const reason = rejectionOf(item, turns, turnText);
    if (reason) {
      rejections.push({ index, reason });
      return;
    }
    const { turn, label, quote, responds_to } = item as ModelLabel;
    const key = `${turn}:${label}`;
    if (seen.has(key)) return;
    seen.add(key);
    const owner = turns[turn]!;
    labels.push({
      turn,
      label: label as LabelKind,
      quote: quote.trim(),
      respondsTo: responds_to ?? null,
      speaker: owner.speaker,
      start: owner.start,
      end: owner.end,
    });
  });
  return { labels, rejectedLabels: rejections.length, rejections };
}

const isAnswer = (raw: unknown): raw is { labels: unknown[] } => typeof raw === "object" && raw !== null && Array.isArray((raw as { labels?: unknown }).labels);

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The shape modelLabelSchema describes, checked by hand: this runs once per label (thousands in a long conversation) and
 * schema parsing per item would cost more than every signal together.
 */
function asModelLabel(item: unknown): ModelLabel | null {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return null;
  const { turn, label, quote, responds_to } = item as Record<string, unknown>;
  if (!isFiniteNumber(turn) || typeof label !== "string" || typeof quote !== "string") return null;
  if (responds_to !== undefined && responds_to !== null && !isFiniteNumber(responds_to)) return null;
  return { turn, label, quote, responds_to: responds_to as number | null | undefined };
}

function rejectionOf(item: unknown, turns: readonly Turn[], turnText: (turn: Turn) => string): LabelRejection | null {
  const parsed = asModelLabel(item);
  if (!parsed) return "not_an_object";
  const { turn, label, quote, responds_to } = parsed;
  const owner = turnAt(turns, turn);
  if (!owner) return "no_such_turn";
  if (!isLabelKind(label)) return "unknown_label";
  const normalized = normalizeQuote(quote);
  if (wordCount(normalized) < MIN_QUOTE_WORDS) return "quote_too_short";
  if (!turnText(owner).includes(normalized)) return "quote_not_in_turn";
  if (responds_to !== null && responds_to !== undefined) {
    const earlier = turnAt(turns, responds_to);
    if (!earlier || earlier.index >= owner.index || earlier.speaker === owner.speaker) return "bad_responds_to";
  }
  return null;
}

/** Words of a normalised text: it has no space at either end and one space between words. */
function wordCount(normalized: string): number {
  if (normalized === "") return 0;
  let count = 1;
  for (let at = normalized.indexOf(" "); at >= 0; at = normalized.indexOf(" ", at + 1)) count++;
  return count;
}

/** Turns are numbered 0…n−1 in order, so turn n is turns[n]; anything else does not exist. */
function turnAt(turns: readonly Turn[], n: number): Turn | undefined {
  if (!Number.isInteger(n) || n < 0) return undefined;
  const turn = turns[n];
  return turn && turn.index === n ? turn : undefined;
}

// ---- What the model reads ----

/** At most this many turns go to the model in one call. */
export const MAX_TURNS_PER_CHUNK = 200;

/** `[n] Name: text`, one line per turn; a speaker without a name is shown by its label. Line breaks in a text become spaces. */
export function promptLines(turns: readonly Turn[], names: Readonly<Record<string, string>> = {}): string {
  return turns
    .map((turn) => `[${turn.index}] ${givenName(names, turn.speaker)?.trim() || turn.speaker}: ${turn.text.replace(/\s*[\r\n]+\s*/g, " ")}`)
    .join("\n");
}

/**
 * Consecutive chunks of at most `maxTurns` turns (as even as possible, so the last is never a stub), each turn keeping its
 * true number. No turns: no chunks.
 */
export function chunkTurns(turns: readonly Turn[], maxTurns: number = MAX_TURNS_PER_CHUNK): Turn[][] {
  if (turns.length === 0) return [];
  const size = Math.max(1, Math.floor(maxTurns));
  const count = Math.ceil(turns.length / size);
  const base = Math.floor(turns.length / count);
  const larger = turns.length % count;
  const chunks: Turn[][] = [];
  let from = 0;
  for (let i = 0; i < count; i++) {
    const length = base + (i < larger ? 1 : 0);
    chunks.push(turns.slice(from, from + length));
    from += length;
  }
  return chunks;
}
