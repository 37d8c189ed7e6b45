import { computeSpeakerStats, type SpeakerStats } from "../transcription/segments";
import { transcriptRows } from "./transcript-view";
import { analysisOf, isRecord, type HistorySession } from "./types";

// The Summary tab's "Conversation Overview" and per-speaker card (spec part 2 sections 2 and 5 "percent share"), and the
// speakers' badge colours (section 9).

export type SpeakerShare = { speaker: string; percent: number; speakingTime: number; words: number; turns: number };
export type ConversationOverview = { durationSeconds: number; speakerCount: number };

export const SPEAKER_ANALYSIS_UNAVAILABLE = "Speaker analysis is not available for this session.";

/**
 * Per speaker, in the order given: percent = round(speaking time / total speaking time × 100). Each share is rounded on
 * its own, as the spec says, so the shares may add up to 99 or 101. All zero when nobody has speaking time.
 */
export function speakerShares(speakerStats: unknown): SpeakerShare[] {
  const stats = readStats(speakerStats);
  const total = stats.reduce((sum, [, entry]) => sum + entry.totalTime, 0);
  return stats.map(([speaker, entry]) => ({
    speaker,
    percent: total > 0 ? Math.round((entry.totalTime / total) * 100) : 0,
    speakingTime: entry.totalTime,
    words: entry.wordCount,
    turns: entry.segments,
  }));
}

/** The analysis' speakerStats, else stats computed from its timed segments, else null. */
export function sessionSpeakerStats(session: Pick<HistorySession, "analysis" | "transcript">): Record<string, SpeakerStats> | null {
  const stored = readStats(analysisOf(session)?.speakerStats);
  if (stored.length > 0) return Object.fromEntries(stored);
  const rows = transcriptRows({ analysis: session.analysis });
  if (rows?.kind !== "segments") return null;
  // Segment rows always carry a speaker and filled times; the fallbacks only satisfy the row type.
  return computeSpeakerStats(rows.rows.map((row) => ({ speaker: row.speaker ?? "", text: row.text, start: row.start ?? 0, end: row.end ?? 0 })));
}

/**
 * Total duration and speaker count, or null ("Speaker analysis is not available for this session."). Duration is the
 * analysis metrics' duration when present, else the last segment's end, else the sum of speaking times.
 */
export function conversationOverview(session: Pick<HistorySession, "analysis" | "transcript">): ConversationOverview | null {
  const stats = sessionSpeakerStats(session);
  if (!stats) return null;
  const analysis = analysisOf(session);
  const metrics = isRecord(analysis?.metrics) ? analysis.metrics : null;
  const rows = transcriptRows({ analysis: session.analysis });
  const lastEnd = rows?.kind === "segments" ? Math.max(...rows.rows.map((row) => row.end ?? 0)) : 0;
  const spoken = Object.values(stats).reduce((sum, entry) => sum + entry.totalTime, 0);
  const fromMetrics = typeof metrics?.durationSeconds === "number" && metrics.durationSeconds > 0 ? metrics.durationSeconds : 0;
  return { durationSeconds: fromMetrics || lastEnd || spoken, speakerCount: Object.keys(stats).length };
}

export type SpeakerPalette = { bg: string; text: string; border: string };

/**
 * Six warm badge palettes. Text on background is at least 4.5:1 (WCAG AA for small text; checked in the test). Class
 * names are written out in full so Tailwind's source scan finds them.
 */
export const SPEAKER_PALETTES: readonly SpeakerPalette[] = [
  { bg: "bg-deep-teal-50", text: "text-deep-teal-800", border: "border-deep-teal-100" },
  { bg: "bg-sunflower-100", text: "text-sunflower-700", border: "border-sunflower-700/30" },
  { bg: "bg-soft-tangerine-100", text: "text-soft-tangerine-700", border: "border-soft-tangerine-700/30" },
  { bg: "bg-soft-brown-100", text: "text-soft-brown-700", border: "border-soft-brown-700/30" },
  { bg: "bg-rose-100", text: "text-rose-800", border: "border-rose-200" },
  { bg: "bg-amber-50", text: "text-amber-900", border: "border-amber-200" },
];

/** The same name always gets the same palette (FNV-1a 32-bit hash of the trimmed name). */
export function speakerPalette(name: string): SpeakerPalette {
  let hash = 0x811c9dc5;
  for (const char of name.trim()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return SPEAKER_PALETTES[hash % SPEAKER_PALETTES.length]!;
}

function readStats(value: unknown): [string, SpeakerStats][] {
  if (!isRecord(value)) return [];
  return Object.entries(value)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([speaker, entry]) => [
      speaker,
      { totalTime: nonNegative(entry.totalTime), wordCount: nonNegative(entry.wordCount), segments: nonNegative(entry.segments) },
    ]);
}

function nonNegative(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
