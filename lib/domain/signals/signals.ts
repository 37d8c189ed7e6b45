import { z } from "zod";

import { NEGATIVE_LABELS, POSITIVE_LABELS, type LabelKind, type TurnLabel } from "./labels";
import { forEachWord, microseconds, type Turn } from "./turns";

// The conversation signals (issue 17 "Signals"): counted from the turns and the checked labels, nothing predicted, nobody
// ranked. Per-speaker values are keyed by the segments' speaker label. Linear in turns and labels.

export const SIGNALS_VERSION = 1;

export type SignalsMode = "couple" | "relationship" | "solo";

export type StartUpSignal = { initiator: string; harsh: boolean | null; negativeInWindow: number | null; negativeAfter: number | null };
export type RatioSignal = { positive: number; negative: number; value: number | null };
export type HorsemenSignal = { criticism: number; contempt: number; defensiveness: number; stonewalling: number; stonewallingByTiming: number };
export type RepairsSignal = { made: number; accepted: number; rejected: number; unclear: number };
export type BidsSignal = { made: number; toward: number; away: number; against: number };
export type PronounsSignal = { words: number; we: number; i: number; you: number };
export type LatencySignal = { medianMs: number | null };
export type FloorSignal = { talkShare: number | null; longestTurnSeconds: number };
type PerSpeaker<T> = Record<string, T>;

/**
 * Without labels (no model) `ratio`, `horsemen`, `repairs`, `bids` and the start-up's label counts are null; in a solo
 * session the two-person signals (`startUp`, `ratio`, `horsemen`, `repairs`, `bids`, `latency`, `interruptions`) are null.
 * `startUp` is also null when there are no turns; `talkShare` is null when the turns take no time at all.
 */
export type ConversationSignals = {
  version: typeof SIGNALS_VERSION;
  turns: number;
  rejectedLabels: number;
  labelled: boolean;
  startUp: StartUpSignal | null;
  ratio: RatioSignal | null;
  horsemen: PerSpeaker<HorsemenSignal> | null;
  repairs: PerSpeaker<RepairsSignal> | null;
  bids: PerSpeaker<BidsSignal> | null;
  pronouns: PerSpeaker<PronounsSignal>;
  latency: PerSpeaker<LatencySignal> | null;
  interruptions: PerSpeaker<number> | null;
  floor: PerSpeaker<FloorSignal>;
};

const count = z.number().int().nonnegative();
/** The same shape, for signals read back from storage. */
export const conversationSignalsSchema = z.object({
  version: z.literal(SIGNALS_VERSION),
  turns: count,
  rejectedLabels: count,
  labelled: z.boolean(),
  startUp: z.object({ initiator: z.string(), harsh: z.boolean().nullable(), negativeInWindow: count.nullable(), negativeAfter: count.nullable() }).nullable(),
  ratio: z.object({ positive: count, negative: count, value: z.number().nullable() }).nullable(),
  horsemen: z
    .record(z.string(), z.object({ criticism: count, contempt: count, defensiveness: count, stonewalling: count, stonewallingByTiming: count }))
    .nullable(),
  repairs: z.record(z.string(), z.object({ made: count, accepted: count, rejected: count, unclear: count })).nullable(),
  bids: z.record(z.string(), z.object({ made: count, toward: count, away: count, against: count })).nullable(),
  pronouns: z.record(z.string(), z.object({ words: count, we: count, i: count, you: count })),
  latency: z.record(z.string(), z.object({ medianMs: z.number().int().nullable() })).nullable(),
  interruptions: z.record(z.string(), count).nullable(),
  floor: z.record(z.string(), z.object({ talkShare: z.number().nullable(), longestTurnSeconds: z.number() })),
}) satisfies z.ZodType<ConversationSignals>;

// ---- Thresholds (seconds unless named) ----

