import "server-only";

import { getDb, Prisma } from "@/lib/server/db";
import { counterKeysOfUser } from "@/lib/server/security/rate-limit";
import { uploadOwnerOfUser } from "@/lib/server/services/uploads";

// Everything the server holds for one account, as one JSON document (the GDPR's access and portability rights). Every
// query is scoped by the owner. Audio bytes of failed transcriptions are not copied out: the export says whether audio is
// retained and how large it is, and the recording itself stays in the user's browser anyway.
//
// The document is written as a stream, sessions a page at a time: an account of thousands of long sessions is tens of
// megabytes, and the server holds one page of it at once, never the whole (nor its string twice over). Its counts come
// last, from what was written.

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

/** Sessions read from the database at a time, each with its votes, follow-ups, failures and commitments. */
export const EXPORT_PAGE_SIZE = 50;

const encoder = new TextEncoder();

/**
 * The export as a stream of UTF-8 JSON, indented like JSON.stringify(value, null, 2). Its first part (the account's
 * uploads and counters, and its first page of sessions) is read before it is answered: a database that cannot be
 * reached is then the house's error answer, not a 200 whose file breaks off at once. A failure further on errors the
 * stream (the connection is cut, never ended as if the file were whole), and the document's counts come last: a file
 * without them is not complete.
 */
export async function exportAccountStream(userId: string, now: Date = new Date()): Promise<ReadableStream<Uint8Array>> {
  const pages = documentParts(userId, now);
  let first: IteratorResult<string, void> | null = await pages.next();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        const opening = first;
        first = null;
        if (opening.done) controller.close();
        else controller.enqueue(encoder.encode(opening.value));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

/** The whole export as one value (tests, small accounts): the stream, read and parsed. */
export async function exportAccountData(userId: string, now: Date = new Date()): Promise<AccountExport> {
  return JSON.parse(await new Response(await exportAccountStream(userId, now)).text()) as AccountExport;
}

export type AccountExport = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  account: { userId: string };
  uploads: Awaited<ReturnType<typeof uploadsOf>>;
  usageCounters: Awaited<ReturnType<typeof usageCountersOf>>;
  sessions: SessionPage;
  counts: { sessions: number; swipeActions: number; followUps: number; commitments: number; failureMarkers: number; retainedRecordings: number };
};

async function* documentParts(userId: string, now: Date): AsyncGenerator<string, void, undefined> {
  const field = (name: string, value: unknown) => `  ${JSON.stringify(name)}: ${indented(value, "  ")}`;
  const uploads = await uploadsOf(userId);
  const usageCounters = await usageCountersOf(userId);
  const firstPage = await sessionPage(userId, null);
  const opening = `{\n${field("format", EXPORT_FORMAT)},\n${field("version", EXPORT_VERSION)},\n${field("exportedAt", now.toISOString())},\n`;
  const lists = `${field("account", { userId })},\n${field("uploads", uploads)},\n${field("usageCounters", usageCounters)},\n  "sessions": [`;
  // One part for the opening and the first page: what is read before the answer is given (exportAccountStream).
  let head: string | null = opening + lists;

  const counts = { sessions: 0, swipeActions: 0, followUps: 0, commitments: 0, failureMarkers: 0, retainedRecordings: 0 };
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: SessionPage = head === null ? await sessionPage(userId, after) : firstPage;
    if (page.length === 0) break;
    const written = page.map((session, index) => `${counts.sessions + index === 0 ? "" : ","}\n    ${indented(session, "    ")}`);
    for (const session of page) {
      counts.sessions += 1;
      counts.swipeActions += session.swipeActions.length;
      counts.followUps += session.followUps.length;
      counts.commitments += session.commitments.length;
      counts.failureMarkers += session.failures.length;
      counts.retainedRecordings += session.failures.filter((failure) => failure.audioRetained).length;
    }
    yield (head ?? "") + written.join("");
    head = null;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < EXPORT_PAGE_SIZE) break;
  }
  yield `${head ?? ""}${counts.sessions === 0 ? "]" : "\n  ]"},\n${field("counts", counts)}\n}\n`;
}

type SessionPage = Awaited<ReturnType<typeof sessionPage>>;

/** JSON.stringify(value, null, 2) for a value written at `indent` inside the document. */
function indented(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}

/** One page of the account's sessions, oldest first, after `after` (keyset paging: a session saved meanwhile is not skipped). */
async function sessionPage(userId: string, after: { createdAt: Date; id: string } | null) {
  const db = getDb();
  const sessions = await db.session.findMany({
    where: { userId, ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: EXPORT_PAGE_SIZE,
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
  });
  const markerIds = sessions.flatMap((session) => session.failures.map((failure) => failure.id));
  // The size of each retained recording, measured in the database so the bytes never travel to this process.
  const audioSizes =
    markerIds.length === 0
      ? []
      : await db.$queryRaw<{ id: string; bytes: number | bigint }[]>`
          SELECT f."id", octet_length(f."audio") AS "bytes"
          FROM "FailureMarker" f JOIN "Session" s ON s."id" = f."sessionId"
          WHERE s."userId" = ${userId} AND f."audio" IS NOT NULL AND f."id" IN (${Prisma.join(markerIds)})`;
  const bytesByMarker = new Map(audioSizes.map((row) => [row.id, Number(row.bytes)]));
  return sessions.map(({ failures, ...session }) => ({
    ...session,
    failures: failures.map((failure) => {
      const bytes = bytesByMarker.get(failure.id);
      return { ...failure, audioRetained: bytes !== undefined, audioBytes: bytes ?? 0 };
    }),
  }));
}

/** Unfinished uploads of recordings sent in parts (issue 14 §2): what they are and how much audio they hold, never the audio. */
async function uploadsOf(userId: string) {
  const uploads = await getDb().upload.findMany({
    where: { owner: uploadOwnerOfUser(userId) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      clientId: true,
      mimeType: true,
      language: true,
      soloMode: true,
      minSpeakers: true,
      maxSpeakers: true,
      followUpOf: true,
      transcribeCalls: true,
      createdAt: true,
      expiresAt: true,
      plan: true,
      pieces: { select: { size: true } },
    },
  });
  return uploads.map(({ plan, pieces, ...upload }) => ({
    ...upload,
    parts: Array.isArray((plan as { parts?: unknown }).parts) ? (plan as { parts: unknown[] }).parts.length : 0,
    piecesStored: pieces.length,
    audioBytesStored: pieces.reduce((sum, piece) => sum + piece.size, 0),
  }));
}

/**
 * The request counters keyed by the account (rate-limit.ts, and quota.ts's sessions deleted today): no content, but they
 * name the account and count what it did when, so they are its data too. A handful of rows: each key keeps its current
 * window, and the retention job removes ended ones.
 */
async function usageCountersOf(userId: string) {
  const rows = await getDb().$queryRaw<{ key: string; windowStart: Date; count: number; expiresAt: Date }[]>`
    SELECT "key", "windowStart", "count", "expiresAt" FROM "RateLimitCounter"
    WHERE ${counterKeysOfUser(userId)}
    ORDER BY "key", "windowStart"`;
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
