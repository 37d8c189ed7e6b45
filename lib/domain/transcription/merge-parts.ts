import { PART_OVERLAP_SECONDS, type PartTranscript } from "./long-recording";
import { computeSpeakerStats, DEFAULT_SPEAKER, fillSegmentTimes, groupBySpeaker, normalizeSpeakers, transcriptText, type TranscriptSegment } from "./segments";
import type { TranscriptionResultData } from "./transcription-result";

// A recording transcribed in parts (issue 14 §2) becomes one transcript, shaped like the one-piece transcription's.
//
// Each part after the first starts PART_OVERLAP_SECONDS before the previous one stops: for the cut where part k+1 starts
// at S (seconds from the recording's start), both parts heard [S, E] with E = S + PART_OVERLAP_SECONDS; its midpoint is
// M = S + PART_OVERLAP_SECONDS / 2.
//
// SPEAKERS. A label of a part is the same person as:
// 1. the first part's label of the same name, when the part was transcribed with the first part's speaker references
//    (referencesUsed) and the label is one of the reference names sent;
// 2. otherwise the label of the previous part its overlap votes for. A vote is a pair (a of part k, b of part k+1) with:
//    - times that overlap, within MATCH_TIME_TOLERANCE_SECONDS, inside [S, E]: lo = max(a.start, b.start, S),
//      hi = min(a.end, b.end, E), hi - lo > -MATCH_TIME_TOLERANCE_SECONDS;
//    - the same words there. Each segment's words are placed evenly over its time span (word i of n at
//      start + (i + ½)·duration / n) and compared as sets of lower-cased words (letters and digits only: "Don't," = "dont").
//      A₀, B₀: the words of a, b placed in the shared span [min(lo, hi), max(lo, hi)]; A₁, B₁: those placed in it widened by
//      MATCH_WORD_MARGIN_SECONDS each side (the placement is an estimate). Each side's words must be found in the other's:
//      found = |A₀ ∩ B₁| + |B₀ ∩ A₁|, similarity = found / (|A₀| + |B₀|) ≥ MATCH_MIN_SIMILARITY. (A plain Jaccard index of the
//      two sets fails the common case of one long segment in one part and the same words split in the other.)
//    Such a pair gives `found` votes to label(b) → label(a). Then, the strongest first (ties: labels in order of first
//    appearance), each label of part k+1 takes the label of part k it has the most votes for that is still free: two labels
//    of one part are never the same person (one-to-one), and a person already named by a reference (rule 1) is taken.
// 3. otherwise a new person: no words heard in both parts (silence at the cut, or a voice only in part k+1) never joins
//    two labels, since wrongly merging two people is worse than the user naming one person twice.
// Final labels are SPEAKER_01, SPEAKER_02, … in order of first appearance, like the one-piece path.
//
// DUPLICATES. Part k keeps its segments starting before M, part k+1 its segments starting at or after M, except that a
// segment of part k+1 with a twin in part k follows its twin's start instead of its own: kept whole when the twin starts at
// or after M. Its twin is the segment of part k whose pair with it has the most votes (above), if that one starts within
// TWIN_START_TOLERANCE_SECONDS of it: the other part's copy of the same segment. So when the two parts' clocks differ a
// little around M, the two copies of one segment are never both dropped, nor both kept. And so that the words around M
// are neither lost nor doubled, the segments spanning it are trimmed by their evenly placed words:
// - a part-k segment running past D (the first start of a part-k+1 segment kept whole) keeps only its words before D, and
//   ends at D;
// - a part-k+1 segment not kept whole keeps only its words placed at or after C, and starts at C: C = the latest end of
//   part k's kept segments, at least M, and at least its twin's end (moved by the twins' start difference), at most E
//   (part k heard nothing after E): the words said after part k's audio ended.
// A segment left without words is dropped.

/** The least similarity (see the rules above) of two segments in the overlap that makes them the same words of one voice. */
export const MATCH_MIN_SIMILARITY = 0.5;
/** How far apart the two parts' times of the same words may be (each provider times its own audio). */
export const MATCH_TIME_TOLERANCE_SECONDS = 0.5;
/** Two segments of the same words starting this close are one segment heard by both parts (their clocks differ a little). */
export const TWIN_START_TOLERANCE_SECONDS = 1;
/** Words placed this far outside the shared time still count, since their evenly spread times are estimates. */
export const MATCH_WORD_MARGIN_SECONDS = 1;
/** Segments of each part looked at in one overlap, the earliest (4 s hold a handful; this only bounds a pathological answer). */
const MAX_OVERLAP_SEGMENTS = 50;

export type PlacedPart = { startMs: number; transcript: PartTranscript };
export type MergedTranscript = Pick<TranscriptionResultData, "transcript" | "segments" | "speakers" | "speakerStats">;