export const START_UP_WINDOW_SECONDS = 180;
export const STONEWALL_DELAY_SECONDS = 5.0;
export const STONEWALL_MAX_WORDS = 2;
export const REPAIR_RESPONSE_SECONDS = 20;
export const BID_RESPONSE_SECONDS = 10;
export const INTERRUPTION_MIN_OVERLAP_SECONDS = 0.2;
export const INTERRUPTION_MAX_OVERLAP_SECONDS = 2.0;
export const INTERRUPTION_MIN_WORDS = 3;

const WE = ["we", "us", "our", "ours", "ourselves", "let's", "we're", "we've", "we'll", "we'd"];
const I = ["i", "me", "my", "mine", "myself", "i'm", "i've", "i'll", "i'd"];
const YOU = ["you", "your", "yours", "yourself", "yourselves", "you're", "you've", "you'll", "you'd"];
/** Each pronoun's group, looked up once per word; no pronoun is longer than this. */
const PRONOUN_GROUP = new Map<string, "we" | "i" | "you">([
  ...WE.map((word) => [word, "we"] as const),
  ...I.map((word) => [word, "i"] as const),
  ...YOU.map((word) => [word, "you"] as const),
]);
const LONGEST_PRONOUN = Math.max(...[...PRONOUN_GROUP.keys()].map((word) => word.length));

/** What the signals need of a turn's words: how many, and how many of each pronoun group. */
type TurnWords = { length: number; we: number; i: number; you: number };

/** One pass over a turn's text, with the tokeniser of words(), building no word list. */
function turnWordsOf(text: string): TurnWords {
  const counts: TurnWords = { length: 0, we: 0, i: 0, you: 0 };
  forEachWord(text, (lower, from, to) => {
    counts.length++;
    if (to - from > LONGEST_PRONOUN) return;
    const group = PRONOUN_GROUP.get(lower.slice(from, to));
    if (group !== undefined) counts[group]++;
  });
  return counts;
}

// ---- The conversation indexed once ----

type Conversation = {
  turns: readonly Turn[];
  speakers: string[];
  /** For each speaker, the index of its first turn after turn i (−1: none). */
  nextBy: Map<string, Int32Array>;
  kinds: (Set<LabelKind> | undefined)[];
  respondsTo: (Set<number> | undefined)[];
  labels: readonly TurnLabel[];
};

function indexConversation(turns: readonly Turn[], labels: readonly TurnLabel[], extraSpeakers: readonly string[] = []): Conversation {
  const speakers = [...new Set([...turns.map((turn) => turn.speaker), ...extraSpeakers])];
  const nextBy = new Map<string, Int32Array>();
  for (const speaker of speakers) nextBy.set(speaker, new Int32Array(turns.length));
  const following = new Map<string, number>(speakers.map((speaker) => [speaker, -1]));
  for (let i = turns.length - 1; i >= 0; i--) {
    for (const speaker of speakers) nextBy.get(speaker)![i] = following.get(speaker)!;
    following.set(turns[i]!.speaker, i);
  }
  const kinds: Conversation["kinds"] = new Array(turns.length);
  const respondsTo: Conversation["respondsTo"] = new Array(turns.length);
  const kept: TurnLabel[] = [];
  for (const label of labels) {
    const turn = turns[label.turn];
    if (!turn || turn.index !== label.turn) continue;
    (kinds[label.turn] ??= new Set()).add(label.label);
    if (label.respondsTo !== null) (respondsTo[label.turn] ??= new Set()).add(label.respondsTo);
    // The speaker is always the turn's, whatever the label object says.
    kept.push(label.speaker === turn.speaker ? label : { ...label, speaker: turn.speaker });
  }
  return { turns, speakers, nextBy, kinds, respondsTo, labels: kept };
}

/** The first turn after turn i by a speaker other than turn i's (−1: none). */
function nextOther(conversation: Conversation, i: number): number {
  const own = conversation.turns[i]!.speaker;
  let best = -1;
  for (const [speaker, next] of conversation.nextBy) {
    const j = next[i]!;
    if (speaker !== own && j >= 0 && (best < 0 || j < best)) best = j;
  }
  return best;
}

