import "server-only";

import { decodeListCursor, encodeListCursor } from "@/lib/domain/history/list-cursor";
import { cardText, trendPointOfParts, type SessionListItem, type SessionListPage } from "@/lib/domain/history/session-list";
import { getDb, Prisma } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";

import { failureSummary } from "./session-dto";

/**
 * One row of a history page: the session's small columns (times as UTC ISO text, as the answer sends them), its card (what
 * the history shows of the big columns, which never reach this process), the counts of its follow-ups, commitments and
 * failures, and, on the first page, how many sessions there are.
 */
type PageRow = {
  id: string;
  clientId: string | null;
  name: string | null;
  mode: SessionListItem["mode"];
  isCompleted: boolean;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
  speakerNames: unknown;
  card: StoredCard | null;
  followUpCount: number | bigint;
  commitmentsKept: number | bigint;
  commitmentsTotal: number | bigint;
  failures: { kind: "transcription" | "analysis"; error: string; lastFailedAt: string; attemptCount: number }[] | null;
  total: number | bigint | null;
};

/** The Session.card column, which the database keeps (prisma/migrations/20261125190000_session_card). */
type StoredCard = {
  transcriptHead: string | null;
  briefSummary: string | null;
  segmentsText: string | null;
  analysisSpeakerNames: unknown;
  insightCount: number | null;
  trendParts: unknown;
};

/**
 * One page of the caller's sessions, newest activity first (the history's order, spec part 2 section 9), ties broken by id
 * so that paging with the cursor reaches every session exactly once. Examples are never stored. A malformed or forged
 * cursor is a 400. The first page (no cursor) also says how many sessions there are. One query, one round trip: under load
 * each extra query cost a page more than the work it did.
 */
export async function listSessionPage(userId: string, { cursor, limit }: { cursor?: string; limit: number }): Promise<SessionListPage> {
  const after = cursor === undefined ? null : decodeListCursor(cursor);
  if (cursor !== undefined && !after) throw new ApiError("bad_request", "cursor: not a cursor this server gave");
  // One more than the page: whether a next page exists, without a count.
  const rows = await pageRows(userId, after, limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const sessions = page.map((row): SessionListItem => {
    const card = row.card;
    const text = cardText({
      transcriptHead: card?.transcriptHead ?? "",
      briefSummary: card?.briefSummary ?? null,
      segmentsText: card?.segmentsText ?? null,
      speakerNames: row.speakerNames,
      analysisSpeakerNames: card?.analysisSpeakerNames ?? null,
    });
    const failures = failuresOf(row);
    return {
      id: row.id,
      clientId: row.clientId,
      name: row.name,
      mode: row.mode,
      isCompleted: row.isCompleted,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      lastActivityAt: row.lastActivityAt,
      title: text.title,
      preview: text.preview,
      insightCount: Number(card?.insightCount ?? 0),
      followUpCount: Number(row.followUpCount),
      commitmentTally: Number(row.commitmentsTotal) > 0 ? { kept: Number(row.commitmentsKept), total: Number(row.commitmentsTotal) } : null,
      signalsTrend: trendPointOfParts(card?.trendParts),
      failedTranscription: failureSummary(failures, "transcription") ?? null,
      failedAnalysis: failureSummary(failures, "analysis") ?? null,
    };
  });
  const total = after ? null : (rows[0]?.total ?? 0);
  return {
    sessions,
    nextCursor: rows.length > limit && last ? encodeListCursor({ at: new Date(last.lastActivityAt), id: last.id }) : null,
    ...(total !== null && { total: Number(total) }),
  };
}

/**
 * The page's rows, served by the (userId, lastActivityAt desc) index; equal instants continue by id. What the card shows
 * of the transcript, analysis and signals comes from the small card column the database keeps, so a page never reads
 * those big documents. Times are stored as UTC without a zone, and travel as ISO text both ways.
 */
function pageRows(userId: string, after: { at: Date; id: string } | null, take: number): Promise<PageRow[]> {
  const iso = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const cursorAt = after && Prisma.sql`(${after.at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const afterCursor = after ? Prisma.sql`AND (s."lastActivityAt" < ${cursorAt} OR (s."lastActivityAt" = ${cursorAt} AND s."id" < ${after.id}))` : Prisma.empty;
  const total = after ? Prisma.sql`NULL::int` : Prisma.sql`(SELECT count(*)::int FROM "Session" t WHERE t."userId" = ${userId} AND NOT t."isExample")`;
  return getDb().$queryRaw<PageRow[]>`
    SELECT s."id", s."clientId", s."name", s."mode"::text AS "mode", s."isCompleted",
      ${iso(Prisma.sql`s."createdAt"`)} AS "createdAt",
      ${iso(Prisma.sql`s."updatedAt"`)} AS "updatedAt",
      ${iso(Prisma.sql`s."lastActivityAt"`)} AS "lastActivityAt",
      s."speakerNames", s."card",
      (SELECT count(*)::int FROM "FollowUpTranscript" f WHERE f."sessionId" = s."id") AS "followUpCount",
      (SELECT count(*)::int FROM "Commitment" c WHERE c."sessionId" = s."id" AND c."outcome" = 'kept') AS "commitmentsKept",
      (SELECT count(*)::int FROM "Commitment" c WHERE c."sessionId" = s."id") AS "commitmentsTotal",
      (SELECT json_agg(json_build_object('kind', m."kind", 'error', m."error", 'lastFailedAt', ${iso(Prisma.sql`m."lastFailedAt"`)}, 'attemptCount', m."attemptCount"))
         FROM "FailureMarker" m WHERE m."sessionId" = s."id") AS "failures",
      ${total} AS "total"
    FROM "Session" s
    WHERE s."userId" = ${userId} AND NOT s."isExample" ${afterCursor}
    ORDER BY s."lastActivityAt" DESC, s."id" DESC
    LIMIT ${take}`;
}

/** The failure markers as failureSummary reads them (the time comes as UTC text: the column holds UTC without a zone). */
function failuresOf(row: PageRow) {
  return (row.failures ?? []).map((marker) => ({ ...marker, lastFailedAt: new Date(marker.lastFailedAt) }));
}