type Segment = { label: string; text: string; start: number; end: number; tokens?: string[] };
type Part = { start: number; referencesUsed: boolean; segments: Segment[]; labels: string[] };
/** What the overlap where `part` starts says: votes of its labels for the previous part's, and each segment's twin there. */
type Cut = { start: number; votes: Map<string, Map<string, number>>; twins: Map<Segment, Segment> };

/**
 * The parts' transcripts (times from each part's own start; `startMs` from the recording's start) as one transcript.
 * `references` are the names of the speaker references sent with the later parts (the first part's labels).
 */
export function mergePartTranscripts(parts: PlacedPart[], references: string[]): MergedTranscript {
  const ordered = parts
    .map((part, index) => ({ part, index }))
    .sort((a, b) => a.part.startMs - b.part.startMs || a.index - b.index)
    .map(({ part }) => prepare(part));
  const referenceNames = new Set(references.map(labelOf));
  const cuts = ordered.map((part, k) => (k === 0 ? null : readCut(ordered[k - 1]!, part)));

  // Each part's labels → a person key: "0:label" for the first part's (and the references'), "k:label" for a new one.
  const people: Map<string, string>[] = [];
  ordered.forEach((part, k) => {
    const keys = new Map<string, string>();
    if (k > 0 && part.referencesUsed) for (const label of part.labels) if (referenceNames.has(label)) keys.set(label, `0:${label}`);
    if (k > 0) {
      const previous = ordered[k - 1]!;
      const previousKeys = people[k - 1]!;
      const taken = new Set(keys.values());
      for (const { next, prev } of rankVotes(cuts[k]!.votes, part.labels, previous.labels)) {
        const key = previousKeys.get(prev)!;
        if (keys.has(next) || taken.has(key)) continue;
        keys.set(next, key);
        taken.add(key);
      }
    }
    for (const label of part.labels) if (!keys.has(label)) keys.set(label, `${k}:${label}`);
    people.push(keys);
  });

  // Duplicates at each cut, then one list of segments keyed by person.
  const merged: TranscriptSegment[] = [];
  let previousKept: Segment[] = [];
  ordered.forEach((part, k) => {
    let kept = part.segments;
    if (k > 0) kept = keepAfterCut(kept, cuts[k]!, previousKept);
    const next = ordered[k + 1];
    if (next) kept = keepBeforeCut(kept, next, cuts[k + 1]!);
    const keys = people[k]!;
    for (const segment of kept) merged.push({ speaker: keys.get(segment.label)!, text: segment.text, start: round3(segment.start), end: round3(segment.end) });
    previousKept = kept;
  });

  const segments = normalizeSpeakers(merged).segments.map(({ speaker, text, start, end }) => ({ speaker, text, start, end }));
  return { transcript: transcriptText(segments), segments, speakers: groupBySpeaker(segments), speakerStats: computeSpeakerStats(segments) };
}

/** A part's segments with text, their times filled like the one-piece path's, made absolute and put in time order. */
function prepare({ startMs, transcript }: PlacedPart): Part {
  const start = startMs / 1000;
  const filled = fillSegmentTimes(transcript.segments.filter((segment) => segment.text.trim() !== ""));
  const segments = filled
    .map((segment, index) => ({ index, label: labelOf(segment.speaker), text: segment.text.trim(), start: start + segment.start, end: start + segment.end }))
    .sort((a, b) => a.start - b.start || a.index - b.index)
    .map(({ label, text, start: from, end }) => ({ label, text, start: from, end }));
  const labels = [...new Set(segments.map((segment) => segment.label))];
  return { start, referencesUsed: transcript.referencesUsed, segments, labels };
}

function labelOf(speaker: string | null | undefined): string {
  return speaker?.trim() || DEFAULT_SPEAKER;
}

/** votes.get(label of part k+1).get(label of part k): the words the two labels share in the overlap; twins (see above). */
function readCut(previous: Part, part: Part): Cut {
  const from = part.start;
  const to = part.start + PART_OVERLAP_SECONDS;
  const near = (segment: Segment) => segment.end > from - MATCH_TIME_TOLERANCE_SECONDS && segment.start < to + MATCH_TIME_TOLERANCE_SECONDS;
  const before = previous.segments.filter(near).slice(0, MAX_OVERLAP_SEGMENTS);
  const after = part.segments.filter(near).slice(0, MAX_OVERLAP_SEGMENTS);
  const votes = new Map<string, Map<string, number>>();
  const twins = new Map<Segment, Segment>();
  for (const b of after) {
    let twinFound = 0;
    for (const a of before) {
      const lo = Math.max(a.start, b.start, from);
      const hi = Math.min(a.end, b.end, to);
      if (hi - lo <= -MATCH_TIME_TOLERANCE_SECONDS) continue;
      const spanFrom = Math.min(lo, hi);
      const spanTo = Math.max(lo, hi);
      const insideA = wordSet(a, spanFrom, spanTo);
      const insideB = wordSet(b, spanFrom, spanTo);
      if (insideA.size + insideB.size === 0) continue;
      const nearA = wordSet(a, spanFrom - MATCH_WORD_MARGIN_SECONDS, spanTo + MATCH_WORD_MARGIN_SECONDS);
      const nearB = wordSet(b, spanFrom - MATCH_WORD_MARGIN_SECONDS, spanTo + MATCH_WORD_MARGIN_SECONDS);
      const found = countIn(insideA, nearB) + countIn(insideB, nearA);
      if (found === 0 || found / (insideA.size + insideB.size) < MATCH_MIN_SIMILARITY) continue;
      const forLabel = votes.get(b.label) ?? new Map<string, number>();
      forLabel.set(a.label, (forLabel.get(a.label) ?? 0) + found);
      votes.set(b.label, forLabel);
      if (found > twinFound) {
        twinFound = found;
        if (Math.abs(a.start - b.start) <= TWIN_START_TOLERANCE_SECONDS) twins.set(b, a);
        else twins.delete(b);
      }
    }
  }
  return { start: part.start, votes, twins };
}

