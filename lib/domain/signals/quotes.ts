import { NEGATIVE_LABELS, POSITIVE_LABELS, type LabelKind, type TurnLabel } from "./labels";
import type { SignalsRecord } from "./record";
import { START_UP_WINDOW_SECONDS } from "./signals";

// The words behind each count of the signals view (issue 17 "each count opens the quotes behind it"): only checked labels'
// quotes, each with its speaker and the time its turn starts, in the order they were said.

export type SignalQuote = { turn: number; speaker: string; quote: string; start: number };

const toQuote = (label: TurnLabel): SignalQuote => ({ turn: label.turn, speaker: label.speaker, quote: label.quote, start: label.start });
const ordered = (quotes: SignalQuote[]) => quotes.sort((a, b) => a.start - b.start || a.turn - b.turn);

/** Quotes of the labels of these kinds (of one speaker, when given). */
export function labelQuotes(record: SignalsRecord, kinds: ReadonlySet<LabelKind> | readonly LabelKind[], speaker?: string): SignalQuote[] {
  const wanted = new Set(kinds);
  return ordered(record.labels.filter((label) => wanted.has(label.label) && (speaker === undefined || label.speaker === speaker)).map(toQuote));
}

export const positiveQuotes = (record: SignalsRecord) => labelQuotes(record, POSITIVE_LABELS);
export const negativeQuotes = (record: SignalsRecord) => labelQuotes(record, NEGATIVE_LABELS);

/** Negative moments inside the start-up window (the first 180 s), or after it. */
export function startUpQuotes(record: SignalsRecord, inWindow: boolean): SignalQuote[] {
  const first = record.firstTurnStart ?? 0;
  return negativeQuotes(record).filter((quote) => quote.start - first < START_UP_WINDOW_SECONDS === inWindow);
}

/** The quote of a response turn: its label answering `turn` first, else one of the wanted kinds. */
function responseQuote(record: SignalsRecord, response: number | null, turn: number, kinds: ReadonlySet<LabelKind> | null): SignalQuote | null {
  if (response === null) return null;
  const labels = record.labels.filter((label) => label.turn === response);
  const chosen = labels.find((label) => label.respondsTo === turn) ?? labels.find((label) => kinds === null || kinds.has(label.label)) ?? labels[0];
  return chosen ? toQuote(chosen) : null;
}

function ownQuote(record: SignalsRecord, turn: number, kind: LabelKind): SignalQuote | null {
  const label = record.labels.find((item) => item.turn === turn && item.label === kind);
  return label ? toQuote(label) : null;
}

/**
 * A speaker's bids ("made"), or the answers to them: toward and against quote the answer, away quotes the bid that was
 * not met.
 */
export function bidQuotes(record: SignalsRecord, speaker: string, outcome: "made" | "toward" | "away" | "against"): SignalQuote[] {
  const quotes = record.events.bids
    .filter((event) => event.speaker === speaker && (outcome === "made" || event.outcome === outcome))
    .map((event) =>
      outcome === "toward" || outcome === "against"
        ? (responseQuote(record, event.response, event.turn, outcome === "against" ? NEGATIVE_LABELS : null) ?? ownQuote(record, event.turn, "bid"))
        : ownQuote(record, event.turn, "bid"),
    );
  return ordered(quotes.filter((quote): quote is SignalQuote => quote !== null));
}

/** A speaker's repair attempts ("made"), or the answers to them: accepted and rejected quote the answer, unclear the attempt. */
export function repairQuotes(record: SignalsRecord, speaker: string, outcome: "made" | "accepted" | "rejected" | "unclear"): SignalQuote[] {
  const quotes = record.events.repairs
    .filter((event) => event.speaker === speaker && (outcome === "made" || event.outcome === outcome))
    .map((event) =>
      outcome === "accepted" || outcome === "rejected"
        ? (responseQuote(record, event.response, event.turn, outcome === "accepted" ? POSITIVE_LABELS : NEGATIVE_LABELS) ??
          ownQuote(record, event.turn, "repair_attempt"))
        : ownQuote(record, event.turn, "repair_attempt"),
    );
  return ordered(quotes.filter((quote): quote is SignalQuote => quote !== null));
}

/** The complaints or criticisms a speaker answered late or in two words or fewer (the words of the complaint). */
export function stonewallQuotes(record: SignalsRecord, speaker: string): SignalQuote[] {
  const quotes = record.events.stonewallingByTiming
    .filter((event) => event.speaker === speaker)
    .map((event) => ownQuote(record, event.turn, "criticism") ?? ownQuote(record, event.turn, "complaint"));
  return ordered(quotes.filter((quote): quote is SignalQuote => quote !== null));
}
