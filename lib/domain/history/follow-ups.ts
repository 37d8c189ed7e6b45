import { analysisOf, collapseWhitespace, isRecord, toEpoch, type DateInput, type HistorySession } from "./types";

// Follow-up ("Growth Commitment") transcripts of a session (spec part 2 section 5 "follow-up merge"). The server keeps
// them at the session root; older sessions kept them inside the analysis; some keep both, so the same text can appear
// twice and is shown once.

export type FollowUp = {
  transcript: string;
  date?: DateInput;
  createdAt?: DateInput;
  transcriptionSegments?: unknown[];
  speakerNames?: Record<string, string>;
};

export type MergedFollowUps = {
  /** Oldest first ("Growth Commitment 1" is the first one recorded); undated ones last, in the order found. */
  followUps: FollowUp[];
  /** The legacy single followUpTranscript, when non-blank and not already one of followUps. */
  legacyTranscript: string | null;
};

export const UNKNOWN_DATE_LABEL = "Unknown Date";
export const INVALID_DATE_LABEL = "Invalid Date";

export function mergeFollowUps(session: Pick<HistorySession, "followUpTranscripts" | "followUpTranscript" | "analysis">): MergedFollowUps {
  const byText = new Map<string, FollowUp>();
  const candidates = [...asArray(session.followUpTranscripts), ...asArray(analysisOf(session)?.followUpTranscripts)];
  for (const candidate of candidates) {
    if (!isRecord(candidate) || typeof candidate.transcript !== "string") continue;
    const key = collapseWhitespace(candidate.transcript);
    if (key === "") continue;
    const found = byText.get(key);
    // The root copy comes first and wins; a duplicate only fills in a date the first copy lacks.
    if (found) {
      if (followUpEpoch(found) === null && followUpEpoch(candidate as FollowUp) !== null)
        Object.assign(found, { date: candidate.date, createdAt: candidate.createdAt });
      continue;
    }
    byText.set(key, { ...(candidate as FollowUp) });
  }
  const followUps = [...byText.values()]
    .map((followUp, index) => ({ followUp, index, at: followUpEpoch(followUp) }))
    .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.index - b.index)
    .map(({ followUp }) => followUp);

  const legacy = typeof session.followUpTranscript === "string" ? session.followUpTranscript.trim() : "";
  const legacyTranscript = legacy !== "" && !byText.has(collapseWhitespace(legacy)) ? legacy : null;
  return { followUps, legacyTranscript };
}

/** Epoch ms of a follow-up (date, else createdAt), or null when it has none or it is unparsable. */
export function followUpEpoch(followUp: Pick<FollowUp, "date" | "createdAt">): number | null {
  return toEpoch(followUp.date ?? followUp.createdAt);
}

/** "Nov 21, 2026", or "Unknown Date" when the follow-up has no date, or "Invalid Date" when it cannot be read. */
export function followUpDateLabel(followUp: Pick<FollowUp, "date" | "createdAt">): string {
  const raw = followUp.date ?? followUp.createdAt;
  if (raw === undefined || raw === null || raw === "") return UNKNOWN_DATE_LABEL;
  const at = toEpoch(raw);
  return at === null ? INVALID_DATE_LABEL : formatShortDate(at);
}

export function formatShortDate(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
