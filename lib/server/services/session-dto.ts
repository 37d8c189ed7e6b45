import "server-only";

import type { Commitment, FailureMarker, FollowUpTranscript, Prisma, Session, SwipeAction } from "@/lib/server/db";

import { toCommitmentDto } from "./commitments";

type FailureColumns = Pick<FailureMarker, "kind" | "error" | "lastFailedAt" | "attemptCount">;
type Row = Session & { swipeActions: SwipeAction[]; followUps: FollowUpTranscript[]; failures: FailureColumns[]; commitments: Commitment[] };

export const SESSION_INCLUDE = {
  swipeActions: { orderBy: { cardIndex: "asc" } },
  followUps: { orderBy: { createdAt: "asc" } },
  // Not the audio a failure keeps for its retry (megabytes), which never leaves the server: only what the browser is told.
  failures: { select: { kind: true, error: true, lastFailedAt: true, attemptCount: true } },
  commitments: { orderBy: { createdAt: "asc" } },
} as const;

/** A document for a Json column; null and undefined leave the column as it is. */
export const jsonColumn = (value: unknown) => (value === undefined || value === null ? undefined : (value as Prisma.InputJsonValue));

export type FailureSummary = { error: string; timestamp: string; attemptCount: number };

/** A session's failed transcription or analysis awaiting a retry, as the browser sees it. */
export function failureSummary(failures: FailureColumns[], kind: FailureMarker["kind"]): FailureSummary | undefined {
  const marker = failures.find((item) => item.kind === kind);
  return marker ? { error: marker.error, timestamp: marker.lastFailedAt.toISOString(), attemptCount: marker.attemptCount } : undefined;
}

/** A stored session in the shape the browser works with (spec part 2, section 3). Audio never leaves the server. */
export function toSessionDto(row: Row) {
  const followUpTranscripts = row.followUps.map((followUp) => ({
    transcript: followUp.transcript,
    createdAt: followUp.createdAt.toISOString(),
    transcriptionSegments: followUp.transcriptionSegments ?? undefined,
    speakerNames: followUp.speakerNames ?? undefined,
    speakerStats: followUp.speakerStats ?? undefined,
    speakers: followUp.speakers ?? undefined,
  }));
  return {
    id: row.id,
    /** The browser's id before migration: lets the history recognise a local copy of this session. */
    clientId: row.clientId,
    transcript: row.transcript,
    analysis: row.analysis,
    /** The conversation signals with their checked labels (issue 17); null before they existed or when none were computed. */
    signals: row.signals ?? null,
    swipeActions: row.swipeActions.map((swipe) => ({ cardIndex: swipe.cardIndex, action: swipe.action, timestamp: swipe.votedAt.getTime() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    timestamp: row.createdAt.getTime(),
    isCompleted: row.isCompleted,
    isExample: row.isExample,
    isLocal: false,
    name: row.name,
    summary: row.summary,
    recommendations: row.recommendations,
    encouragement: row.encouragement,
    reminderSet: row.reminderSet,
    reminderDate: row.reminderDate?.getTime() ?? null,
    followUpTranscripts,
    /** What its growth conversations agreed, with the outcome answered later (issue 11 follow-through). */
    commitments: row.commitments.map(toCommitmentDto),
    conversationGuideHeadline: row.conversationGuideHeadline,
    mode: row.mode,
    speakerNames: row.speakerNames,
    bufferedTurns: row.bufferedTurns ?? [],
    failedTranscription: failureSummary(row.failures, "transcription"),
    failedAnalysis: failureSummary(row.failures, "analysis"),
  };
}

export type SessionDto = ReturnType<typeof toSessionDto>;
