import "server-only";

import type { Commitment } from "@/lib/domain/growth/commitments";
import { getDb } from "@/lib/server/db";

import { toCommitmentDto } from "./commitments";
import { failureSummary, type FailureSummary } from "./session-dto";

export type SessionListItem = {
  id: string;
  clientId: string | null;
  name: string | null;
  mode: "couple" | "solo";
  transcript: string;
  analysis: unknown;
  /** The conversation signals (issue 17): what the history's trend and a reopened session show. */
  signals: unknown;
  isCompleted: boolean;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
  followUpCount: number;
  /** Its Growth Commitments with their outcomes: the history shows how many were kept. */
  commitments: Commitment[];
  failedTranscription: FailureSummary | null;
  failedAnalysis: FailureSummary | null;
};

/** The caller's sessions, newest activity first (latest of update, follow-up or creation). Examples are never stored. */
export async function listSessionsForUser(userId: string): Promise<SessionListItem[]> {
  const rows = await getDb().session.findMany({
    where: { userId, isExample: false },
    orderBy: [{ lastActivityAt: "desc" }, { createdAt: "desc" }],
    include: {
      _count: { select: { followUps: true } },
      commitments: { orderBy: { createdAt: "asc" } },
      failures: { select: { kind: true, error: true, lastFailedAt: true, attemptCount: true } },
    },
    take: 500,
  });

  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    mode: row.mode,
    transcript: row.transcript,
    analysis: row.analysis,
    signals: row.signals ?? null,
    isCompleted: row.isCompleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    followUpCount: row._count.followUps,
    commitments: row.commitments.map(toCommitmentDto),
    failedTranscription: failureSummary(row.failures, "transcription") ?? null,
    failedAnalysis: failureSummary(row.failures, "analysis") ?? null,
  }));
}