function hasKindIn(kinds: Set<LabelKind> | undefined, wanted: ReadonlySet<LabelKind>): boolean {
  if (!kinds) return false;
  for (const kind of kinds) if (wanted.has(kind)) return true;
  return false;
}

// ---- The events behind the derived counts (for the quotes a count opens) ----

export type RepairEvent = { turn: number; speaker: string; response: number | null; outcome: "accepted" | "rejected" | "unclear" };
export type BidEvent = { turn: number; speaker: string; response: number | null; outcome: "toward" | "away" | "against" };
/** `turn` is the other speaker's criticism or complaint; `response` is `speaker`'s late or very short answer to it. */
export type StonewallEvent = { turn: number; speaker: string; response: number };
export type SignalEvents = { repairs: RepairEvent[]; bids: BidEvent[]; stonewallingByTiming: StonewallEvent[] };

/** The response to turn i: the other speaker's first turn after it, if it starts at most `withinSeconds` after turn i ends. */
function responseTo(conversation: Conversation, i: number, withinSeconds: number): number | null {
  const j = nextOther(conversation, i);
  if (j < 0) return null;
  const gap = microseconds(conversation.turns[j]!.start - conversation.turns[i]!.end);
  return gap <= microseconds(withinSeconds) ? j : null;
}

function eventsOf(conversation: Conversation, turnWords: readonly TurnWords[]): SignalEvents {
  const { turns, kinds, respondsTo } = conversation;
  const repairs: RepairEvent[] = [];
  const bids: BidEvent[] = [];
  for (const label of conversation.labels) {
    if (label.label === "repair_attempt") {
      const response = responseTo(conversation, label.turn, REPAIR_RESPONSE_SECONDS);
      const answer = response === null ? undefined : kinds[response];
      const outcome = hasKindIn(answer, NEGATIVE_LABELS) ? "rejected" : hasKindIn(answer, POSITIVE_LABELS) ? "accepted" : "unclear";
      repairs.push({ turn: label.turn, speaker: label.speaker, response, outcome });
    } else if (label.label === "bid") {
      const response = responseTo(conversation, label.turn, BID_RESPONSE_SECONDS);
      const outcome =
        response === null ? "away" : hasKindIn(kinds[response], NEGATIVE_LABELS) ? "against" : respondsTo[response]?.has(label.turn) ? "toward" : "away";
      bids.push({ turn: label.turn, speaker: label.speaker, response, outcome });
    }
  }

  const stonewallingByTiming: StonewallEvent[] = [];
  const delay = microseconds(STONEWALL_DELAY_SECONDS);
  turns.forEach((turn, i) => {
    const own = kinds[i];
    if (!own || !(own.has("criticism") || own.has("complaint"))) return;
    for (const [speaker, next] of conversation.nextBy) {
      const j = next[i]!;
      if (speaker === turn.speaker || j < 0) continue;
      const late = microseconds(turns[j]!.start - turn.end) >= delay;
      if (late || turnWords[j]!.length <= STONEWALL_MAX_WORDS) stonewallingByTiming.push({ turn: i, speaker, response: j });
    }
  });
  return { repairs, bids, stonewallingByTiming };
}

/** Repair attempts, bids and stonewalling by timing, each with the turn that answered it: the evidence behind those counts. */
export function signalEvents(turns: readonly Turn[], labels: readonly TurnLabel[]): SignalEvents {
  return eventsOf(
    indexConversation(turns, labels),
    turns.map((turn) => turnWordsOf(turn.text)),
  );
}

// ---- The signals ----

export type SignalsInput = {
  turns: readonly Turn[];
  /** The checked labels, or null when no model labelled the conversation. */
  labels: readonly TurnLabel[] | null;
  /** How many of the model's labels the checks dropped. */
  rejectedLabels?: number;
  mode: SignalsMode;
  /** Speakers to report even when they have no turn (only backchannels, say). Speakers of the turns are always included. */
  speakers?: readonly string[];
};

