import type { Analysis, SwipeAction } from "@/lib/domain/analysis/types";
import type { Commitment } from "@/lib/domain/growth/commitments";

/** A session as the browser works with it: from the server (signed in) or from this device (guest). */
export type ClientSession = {
  id: string;
  isLocal: boolean;
  transcript: string;
  analysis: Analysis;
  swipeActions: SwipeAction[];
  createdAt: string;
  timestamp: number;
  name: string;
  mode: "couple" | "solo";
  speakerNames: Record<string, string>;
  isCompleted: boolean;
  isExample?: boolean;
  summary?: string | null;
  recommendations?: string[] | null;
  encouragement?: string | null;
  reminderDate?: number | null;
  reminderSet?: boolean;
  /** Growth commitments recorded after the deck (spec part 2 section 3 "Follow-up transcript"). */
  followUpTranscripts?: { transcript: string; createdAt?: string; transcriptionSegments?: unknown; speakerNames?: Record<string, string> }[];
  /** What its growth conversations agreed, with the outcomes answered later (issue 11 follow-through). */
  commitments?: Commitment[];
  /** The conversation signals /api/analyze answered (issue 17): kept with the session, on this device for a guest. */
  signals?: unknown;
};
