import type { CommitmentDraft } from "@/lib/domain/growth/commitments";

// The analysis a session carries (spec part 2, section 3), shared by the server, the browser and the local analyzer.

export const DIMENSIONS = [
  { id: "curiosity", title: "Curiosity" },
  { id: "clarity", title: "Clarity" },
  { id: "emotional", title: "Emotional Connection" },
  { id: "timing", title: "Timing" },
  { id: "respect", title: "Respect & Repair" },
  { id: "appreciation", title: "Appreciation" },
] as const;

export type DimensionId = (typeof DIMENSIONS)[number]["id"];
export type DimensionTitle = (typeof DIMENSIONS)[number]["title"];

export const CARD_COLORS = ["deep-teal", "sunflower", "soft-tangerine", "soft-brown"] as const;
export type CardColor = (typeof CARD_COLORS)[number];

export const CARD_ICONS = [
  "comment",
  "heart",
  "lightbulb",
  "user",
  "users",
  "arrow-right",
  "clock",
  "shield",
  "book",
  "search",
  "bullseye",
  "handshake",
  "sparkles",
] as const;
export type CardIcon = (typeof CARD_ICONS)[number];
export const DEFAULT_CARD_ICON: CardIcon = "comment";

export type InsightCard = {
  /** The dimension's title, e.g. "Curiosity". */
  dimension: string;
  insight: string;
  tips: string[];
  color: CardColor;
  icon: CardIcon;
  /** What was said that the card rests on (short quotes). */
  evidence?: string[];
  /** The same quotes with who said them and when, set by code once each was found in the segments (lib/domain/analysis/evidence.ts). */
  quotes?: EvidenceQuote[];
};

/** A quote found in the transcript: the words, the speaker id and the seconds of the segment(s) holding it. */
export type EvidenceQuote = { text: string; speaker: string; start: number; end: number };

export type MutualGrowthCard = { dimension: string; insight: string; tips: string[]; icon: CardIcon; color: CardColor };

export type SpeakerMetrics = {
  /** Share of talking time, 0–1. */
  talkShare: number;
  talkSeconds: number;
  turns: number;
  words: number;
  questions: number;
  /** Turns this speaker started before the previous speaker's turn ended. */
  interruptions: number;
  longestMonologueSeconds: number;
  iStatements: number;
  youStatements: number;
  absolutes: number;
  appreciations: number;
  repairAttempts: number;
  positiveMarkers: number;
  negativeMarkers: number;
};

export type ConversationMetrics = {
  durationSeconds: number;
  totalTurns: number;
  speakers: Record<string, SpeakerMetrics>;
  /** Positive to negative markers over the whole conversation; null when there are no negative markers. */
  positiveToNegativeRatio: number | null;
  overlaps: number;
};

export type AnalysisSource = "ai" | "offline";

export type SafetyScreen = { concern: boolean; kinds: ("self-harm" | "violence" | "abuse")[] };

export type Analysis = {
  cards: InsightCard[];
  coachResponse: string;
  briefSummary: string;
  recommendations: string[];
  encouragement: string;
  mutualGrowthCard: MutualGrowthCard;
  metrics?: ConversationMetrics;
  /** "offline" when the local analyzer wrote it because no AI provider is configured. */
  source: AnalysisSource;
  promptVersion?: string;
  speakers?: Record<string, unknown>;
  speakerStats?: Record<string, { totalTime: number; wordCount: number; segments: number }>;
  speakerNames?: Record<string, string>;
  transcriptionSegments?: { speaker: string; text: string; start: number; end: number }[];
  followUpTranscripts?: unknown[];
  /** What a growth conversation agreed (issue 11 follow-through): the model's, checked; absent when none were named. */
  commitments?: CommitmentDraft[];
  /** Set by code, never by a model, when the words raise a safety concern: the results open with the safety card. */
  safety?: SafetyScreen;
};

export type SwipeAction = { cardIndex: number; action: "helpful" | "unhelpful"; timestamp: number };

export type SessionSummary = {
  summary: string;
  recommendations: string[];
  encouragement: string;
  reminderDate: number;
  fallback?: boolean;
};
