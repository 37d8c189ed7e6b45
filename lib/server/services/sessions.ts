import "server-only";

import { getDb } from "@/lib/server/db";

export type SessionListItem = {
  id: string;
  clientId: string | null;
  name: string | null;
  mode: "couple" | "solo";
  transcript: string;
  analysis: unknown;
  isCompleted: boolean;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
  followUpCount: number;
  failedTranscription: FailureSummary | null;
  failedAnalysis: FailureSummary | null;
};

type FailureSummary = { error: string; timestamp: string; attemptCount: number };

/** The caller's sessions, newest activity first (latest of update, follow-up or creation). Examples are never stored. */
export async function listSessionsForUser(userId: string): Promise<SessionListItem[]> {
  const rows = await getDb().session.findMany({
    where: { userId, isExample: false },
    orderBy: [{ lastActivityAt: "desc" }, { createdAt: "desc" }],
    include: {
      _count: { select: { followUps: true } },
      failures: { select: { kind: true, error: true, lastFailedAt: true, attemptCount: true } },
    },
    take: 500,
  });

  return rows.map((row) => {
    const failure = (kind: "transcription" | "analysis"): FailureSummary | null => {
      const marker = row.failures.find((item) => item.kind === kind);
      return marker ? { error: marker.error, timestamp: marker.lastFailedAt.toISOString(), attemptCount: marker.attemptCount } : null;
    };
    return {
      id: row.id,
      clientId: row.clientId,
      name: row.name,
      mode: row.mode,
      transcript: row.transcript,
      analysis: row.analysis,
      isCompleted: row.isCompleted,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
      followUpCount: row._count.followUps,
      failedTranscription: failure("transcription"),
      failedAnalysis: failure("analysis"),
    };
  });
}
