import "server-only";

import { decodeListCursor, encodeListCursor } from "@/lib/domain/history/list-cursor";
import { cardText, SESSION_LIST_LIMITS, trendPointOfParts, type SessionListItem, type SessionListPage } from "@/lib/domain/history/session-list";
import { getDb, Prisma } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";

import { failureSummary } from "./session-dto";

/**
 * What a history card needs besides the session's own small columns: the big columns cut down in the database (so they
 * never reach this process) and the counts of its follow-ups, commitments and failures, in one query for the page.
 */
type CardColumns = {
  id: string;
  transcriptHead: string;
  briefSummary: string | null;
  segmentsText: string | null;
  analysisSpeakerNames: unknown;
  insightCount: number | bigint | null;
  trendParts: unknown;
  followUpCount: number | bigint;
  commitmentsKept: number | bigint;
  commitmentsTotal: number | bigint;
  failures: { kind: "transcription" | "analysis"; error: string; lastFailedAt: string; attemptCount: number }[] | null;
};

/**
 * One page of the caller's sessions, newest activity first (the history's order, spec part 2 section 9), ties broken by id
 * so that paging with the cursor reaches every session exactly once. Examples are never stored. A malformed or forged
 * cursor is a 400. The first page (no cursor) also says how many sessions there are.
 */
export async function listSessionPage(userId: string, { cursor, limit }: { cursor?: string; limit: number }): Promise<SessionListPage> {
  const after = cursor === undefined ? null : decodeListCursor(cursor);
  if (cursor !== undefined && !after) throw new ApiError("bad_request", "cursor: not a cursor this server gave");
  const db = getDb();
  const where: Prisma.SessionWhereInput = {
    userId,
    isExample: false,
    // Served by the (userId, lastActivityAt desc) index; equal instants continue by id.
    ...(after && { OR: [{ lastActivityAt: { lt: after.at } }, { lastActivityAt: after.at, id: { lt: after.id } }] }),
  };
  const [rows, total] = await Promise.all([
    db.session.findMany({
      where,
      orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
      // One more than the page: whether a next page exists, without a count.
      take: limit + 1,
      // Only small columns: transcript, analysis and signals are cut down by cardColumns below, with the counts.
      select: {
        id: true,
        clientId: true,
        name: true,
        mode: true,
        isCompleted: true,
        createdAt: true,
        updatedAt: true,
        lastActivityAt: true,
        speakerNames: true,
      },
    }),
    after ? undefined : db.session.count({ where: { userId, isExample: false } }),
  ]);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const cards = new Map(
    (
      await cardColumns(
        userId,
        page.map((row) => row.id),
      )
    ).map((row) => [row.id, row]),
  );
  const sessions = page.map((row): SessionListItem => {
    const card = cards.get(row.id);
    const text = cardText({
      transcriptHead: card?.transcriptHead ?? "",
      briefSummary: card?.briefSummary ?? null,
      segmentsText: card?.segmentsText ?? null,
      speakerNames: row.speakerNames,
      analysisSpeakerNames: card?.analysisSpeakerNames ?? null,
    });
    return {
      id: row.id,
      clientId: row.clientId,
      name: row.name,
      mode: row.mode,
      isCompleted: row.isCompleted,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
      title: text.title,
      preview: text.preview,
      insightCount: Number(card?.insightCount ?? 0),
      followUpCount: Number(card?.followUpCount ?? 0),
      commitmentTally: card && Number(card.commitmentsTotal) > 0 ? { kept: Number(card.commitmentsKept), total: Number(card.commitmentsTotal) } : null,
      signalsTrend: trendPointOfParts(card?.trendParts),
      failedTranscription: failureSummary(failuresOf(card), "transcription") ?? null,
      failedAnalysis: failureSummary(failuresOf(card), "analysis") ?? null,
    };
  });
  return {
    sessions,
    nextCursor: rows.length > limit && last ? encodeListCursor({ at: last.lastActivityAt, id: last.id }) : null,
    ...(total !== undefined && { total }),
  };
}

/**
 * The start of each transcript, the analysis's brief summary, card count and speaker names, and the few numbers of the
 * signals the trend plots: extracted by PostgreSQL, so a page moves a few kilobytes instead of whole transcripts and
 * analyses. The segments' text is read only for a session whose transcript is blank (older sessions kept it there).
 */
async function cardColumns(userId: string, ids: string[]): Promise<CardColumns[]> {
  if (ids.length === 0) return [];
  const head = SESSION_LIST_LIMITS.transcriptHeadChars;
  return getDb().$queryRaw<CardColumns[]>`
    SELECT s."id",
      left(s."transcript", ${head}) AS "transcriptHead",
      CASE WHEN jsonb_typeof(s."analysis" -> 'briefSummary') = 'string' THEN s."analysis" ->> 'briefSummary' END AS "briefSummary",
      CASE WHEN btrim(left(s."transcript", ${head})) = '' AND jsonb_typeof(s."analysis" -> 'transcriptionSegments') = 'array' THEN
        left((SELECT string_agg(segment ->> 'text', E'\n') FROM jsonb_array_elements(s."analysis" -> 'transcriptionSegments') AS segment
              WHERE jsonb_typeof(segment) = 'object'), ${head})
      END AS "segmentsText",
      s."analysis" -> 'speakerNames' AS "analysisSpeakerNames",
      CASE WHEN jsonb_typeof(s."analysis" -> 'cards') = 'array' THEN jsonb_array_length(s."analysis" -> 'cards') END AS "insightCount",
      CASE WHEN jsonb_typeof(s."signals") = 'object' THEN jsonb_build_object(
        'version', s."signals" -> 'version', 'labelled', s."signals" -> 'labelled', 'ratio', s."signals" -> 'ratio',
        'repairs', s."signals" -> 'repairs', 'bids', s."signals" -> 'bids') END AS "trendParts",
      (SELECT count(*)::int FROM "FollowUpTranscript" f WHERE f."sessionId" = s."id") AS "followUpCount",
      (SELECT count(*)::int FROM "Commitment" c WHERE c."sessionId" = s."id" AND c."outcome" = 'kept') AS "commitmentsKept",
      (SELECT count(*)::int FROM "Commitment" c WHERE c."sessionId" = s."id") AS "commitmentsTotal",
      (SELECT json_agg(json_build_object('kind', m."kind", 'error', m."error", 'lastFailedAt', to_char(m."lastFailedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'attemptCount', m."attemptCount"))
         FROM "FailureMarker" m WHERE m."sessionId" = s."id") AS "failures"
    FROM "Session" s
    WHERE s."userId" = ${userId} AND s."id" = ANY(${ids})`;
}

/** The failure markers as failureSummary reads them (the time comes as UTC text: the column holds UTC without a zone). */
function failuresOf(card: CardColumns | undefined) {
  return (card?.failures ?? []).map((marker) => ({ ...marker, lastFailedAt: new Date(marker.lastFailedAt) }));
}
