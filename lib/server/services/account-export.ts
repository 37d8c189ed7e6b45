import "server-only";

import { getDb } from "@/lib/server/db";
import { uploadOwnerOfUser } from "@/lib/server/services/uploads";

// Everything the server holds for one account, as one JSON document (the GDPR's access and portability rights). Every
// query is scoped by the owner. Audio bytes of failed transcriptions are not copied out: the export says whether audio is
// retained and how large it is, and the recording itself stays in the user's browser anyway.

export const EXPORT_FORMAT = "relationship-coach-export";
export const EXPORT_VERSION = 1;

/** Failure markers without their audio: the columns that are safe and useful to show. */
const failureColumns = {
  id: true,
  kind: true,
  error: true,
  attemptCount: true,
  firstFailedAt: true,
  lastFailedAt: true,
  audioMimeType: true,
  language: true,
} as const;

export async function exportAccountData(userId: string, now: Date = new Date()) {
  const db = getDb();
  // One snapshot: a save landing halfway through cannot give an export whose sessions and commitments disagree.
  const [sessions, audioSizes] = await db.$transaction([
    db.session.findMany({
      where: { userId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      // The history card is the database's digest of transcript, analysis and signals, which the export holds whole.
      omit: { card: true },
      include: {
        swipeActions: { orderBy: { cardIndex: "asc" } },
        followUps: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
        failures: { select: failureColumns, orderBy: { kind: "asc" } },
        // Both sides are the caller's own sessions: a commitment always belongs to the owner of its source session.
        commitments: { where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
        reviewedCommitments: { where: { userId, session: { userId } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      },
    }),
    // The size of each retained recording, measured in the database so the bytes never travel to this process.
    db.$queryRaw<{ id: string; bytes: number | bigint }[]>`
      SELECT f."id", octet_length(f."audio") AS "bytes"
      FROM "FailureMarker" f JOIN "Session" s ON s."id" = f."sessionId"
      WHERE s."userId" = ${userId} AND f."audio" IS NOT NULL`,
  ]);

  // Unfinished uploads of recordings sent in parts (issue 14 §2): what they are and how much audio they hold, never the audio.
  const uploads = await db.upload.findMany({
    where: { owner: uploadOwnerOfUser(userId) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, clientId: true, mimeType: true, language: true, createdAt: true, expiresAt: true, plan: true, pieces: { select: { size: true } } },
  });

  const bytesByMarker = new Map(audioSizes.map((row) => [row.id, Number(row.bytes)]));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account: { userId },
    counts: {
      sessions: sessions.length,
      swipeActions: sessions.reduce((sum, session) => sum + session.swipeActions.length, 0),
      followUps: sessions.reduce((sum, session) => sum + session.followUps.length, 0),
      commitments: sessions.reduce((sum, session) => sum + session.commitments.length, 0),
      failureMarkers: sessions.reduce((sum, session) => sum + session.failures.length, 0),
      retainedRecordings: bytesByMarker.size,
    },
    uploads: uploads.map(({ plan, pieces, ...upload }) => ({
      ...upload,
      parts: Array.isArray((plan as { parts?: unknown }).parts) ? (plan as { parts: unknown[] }).parts.length : 0,
      piecesStored: pieces.length,
      audioBytesStored: pieces.reduce((sum, piece) => sum + piece.size, 0),
    })),
    sessions: sessions.map(({ failures, ...session }) => ({
      ...session,
      failures: failures.map((failure) => {
        const bytes = bytesByMarker.get(failure.id);
        return { ...failure, audioRetained: bytes !== undefined, audioBytes: bytes ?? 0 };
      }),
    })),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;