export function computeSignals(input: SignalsInput): ConversationSignals {
  return computeSignalsWithEvents(input).signals;
}

const NO_EVENTS: SignalEvents = { repairs: [], bids: [], stonewallingByTiming: [] };

/** The signals and the events behind their derived counts, from one pass over the conversation (no events without labels). */
export function computeSignalsWithEvents({ turns, labels, rejectedLabels = 0, mode, speakers: extraSpeakers }: SignalsInput): {
  signals: ConversationSignals;
  events: SignalEvents;
} {
  const conversation = indexConversation(turns, labels ?? [], extraSpeakers);
  const { speakers } = conversation;
  const turnWords = turns.map((turn) => turnWordsOf(turn.text));
  const perSpeaker = <T>(make: (speaker: string) => T): PerSpeaker<T> => Object.fromEntries(speakers.map((speaker) => [speaker, make(speaker)]));
  const twoPerson = mode !== "solo";
  const labelled = labels !== null;
  const counted = twoPerson && labelled ? labelledSignals(conversation, turnWords, perSpeaker) : null;

  const signals: ConversationSignals = {
    version: SIGNALS_VERSION,
    turns: turns.length,
    rejectedLabels: labelled ? rejectedLabels : 0,
    labelled,
    startUp: twoPerson ? startUpOf(conversation, labelled) : null,
    ratio: counted?.ratio ?? null,
    horsemen: counted?.horsemen ?? null,
    repairs: counted?.repairs ?? null,
    bids: counted?.bids ?? null,
    pronouns: pronounsOf(turns, turnWords, perSpeaker),
    latency: twoPerson ? latencyOf(turns, perSpeaker) : null,
    interruptions: twoPerson ? interruptionsOf(turns, turnWords, perSpeaker) : null,
    floor: floorOf(turns, perSpeaker),
  };
  return { signals, events: counted?.events ?? NO_EVENTS };
}

type PerSpeakerOf = <T>(make: (speaker: string) => T) => PerSpeaker<T>;

function startUpOf({ turns, labels }: Conversation, labelled: boolean): StartUpSignal | null {
  const first = turns[0];
  if (!first) return null;
  if (!labelled) return { initiator: first.speaker, harsh: null, negativeInWindow: null, negativeAfter: null };
  const window = microseconds(START_UP_WINDOW_SECONDS);
  const inWindow = (turn: number) => microseconds(turns[turn]!.start - first.start) < window;
  let harsh = false;
  let negativeInWindow = 0;
  let negativeAfter = 0;
  for (const label of labels) {
    const early = inWindow(label.turn);
    if (early && label.speaker === first.speaker && (label.label === "criticism" || label.label === "contempt")) harsh = true;
    if (NEGATIVE_LABELS.has(label.label)) {
      if (early) negativeInWindow++;
      else negativeAfter++;
    }
  }
  return { initiator: first.speaker, harsh, negativeInWindow, negativeAfter };
}

function labelledSignals(conversation: Conversation, turnWords: readonly TurnWords[], perSpeaker: PerSpeakerOf) {
  const { labels } = conversation;
  const positive = labels.filter((label) => POSITIVE_LABELS.has(label.label)).length;
  const negative = labels.filter((label) => NEGATIVE_LABELS.has(label.label)).length;
  const ratio: RatioSignal = { positive, negative, value: negative === 0 ? null : round(positive / negative, 2) };

  const horsemen = perSpeaker<HorsemenSignal>(() => ({ criticism: 0, contempt: 0, defensiveness: 0, stonewalling: 0, stonewallingByTiming: 0 }));
  for (const label of labels) {
    if (NEGATIVE_LABELS.has(label.label)) horsemen[label.speaker]![label.label as "criticism" | "contempt" | "defensiveness" | "stonewalling"]++;
  }
  const events = eventsOf(conversation, turnWords);
  for (const event of events.stonewallingByTiming) horsemen[event.speaker]!.stonewallingByTiming++;

  const repairs = perSpeaker<RepairsSignal>(() => ({ made: 0, accepted: 0, rejected: 0, unclear: 0 }));
  for (const event of events.repairs) {
    repairs[event.speaker]!.made++;
    repairs[event.speaker]![event.outcome]++;
  }
  const bids = perSpeaker<BidsSignal>(() => ({ made: 0, toward: 0, away: 0, against: 0 }));
  for (const event of events.bids) {
    bids[event.speaker]!.made++;
    bids[event.speaker]![event.outcome]++;
  }
  return { ratio, horsemen, repairs, bids, events };
}

