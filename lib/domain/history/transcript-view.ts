import { parseTranscriptLines } from "../analysis/analyze-request";
import { formatMmSs } from "../format-time";
import { DEFAULT_SPEAKER, fillSegmentTimes } from "../transcription/segments";
import { analysisOf, isRecord, type HistorySession } from "./types";

// The rows of the detail view's "Growth Conversation" card (spec part 2 section 2 "Session detail view"): timed
// segments, else the plain transcript parsed into speaker lines, else the raw text; null means "Transcript unavailable".

export type TranscriptRow = { speaker: string | null; text: string; start: number | null; end: number | null };
export type TranscriptRows = { kind: "segments" | "lines" | "raw"; rows: TranscriptRow[] };

export const TRANSCRIPT_UNAVAILABLE = "Transcript unavailable";

/**
 * Is any line "speaker: text" (an optional "12. " prefix allowed)? Same shape parseTranscriptLines accepts, line by line:
 * the blanks before the label never cross a line break ([^\S\n], not \s), else every line start of a run of blank lines
 * scanned the whole run again (a transcript of 80,000 blank-line characters took 12 s).
 */
const SPEAKER_LINE = /^[^\S\n]*(?:\d+[.)][^\S\n]*)?[^:\n]{1,80}:\s*\S/m;

export function transcriptRows(session: Pick<HistorySession, "analysis" | "transcript">): TranscriptRows | null {
  const segments = readSegments(analysisOf(session)?.transcriptionSegments);
  if (segments.length > 0) {
    return {
      kind: "segments",
      rows: fillSegmentTimes(segments).map(({ speaker, text, start, end }) => ({ speaker: speaker ?? DEFAULT_SPEAKER, text, start, end })),
    };
  }
  const transcript = typeof session.transcript === "string" ? session.transcript.trim() : "";
  if (transcript === "") return null;
  // parseTranscriptLines would label text without any "speaker:" line as SPEAKER_01; such text is shown as it is.
  if (!SPEAKER_LINE.test(transcript)) return { kind: "raw", rows: [{ speaker: null, text: transcript, start: null, end: null }] };
  return { kind: "lines", rows: parseTranscriptLines(transcript).map(({ speaker, text }) => ({ speaker, text, start: null, end: null })) };
}

/** "00:05–00:12" (en dash). */
export function formatRange(start: number, end: number): string {
  return `${formatMmSs(start)}–${formatMmSs(end)}`;
}

/** Speakers in order of first appearance, for the filter badges after "All Speakers". */
export function rowSpeakers(rows: readonly TranscriptRow[]): string[] {
  return [...new Set(rows.map((row) => row.speaker).filter((speaker): speaker is string => speaker !== null))];
}

/** Rows of one speaker; null (the "All Speakers" badge) keeps every row. */
export function filterRows(rows: readonly TranscriptRow[], speaker: string | null): TranscriptRow[] {
  return speaker === null ? [...rows] : rows.filter((row) => row.speaker === speaker);
}

/** Segment-like objects with non-blank text; bad numbers become null so that fillSegmentTimes fills them. */
function readSegments(value: unknown): { speaker: string | null; text: string; start: number | null; end: number | null }[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => isRecord(item) && typeof item.text === "string" && item.text.trim() !== "")
    .map((item) => ({
      speaker: typeof item.speaker === "string" && item.speaker.trim() !== "" ? item.speaker.trim() : null,
      text: (item.text as string).trim(),
      start: typeof item.start === "number" ? item.start : null,
      end: typeof item.end === "number" ? item.end : null,
    }));
}

/**
 * Whether a "transcript" button elsewhere (coach summary, completion header) is offered: a non-blank transcript, or
 * segments together with speaker stats (spec part 2 section 2).
 */
export function hasTranscriptToShow(session: Pick<HistorySession, "analysis" | "transcript">): boolean {
  if (typeof session.transcript === "string" && session.transcript.trim() !== "") return true;
  const analysis = analysisOf(session);
  const stats = analysis?.speakerStats;
  return readSegments(analysis?.transcriptionSegments).length > 0 && isRecord(stats) && Object.keys(stats).length > 0;
}

/**
 * The row said at a time (seconds): the row whose span holds it, else the last row that started before it, else the first.
 * Null for rows without times.
 */
export function rowAtTime(rows: readonly TranscriptRow[], seconds: number): number | null {
  const timed = rows.flatMap((row, index) => (row.start !== null && row.end !== null ? [{ index, start: row.start, end: row.end }] : []));
  if (timed.length === 0 || !Number.isFinite(seconds)) return null;
  const holding = timed.find((row) => row.start <= seconds && seconds < row.end);
  if (holding) return holding.index;
  const before = timed.filter((row) => row.start <= seconds).at(-1);
  return (before ?? timed[0]!).index;
}
