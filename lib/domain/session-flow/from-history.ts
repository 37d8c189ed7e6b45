import { isDeckComplete } from "@/lib/domain/analysis/summary";
import type { Analysis, SwipeAction } from "@/lib/domain/analysis/types";
import { readCommitments } from "@/lib/domain/growth/commitments";
import { analysisOf, toEpoch, type HistorySession } from "@/lib/domain/history/types";
import { isDeviceSessionId } from "@/lib/domain/session-ids";

import type { ClientSession } from "./client-session";

type StoredSession = HistorySession & {
  name?: string | null;
  isCompleted?: boolean | null;
  swipeActions?: SwipeAction[];
  speakerNames?: Record<string, string> | null;
  summary?: unknown;
  recommendations?: unknown;
  encouragement?: unknown;
  reminderDate?: unknown;
  reminderSet?: unknown;
  mode?: unknown;
  signals?: unknown;
};

/** Spec part 2 section 4: a session is completed when it says so or when every card has a vote. */
export function isCompletedSession(session: StoredSession): boolean {
  const cards = analysisOf(session)?.cards;
  return session.isCompleted === true || (Array.isArray(cards) && cards.length > 0 && isDeckComplete(cards, session.swipeActions ?? []));
}

/** A stored session (the server's or this device's) as the results work with it, marked complete ("Home view states"). */
export function completedSessionFromHistory(session: StoredSession): ClientSession {
  const analysis = (analysisOf(session) ?? { cards: [] }) as unknown as Analysis;
  const createdAt = toEpoch(session.createdAt) ?? toEpoch(session.timestamp) ?? Date.now();
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    id: session.id,
    isLocal: session.isLocal ?? isDeviceSessionId(session.id),
    transcript: text(session.transcript) ?? "",
    analysis,
    swipeActions: session.swipeActions ?? [],
    createdAt: new Date(createdAt).toISOString(),
    timestamp: createdAt,
    name: session.name ?? analysis.briefSummary ?? "",
    mode: session.mode === "solo" ? "solo" : "couple",
    speakerNames: session.speakerNames ?? (analysis as { speakerNames?: Record<string, string> }).speakerNames ?? {},
    isCompleted: true,
    summary: text(session.summary),
    recommendations: Array.isArray(session.recommendations) ? session.recommendations.filter((item): item is string => typeof item === "string") : null,
    encouragement: text(session.encouragement),
    reminderDate: typeof session.reminderDate === "number" ? session.reminderDate : toEpoch(session.reminderDate as string),
    reminderSet: session.reminderSet === true,
    followUpTranscripts: Array.isArray(session.followUpTranscripts) ? (session.followUpTranscripts as ClientSession["followUpTranscripts"]) : undefined,
    signals: session.signals ?? null,
    commitments: readCommitments(session.commitments),
  };
}