function pronounsOf(turns: readonly Turn[], turnWords: readonly TurnWords[], perSpeaker: PerSpeakerOf): PerSpeaker<PronounsSignal> {
  const pronouns = perSpeaker<PronounsSignal>(() => ({ words: 0, we: 0, i: 0, you: 0 }));
  turns.forEach((turn, index) => {
    const entry = pronouns[turn.speaker]!;
    const counts = turnWords[index]!;
    entry.words += counts.length;
    entry.we += counts.we;
    entry.i += counts.i;
    entry.you += counts.you;
  });
  return pronouns;
}

/** Median of the gaps (ms, negative when overlapping) before this speaker's turns that follow the other speaker's turn. */
function latencyOf(turns: readonly Turn[], perSpeaker: PerSpeakerOf): PerSpeaker<LatencySignal> {
  const gaps = new Map<string, number[]>();
  for (let i = 1; i < turns.length; i++) {
    const turn = turns[i]!;
    const previous = turns[i - 1]!;
    if (previous.speaker === turn.speaker) continue;
    let list = gaps.get(turn.speaker);
    if (!list) gaps.set(turn.speaker, (list = []));
    list.push(microseconds(turn.start - previous.end));
  }
  return perSpeaker((speaker) => ({ medianMs: medianMs(gaps.get(speaker) ?? []) }));
}

function medianMs(microsecondGaps: number[]): number | null {
  if (microsecondGaps.length === 0) return null;
  const sorted = [...microsecondGaps].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(median / 1000) || 0;
}

/**
 * This speaker's turns of at least 3 words that start more than 0.2 s before the other speaker's previous turn ends, where
 * that turn ends at most 2.0 s after this one starts (a longer overlap is the first speaker talking on, not being cut off).
 */
function interruptionsOf(turns: readonly Turn[], turnWords: readonly TurnWords[], perSpeaker: PerSpeakerOf): PerSpeaker<number> {
  const interruptions = perSpeaker(() => 0);
  const minOverlap = microseconds(INTERRUPTION_MIN_OVERLAP_SECONDS);
  const maxOverlap = microseconds(INTERRUPTION_MAX_OVERLAP_SECONDS);
  for (let i = 1; i < turns.length; i++) {
    const turn = turns[i]!;
    const previous = turns[i - 1]!;
    if (previous.speaker === turn.speaker) continue;
    const overlap = microseconds(previous.end - turn.start);
    if (overlap > minOverlap && overlap <= maxOverlap && turnWords[i]!.length >= INTERRUPTION_MIN_WORDS) interruptions[turn.speaker]!++;
  }
  return interruptions;
}

function floorOf(turns: readonly Turn[], perSpeaker: PerSpeakerOf): PerSpeaker<FloorSignal> {
  const time = new Map<string, number>();
  const longest = new Map<string, number>();
  let total = 0;
  for (const turn of turns) {
    const duration = Math.max(0, microseconds(turn.end - turn.start));
    time.set(turn.speaker, (time.get(turn.speaker) ?? 0) + duration);
    longest.set(turn.speaker, Math.max(longest.get(turn.speaker) ?? 0, duration));
    total += duration;
  }
  return perSpeaker((speaker) => ({
    talkShare: total === 0 ? null : round((time.get(speaker) ?? 0) / total, 2),
    longestTurnSeconds: round((longest.get(speaker) ?? 0) / 1_000_000, 1),
  }));
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}