/** Every (label of part k+1, label of part k) with votes, the strongest first; ties in the labels' order of appearance. */
function rankVotes(votes: Map<string, Map<string, number>>, labels: string[], previousLabels: string[]): { next: string; prev: string }[] {
  const ranked: { next: string; prev: string; count: number; order: [number, number] }[] = [];
  for (const [next, forLabel] of votes) {
    for (const [prev, count] of forLabel) ranked.push({ next, prev, count, order: [labels.indexOf(next), previousLabels.indexOf(prev)] });
  }
  return ranked.sort((a, b) => b.count - a.count || a.order[0] - b.order[0] || a.order[1] - b.order[1]);
}

function countIn(words: Set<string>, others: Set<string>): number {
  let count = 0;
  for (const word of words) if (others.has(word)) count++;
  return count;
}

/** The lower-cased words (letters and digits) of a segment whose evenly placed times fall in [from, to]. */
function wordSet(segment: Segment, from: number, to: number): Set<string> {
  const words = new Set<string>();
  tokensOf(segment).forEach((token, index, tokens) => {
    const at = wordTime(segment, index, tokens.length);
    if (at < from || at > to) return;
    const word = token.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
    if (word !== "") words.add(word);
  });
  return words;
}

function tokensOf(segment: Segment): string[] {
  return (segment.tokens ??= segment.text.split(/\s+/).filter((token) => token !== ""));
}

function wordTime(segment: Segment, index: number, count: number): number {
  return segment.start + ((index + 0.5) * (segment.end - segment.start)) / count;
}

/** Whether a segment of part k+1 is kept whole at the cut: its twin's start, or its own, is at or after the midpoint. */
function keptWhole(segment: Segment, cut: Cut): boolean {
  return (cut.twins.get(segment)?.start ?? segment.start) >= cut.start + PART_OVERLAP_SECONDS / 2;
}

/** Part k's side of the cut where `next` starts: segments starting before M, the one running past D trimmed to before D. */
function keepBeforeCut(segments: Segment[], next: Part, cut: Cut): Segment[] {
  const midpoint = cut.start + PART_OVERLAP_SECONDS / 2;
  const firstWhole = next.segments.find((segment) => keptWhole(segment, cut))?.start ?? Infinity;
  const kept: Segment[] = [];
  for (const segment of segments) {
    if (segment.start >= midpoint) continue;
    if (segment.end <= firstWhole) kept.push(segment);
    else {
      const trimmed = trim(segment, (at) => at < firstWhole, { end: firstWhole });
      if (trimmed) kept.push(trimmed);
    }
  }
  return kept;
}

/** Part k+1's side of the cut: segments kept whole, the others trimmed to their words from C (see above). */
function keepAfterCut(segments: Segment[], cut: Cut, previousKept: Segment[]): Segment[] {
  const midpoint = cut.start + PART_OVERLAP_SECONDS / 2;
  const overlapEnd = cut.start + PART_OVERLAP_SECONDS;
  const previousEnd = previousKept.reduce((latest, segment) => Math.max(latest, segment.end), midpoint);
  const kept: Segment[] = [];
  for (const segment of segments) {
    if (keptWhole(segment, cut)) {
      kept.push(segment);
      continue;
    }
    const twin = cut.twins.get(segment);
    const from = Math.min(overlapEnd, Math.max(previousEnd, twin ? twin.end + segment.start - twin.start : -Infinity));
    if (segment.end <= from) continue;
    const trimmed = trim(segment, (at) => at >= from, { start: from });
    if (trimmed) kept.push(trimmed);
  }
  return kept;
}

/** The segment with only its words whose evenly placed time passes `keep`, and the new bound; null when none is left. */
function trim(segment: Segment, keep: (at: number) => boolean, bound: { start: number } | { end: number }): Segment | null {
  const tokens = tokensOf(segment).filter((_, index, all) => keep(wordTime(segment, index, all.length)));
  if (tokens.length === 0) return null;
  return { label: segment.label, text: tokens.join(" "), start: segment.start, end: segment.end, ...bound };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
