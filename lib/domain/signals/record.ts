import { z } from "zod";

import { givenName } from "@/lib/domain/speakers/given-name";

import { LABEL_KINDS, type TurnLabel } from "./labels";
import { computeSignalsWithEvents, conversationSignalsSchema, type ConversationSignals, type SignalEvents, type SignalsMode } from "./signals";
import { buildTurns, type SignalSegment, type Turn } from "./turns";

// What /api/analyze answers as `signals` and what a session keeps (database column or the browser's record): the numbers,
// the labels that passed the checks (quote, speaker, turn times) and the events behind the derived counts, so every count
// can open the words it was counted from without the model or the turns at hand.

/**
 * `firstTurnStart`: when turn 0 starts (seconds), so the start-up window of a label can be told without the turns.
 * `speakerNames`: names of speakers the session's own names do not cover (a follow-up's speaker nobody in the conversation
 * matched, see withFollowUps).
 */
export type SignalsRecord = ConversationSignals & {
  labels: TurnLabel[];
  events: SignalEvents;
  firstTurnStart: number | null;
  speakerNames: Record<string, string>;
};

const seconds = z.number().finite();
const turnIndex = z.number().int().nonnegative();
const turnLabelSchema = z.object({
  turn: turnIndex,
  label: z.enum(LABEL_KINDS),
  quote: z.string().max(2_000),
  respondsTo: turnIndex.nullable(),
  speaker: z.string(),
  start: seconds,
  end: seconds,
});
const eventsSchema = z.object({
  repairs: z.array(z.object({ turn: turnIndex, speaker: z.string(), response: turnIndex.nullable(), outcome: z.enum(["accepted", "rejected", "unclear"]) })),
  bids: z.array(z.object({ turn: turnIndex, speaker: z.string(), response: turnIndex.nullable(), outcome: z.enum(["toward", "away", "against"]) })),
  stonewallingByTiming: z.array(z.object({ turn: turnIndex, speaker: z.string(), response: turnIndex })),
});

/** The record read back from storage (a browser's copy is untrusted): labels and events default to none. */
export const signalsRecordSchema = conversationSignalsSchema.extend({
  labels: z.array(turnLabelSchema).max(20_000).default([]),
  events: eventsSchema.default({ repairs: [], bids: [], stonewallingByTiming: [] }),
  firstTurnStart: seconds.nullable().default(null),
  speakerNames: z.record(z.string().max(200), z.string().max(200)).default({}),
});

/** A stored or received record when it has the current shape, else null (an old or damaged copy shows no signals). */
export function readSignalsRecord(value: unknown): SignalsRecord | null {
  const parsed = signalsRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export type SignalsRecordInput = {
  turns: readonly Turn[];
  /** The checked labels, or null when no model labelled the conversation. */
  labels: readonly TurnLabel[] | null;
  rejectedLabels?: number;
  mode: SignalsMode;
  speakers?: readonly string[];
  speakerNames?: Readonly<Record<string, string>>;
};

export function buildSignalsRecord({ turns, labels, rejectedLabels = 0, mode, speakers, speakerNames = {} }: SignalsRecordInput): SignalsRecord {
  // Solo and unlabelled: no two-person label counts, so no events behind them either.
  const { signals, events } = computeSignalsWithEvents({ turns, labels, rejectedLabels, mode, speakers });
  const kept = signals.labelled ? [...(labels ?? [])] : [];
  return { ...signals, labels: kept, events, firstTurnStart: turns[0]?.start ?? null, speakerNames: { ...speakerNames } };
}

/** The turns the signals are counted over, from the segments kept with the analysis (blank ones left out). */
export function signalTurns(segments: readonly SignalSegment[]): Turn[] {
  return buildTurns(segments.filter((segment) => segment.text.trim() !== "" && Number.isFinite(segment.start) && Number.isFinite(segment.end)));
}

// ---- The growth follow-ups ----

/** Seconds left between the conversation and a follow-up placed after it, more than a turn's join gap. */
const FOLLOW_UP_GAP_SECONDS = 5;

export type FollowUpSegments = { segments: readonly SignalSegment[]; speakerNames?: Readonly<Record<string, string>> };

/**
 * The conversation and its growth follow-ups as one timeline, for signals recomputed after an append: each follow-up is placed
 * after what came before, and its speakers (diarised afresh, so their ids start again) take the conversation's id of the
 * speaker with the same name; an unmatched follow-up speaker keeps a prefixed id of its own (`FOLLOW_UP_<n>_<id>`) with its
 * name. The conversation's turns keep their numbers, so labels made before the append stay where they were.
 */
export function withFollowUps(
  conversation: readonly SignalSegment[],
  speakerNames: Readonly<Record<string, string>>,
  followUps: readonly FollowUpSegments[],
): { segments: SignalSegment[]; speakerNames: Record<string, string> } {
  const names: Record<string, string> = { ...speakerNames };
  const idByName = new Map(Object.entries(speakerNames).map(([id, name]) => [name.trim().toLowerCase(), id]));
  const segments: SignalSegment[] = [...conversation];
  let end = conversation.reduce((latest, segment) => Math.max(latest, segment.end), 0);
  followUps.forEach((followUp, index) => {
    const usable = followUp.segments.filter((segment) => segment.text.trim() !== "" && Number.isFinite(segment.start) && Number.isFinite(segment.end));
    if (usable.length === 0) return;
    const first = Math.min(...usable.map((segment) => segment.start));
    const offset = end + FOLLOW_UP_GAP_SECONDS - first;
    const idOf = (speaker: string) => {
      const name = givenName(followUp.speakerNames, speaker)?.trim();
      const matched = name ? idByName.get(name.toLowerCase()) : undefined;
      if (matched) return matched;
      const own = `FOLLOW_UP_${index + 1}_${speaker}`;
      if (name) names[own] = name;
      return own;
    };
    for (const segment of usable)
      segments.push({ speaker: idOf(segment.speaker), text: segment.text, start: segment.start + offset, end: segment.end + offset });
    end = Math.max(end, ...usable.map((segment) => segment.end + offset));
  });
  return { segments, speakerNames: names };
}

// ---- History ----

/** What the history's trend shows of one session: the ratio and the shares of repairs accepted and bids turned toward. */
export type SignalsTrendPoint = {
  ratio: number | null;
  repairsAccepted: number;
  repairsMade: number;
  bidsToward: number;
  bidsMade: number;
};

/** Null for a session with no labelled two-person signals (no AI, solo, or before the signals existed). */
export function trendPointOf(value: unknown): SignalsTrendPoint | null {
  const record = readSignalsRecord(value);
  if (!record || !record.labelled || !record.ratio || !record.repairs || !record.bids) return null;
  const sum = <T>(perSpeaker: Record<string, T>, pick: (value: T) => number) => Object.values(perSpeaker).reduce((total, value) => total + pick(value), 0);
  return {
    ratio: record.ratio.value,
    repairsAccepted: sum(record.repairs, (repairs) => repairs.accepted),
    repairsMade: sum(record.repairs, (repairs) => repairs.made),
    bidsToward: sum(record.bids, (bids) => bids.toward),
    bidsMade: sum(record.bids, (bids) => bids.made),
  };
}
