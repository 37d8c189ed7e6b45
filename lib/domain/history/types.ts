// The loose shape history and detail screens read. Sessions come from the server (SessionDto), from this device
// (local_sessions, older app versions) or from migration, so every field but id is optional and read defensively.

export type DateInput = string | number | Date | null | undefined;

export type HistorySession = {
  id: string;
  /** Id the browser used before the session reached the server (server sessions only). */
  clientId?: string | null;
  transcript?: string | null;
  /** Usually an Analysis; unknown because old local copies may hold anything. */
  analysis?: unknown;
  createdAt?: DateInput;
  updatedAt?: DateInput;
  /** A copy kept on this device: its last write (every save, vote, summary), which stands for the update date it lacks. */
  changedAt?: DateInput;
  /** The account list's sort key (latest of update, follow-up or creation, kept by the server). */
  lastActivityAt?: DateInput;
  timestamp?: DateInput;
  isExample?: boolean | null;
  isLocal?: boolean | null;
  followUpTranscripts?: unknown;
  followUpTranscript?: string | null;
  /** The names the user gave, by speaker id (SPEAKER_01 → "Ana"); older sessions keep them in the analysis. */
  speakerNames?: Record<string, string> | null;
  failedTranscription?: unknown;
  failedAnalysis?: unknown;
  /** Growth Commitments with their outcomes (issue 11 follow-through); read defensively. */
  commitments?: unknown;
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The analysis as a plain object, or null when missing or malformed. */
export function analysisOf(session: { analysis?: unknown }): Record<string, unknown> | null {
  return isRecord(session.analysis) ? session.analysis : null;
}

/**
 * Epoch ms from an ISO string, a Date, epoch ms, or a string of digits (old local copies stored Date.now() as text).
 * Anything unparsable is null so that one bad field never poisons a sort.
 */
export function toEpoch(value: DateInput | unknown): number | null {
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.getTime() : null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const trimmed = value.trim();
  const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
