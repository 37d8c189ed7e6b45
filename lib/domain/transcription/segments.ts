// Transcript segments as the app stores them, and the pure rules that shape a provider's answer into them
// (spec part 1 section 3 "Transcription result", part 2 section 5 "Segment without an end time").

export type TranscriptSegment = { speaker: string; text: string; start: number; end: number };
export type RawSegment = { speaker?: string | null; text: string; start?: number | null; end?: number | null };

export type SpeakerStats = { totalTime: number; wordCount: number; segments: number };

export const DEFAULT_SPEAKER = "SPEAKER_01";
const MIN_SEGMENT_SECONDS = 3;
const SECONDS_PER_WORD = 0.5;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/** "SPEAKER_01", "SPEAKER_02", … */
function speakerId(index: number): string {
  return `SPEAKER_${String(index + 1).padStart(2, "0")}`;
}

/**
 * Whatever the provider calls its speakers ("A", "speaker_0", a name), they become SPEAKER_01, SPEAKER_02, … in order of
 * first appearance. Segments without a speaker get the default speaker.
 */
export function normalizeSpeakers<T extends { speaker?: string | null }>(
  segments: T[],
): { segments: (T & { speaker: string })[]; labelMap: Map<string, string> } {
  const labelMap = new Map<string, string>();
  const normalized = segments.map((segment) => {
    const original = segment.speaker?.trim() || DEFAULT_SPEAKER;
    let id = labelMap.get(original);
    if (!id) {
      id = speakerId(labelMap.size);
      labelMap.set(original, id);
    }
    return { ...segment, speaker: id };
  });
  return { segments: normalized, labelMap };
}

/**
 * A segment without an end ends where the next one starts; the last one lasts max(3 s, 0.5 s per word).
 * Missing starts follow the previous segment's end. Times are clamped so that end >= start.
 */
export function fillSegmentTimes<T extends RawSegment>(segments: T[]): (Omit<T, "start" | "end"> & { start: number; end: number })[] {
  const result: (Omit<T, "start" | "end"> & { start: number; end: number })[] = [];
  let previousEnd = 0;
  segments.forEach((segment, index) => {
    const start = finiteOr(segment.start, previousEnd);
    const next = segments[index + 1];
    const nextStart = next ? finiteOrNull(next.start) : null;
    let end = finiteOrNull(segment.end);
    if (end === null) {
      end = nextStart !== null && nextStart > start ? nextStart : start + Math.max(MIN_SEGMENT_SECONDS, SECONDS_PER_WORD * countWords(segment.text));
    }
    end = Math.max(end, start);
    result.push({ ...segment, start, end });
    previousEnd = end;
  });
  return result;
}

/** Provider output → the app's segments: times filled, speakers normalised, empty text dropped. */
export function toTranscriptSegments(raw: RawSegment[]): TranscriptSegment[] {
  const timed = fillSegmentTimes(raw.filter((segment) => segment.text.trim() !== ""));
  return normalizeSpeakers(timed).segments.map(({ speaker, text, start, end }) => ({ speaker, text: text.trim(), start, end }));
}

/** Map of speaker id to that speaker's segments, in first-appearance order. */
// Speaker ids come from the request ("__proto__" is one a client can send): tallied in a Map, never as keys of a plain
// object, where that id would reach Object.prototype itself.

export function groupBySpeaker(segments: TranscriptSegment[]): Record<string, TranscriptSegment[]> {
  const groups = new Map<string, TranscriptSegment[]>();
  for (const segment of segments) {
    const group = groups.get(segment.speaker);
    if (group) group.push(segment);
    else groups.set(segment.speaker, [segment]);
  }
  return Object.fromEntries(groups);
}

export function computeSpeakerStats(segments: TranscriptSegment[]): Record<string, SpeakerStats> {
  const stats = new Map<string, SpeakerStats>();
  for (const segment of segments) {
    let entry = stats.get(segment.speaker);
    if (!entry) stats.set(segment.speaker, (entry = { totalTime: 0, wordCount: 0, segments: 0 }));
    entry.totalTime = round2(entry.totalTime + Math.max(0, segment.end - segment.start));
    entry.wordCount += countWords(segment.text);
    entry.segments += 1;
  }
  return Object.fromEntries(stats);
}

/** Plain transcript: one "SPEAKER_01: text" line per segment. */
export function transcriptText(segments: TranscriptSegment[]): string {
  return segments.map((segment) => `${segment.speaker}: ${segment.text}`).join("\n");
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return finiteOrNull(value) ?? fallback;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
