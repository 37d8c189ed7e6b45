import { z } from "zod";

import { commitmentTally, readCommitments } from "../growth/commitments";
import type { SignalsTrendPoint } from "../signals/record";
import { conversationSignalsSchema } from "../signals/signals";
import { historyCounts } from "./history-item";
import { preview } from "./history-order";
import { topicTitle } from "./topic-title";
import type { HistorySession } from "./types";

// GET /api/sessions (issue 14): one page of the account's history, newest activity first, with what a history card and
// the signals trend show and nothing more. Opening a session loads the rest (GET /api/sessions/{id}).

export const SESSION_LIST_LIMITS = {
  /** What a page holds when the caller does not say: two of the history's pages of five. */
  defaultPage: 10,
  maxPage: 50,
  /** The start of the transcript the server reads for a card's topic when the analysis has no brief summary. */
  transcriptHeadChars: 4_000,
  /** What the 120-character preview is made from: plenty for markdown marks and speaker labels to be dropped. */
  previewSourceChars: 1_000,
} as const;

/** The query: `cursor` from the previous page's nextCursor, `limit` 1-50. Other parameters (cache busters) are ignored. */
export const sessionListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SESSION_LIST_LIMITS.maxPage).default(SESSION_LIST_LIMITS.defaultPage),
});

const failureSchema = z.object({ error: z.string(), timestamp: z.string(), attemptCount: z.number() });
const count = z.number().int().nonnegative();

/** What the signals trend plots for one session (see trendPointOf). */
export const signalsTrendPointSchema: z.ZodType<SignalsTrendPoint> = z.object({
  ratio: z.number().nullable(),
  repairsAccepted: count,
  repairsMade: count,
  bidsToward: count,
  bidsMade: count,
});

export const sessionListItemSchema = z.object({
  id: z.string().min(1),
  /** The browser's id before migration: lets the history recognise a local copy of this session. */
  clientId: z.string().nullable(),
  name: z.string().nullable(),
  mode: z.enum(["couple", "solo"]),
  isCompleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The list's sort key: latest of update, follow-up or creation. */
  lastActivityAt: z.string(),
  title: z.string(),
  preview: z.string(),
  insightCount: count,
  followUpCount: count,
  /** "k of n commitments kept"; null when the session made none. */
  commitmentTally: z.object({ kept: count, total: count }).nullable(),
  signalsTrend: signalsTrendPointSchema.nullable(),
  failedTranscription: failureSchema.nullable(),
  failedAnalysis: failureSchema.nullable(),
});

export const sessionListPageSchema = z.object({
  sessions: z.array(sessionListItemSchema),
  /** Where the next page starts; null on the last one. */
  nextCursor: z.string().nullable(),
  /** How many sessions the account has in all: on the first page only (no cursor). */
  total: count.optional(),
});

export type SessionListItem = z.infer<typeof sessionListItemSchema>;
export type SessionListPage = z.infer<typeof sessionListPageSchema>;

/** The parts of a stored session a card's title and preview are made from, as the list query reads them. */
export type CardSource = {
  transcriptHead: string;
  briefSummary: string | null;
  /** Text of the analysis segments, read only when the transcript is blank. */
  segmentsText: string | null;
  speakerNames: unknown;
  analysisSpeakerNames: unknown;
};

/** A card's title and preview, by the same rules as a full session's (topicTitle, preview). */
export function cardText(source: CardSource): { title: string; preview: string } {
  const analysis = {
    briefSummary: source.briefSummary ?? undefined,
    speakerNames: source.analysisSpeakerNames ?? undefined,
    transcriptionSegments: source.segmentsText ? [{ text: source.segmentsText }] : undefined,
  };
  const session = { transcript: source.transcriptHead, analysis, speakerNames: isNames(source.speakerNames) ? source.speakerNames : null };
  // The preview's text work (markdown, names) runs over its own short start: it costs per character, on every page.
  const previewSource = { ...session, transcript: source.transcriptHead.slice(0, SESSION_LIST_LIMITS.previewSourceChars) };
  return { title: topicTitle(session), preview: preview(previewSource) };
}

function isNames(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The parts of a stored signals record the trend needs, checked as the full record would be (an old version shows none). */
const trendPartsSchema = conversationSignalsSchema.pick({ version: true, labelled: true, ratio: true, repairs: true, bids: true });

/** The trend point of a session from those parts alone: the same numbers trendPointOf gives for the whole record. */
export function trendPointOfParts(parts: unknown): SignalsTrendPoint | null {
  const parsed = trendPartsSchema.safeParse(parts);
  if (!parsed.success) return null;
  const { labelled, ratio, repairs, bids } = parsed.data;
  if (!labelled || !ratio || !repairs || !bids) return null;
  const sum = <T>(perSpeaker: Record<string, T>, pick: (value: T) => number) => Object.values(perSpeaker).reduce((total, value) => total + pick(value), 0);
  return {
    ratio: ratio.value,
    repairsAccepted: sum(repairs, (item) => item.accepted),
    repairsMade: sum(repairs, (item) => item.made),
    bidsToward: sum(bids, (item) => item.toward),
    bidsMade: sum(bids, (item) => item.made),
  };
}

// ---- The history's card, from either kind of entry ----

/** What an account list item brings ready-made; this device's full sessions have none of it and are read as before. */
export type ListedCard = Partial<Pick<SessionListItem, "title" | "preview" | "insightCount" | "followUpCount" | "commitmentTally">>;

export type HistoryCard = { title: string; preview: string; insights: number; followUps: number; tally: { kept: number; total: number } | null };

/** Title, preview, "{n} insights", "{n} follow-ups" and "k of n kept" of a history card. */
export function historyCard(entry: HistorySession & ListedCard): HistoryCard {
  const counts = historyCounts(entry);
  return {
    title: entry.title ?? topicTitle(entry),
    preview: entry.preview ?? preview(entry),
    insights: entry.insightCount ?? counts.insights,
    followUps: counts.followUps,
    tally: entry.commitmentTally !== undefined ? entry.commitmentTally : commitmentTally(readCommitments(entry.commitments)),
  };
}
