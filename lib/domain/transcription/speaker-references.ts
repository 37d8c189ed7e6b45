import { MAX_SPEAKER_REFERENCES, SPEAKER_REFERENCE_MAX_SECONDS, SPEAKER_REFERENCE_MIN_SECONDS, type PartSegment } from "./long-recording";
import { DEFAULT_SPEAKER } from "./segments";

// Where to cut each speaker's reference clip from the first part of a long recording (issue 14 §2): the later parts are
// transcribed with these clips as known speakers, so their labels are the first part's.

/** A clip this long is well inside the providers' 2–10 s, whatever the decoder's rounding. */
export const REFERENCE_TARGET_SECONDS = 8;
/** Kept off each edge of a segment (when it is long enough): its timing is approximate, the neighbour's voice may bleed in. */
export const REFERENCE_EDGE_MARGIN_SECONDS = 0.25;
/** The contract's longest speaker name (speakerReferenceSchema): a longer label cannot be sent as a reference. */
const MAX_REFERENCE_NAME_LENGTH = 40;

export type ReferenceWindow = { name: string; start: number; end: number };

/**
 * For each speaker of `segments` (the first part's, times in seconds), in order of first appearance, the window to cut
 * their reference clip from, up to `maxSpeakers` (at most MAX_SPEAKER_REFERENCES) speakers:
 * - only segments with text and finite times where that speaker talks alone count: a segment that overlaps (in time, by
 *   more than zero) any segment of another speaker is never used;
 * - the longest such segment wins (the earliest on a tie); it must last at least SPEAKER_REFERENCE_MIN_SECONDS;
 * - the window starts REFERENCE_EDGE_MARGIN_SECONDS inside it and lasts up to REFERENCE_TARGET_SECONDS, ending at least the
 *   margin before the segment's end (the margins shrink so that a segment of 2 s still gives a 2 s window).
 * A speaker without such a segment gets no window, and the next speaker takes the place. Windows are in the speakers'
 * first-appearance order; `name` is the label as the provider gave it (trimmed), which the later parts are told.
 */
export function pickReferenceWindows(segments: PartSegment[], { maxSpeakers = MAX_SPEAKER_REFERENCES }: { maxSpeakers?: number } = {}): ReferenceWindow[] {
  const limit = Math.max(0, Math.min(MAX_SPEAKER_REFERENCES, Math.floor(maxSpeakers)));
  const timed = segments
    .map((segment, index) => ({ index, name: labelOf(segment.speaker), text: segment.text, start: segment.start, end: segment.end }))
    .filter((segment) => Number.isFinite(segment.start) && Number.isFinite(segment.end) && segment.end >= segment.start && segment.start >= 0);
  const overlapped = overlappedByAnotherSpeaker(timed);

  const best = new Map<string, { start: number; end: number }>();
  const order = new Set<string>();
  for (const segment of timed) {
    order.add(segment.name);
    if (overlapped.has(segment.index) || segment.text.trim() === "" || segment.name.length > MAX_REFERENCE_NAME_LENGTH) continue;
    // Durations to the millisecond: float noise (4116 + 2.6 - 4116) must not pick a later segment over an equal earlier one.
    const duration = round3(segment.end - segment.start);
    if (duration < SPEAKER_REFERENCE_MIN_SECONDS) continue;
    const current = best.get(segment.name);
    if (!current || duration > round3(current.end - current.start)) best.set(segment.name, segment);
  }

  const windows: ReferenceWindow[] = [];
  for (const name of order) {
    if (windows.length >= limit) break;
    const segment = best.get(name);
    if (!segment) continue;
    const margin = Math.min(REFERENCE_EDGE_MARGIN_SECONDS, (segment.end - segment.start - SPEAKER_REFERENCE_MIN_SECONDS) / 2);
    const start = segment.start + margin;
    const end = Math.min(segment.end - margin, start + Math.min(REFERENCE_TARGET_SECONDS, SPEAKER_REFERENCE_MAX_SECONDS));
    windows.push({ name, start: round3(start), end: round3(end) });
  }
  return windows;
}

function labelOf(speaker: string): string {
  return speaker.trim() || DEFAULT_SPEAKER;
}

/** Indexes of the segments that share some time with a segment of another speaker (a sweep over the starts). */
function overlappedByAnotherSpeaker(segments: { index: number; name: string; start: number; end: number }[]): Set<number> {
  const sorted = [...segments].sort((a, b) => a.start - b.start || a.index - b.index);
  const overlapped = new Set<number>();
  let active: typeof sorted = [];
  for (const segment of sorted) {
    active = active.filter((other) => other.end > segment.start);
    for (const other of active) {
      if (other.name !== segment.name && segment.end > segment.start && other.end > other.start) {
        overlapped.add(other.index);
        overlapped.add(segment.index);
      }
    }
    active.push(segment);
  }
  return overlapped;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
