import "server-only";

import { z } from "zod";

import { lastActivity } from "@/lib/domain/history/history-order";
import { isServerSessionId } from "@/lib/domain/session-ids";
import { readSignalsRecord } from "@/lib/domain/signals/record";
import { dateInRange, EARLIEST_DATE_MS } from "@/lib/domain/validation/storable-json";
import { getDb, holdLockUntilCommit, type Prisma } from "@/lib/server/db";
import { ApiError, isUniqueViolation } from "@/lib/server/http/errors";
import { withUserWriteTurn } from "@/lib/server/security/in-flight";
import { enforceStoredSessionCap, storedSessionsLock } from "@/lib/server/security/quota";

import { findOwnedSession, ownedSessionWhere, sessionIdSchema, sessionNotFound } from "./owned-session";
import { jsonColumn, SESSION_INCLUDE, toSessionDto, type SessionDto } from "./session-dto";

// A full session as the browser saves it (POST /api/sessions/{id}?skipRegeneration=true, migration), with the spec's
// validity rules (part 2 section 5) and explicit limits. They are checked here, where every session the browser saves
// arrives (a save, or a guest's kept copies at migration, each skipped alone when it breaks them).

export const SESSION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const text = (max: number) => z.string().max(max);
/**
 * A date as epoch ms or an ISO 8601 string of a real calendar day, between 2000 and 2100: anything else is a 400, never an
 * Invalid Date nor another day ("2026-02-30" is not stored as 2 March).
 */
const epochOrIso = z
  .union([z.number().finite(), z.string().max(40)])
  .refine((value) => dateInRange(value) !== null, "must be a real date between 2000 and 2100, as epoch milliseconds or an ISO 8601 date");
const epochMs = z
  .number()
  .finite()
  .refine((value) => dateInRange(value) !== null, "must be a date between 2000 and 2100");

export const followUpSchema = z.object({
  transcript: text(200_000),
  date: epochOrIso.optional(),
  createdAt: epochOrIso.optional(),
  transcriptionSegments: z.array(z.unknown()).max(5_000).optional(),
  speakerNames: z.record(z.string().max(100), z.string().max(80)).optional(),
  speakerStats: z.record(z.string().max(100), z.unknown()).optional(),
  speakers: z.record(z.string().max(100), z.unknown()).optional(),
});

export const swipeActionSchema = z.object({
  cardIndex: z.number().int().min(0).max(50),
  action: z.enum(["helpful", "unhelpful"]),
  timestamp: epochMs.optional(),
});

export const sessionBodySchema = z.object({
  id: sessionIdSchema,
  transcript: text(200_000).optional(),
  analysis: z
    .record(z.string(), z.unknown())
    .refine(
      (analysis) => analysis.followUpTranscripts === undefined || Array.isArray(analysis.followUpTranscripts),
      "analysis.followUpTranscripts must be an array",
    )
    .nullish(),
  swipeActions: z.array(swipeActionSchema).max(50).optional(),
  createdAt: epochOrIso.optional(),
  timestamp: epochMs.optional(),
  isCompleted: z.boolean().optional(),
  isExample: z.boolean().optional(),
  name: text(200).nullish(),
  summary: text(20_000).nullish(),
  recommendations: z.array(text(2_000)).max(20).nullish(),
  encouragement: text(2_000).nullish(),
  reminderSet: z.boolean().optional(),
  reminderDate: epochMs.nullish(),
  followUpTranscripts: z.array(followUpSchema).max(50).optional(),
  followUpTranscript: text(200_000).nullish(),
  conversationGuideHeadline: text(200).nullish(),
  mode: z.enum(["couple", "relationship", "solo"]).optional(),
  speakerNames: z.record(z.string().max(100), z.string().max(80)).nullish(),
  bufferedTurns: z
    .array(z.object({ speakerLabel: text(100), text: text(10_000) }))
    .max(2_000)
    .optional(),
  /** The conversation signals a guest's copy carries (issue 17): kept on migration when they have the current shape. */
  signals: z.unknown().optional(),
});

export type SessionBody = z.infer<typeof sessionBodySchema>;

/** POST /api/sessions/{id}/swipe */
export const swipeBodySchema = z.object({ swipeActions: z.array(swipeActionSchema).max(50) });

const toDate = (value: number | string | undefined) => {
  if (value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export async function getSessionForUser(userId: string, id: string): Promise<SessionDto> {
  return toSessionDto(await findOwnedSession(userId, id, { include: SESSION_INCLUDE }));
}

/**
 * A device's kept copy of the account's session (migration.ts): when it was last changed there, in this server's time, or
 * null when the device could not say. The account's copy, updated after that, is newer and stays as it is.
 */
export type KeptCopy = { changedAt: Date | null };

/**
 * Saves a full session. Idempotent: the same body saved twice leaves one session. A browser id ("local-…") creates the
 * session once and finds it again through its clientId; a server id must belong to the caller. Saves of the same new
 * browser id at the same moment (a retry, two tabs, two devices migrating) meet at the unique (userId, clientId): the one
 * that loses the race to create saves again, now as an update of the winner's row. A device's kept copy (`keptCopy`)
 * updates an existing session only when that did not change after it (updateUnlessNewer).
 */
export async function saveSessionForUser(userId: string, id: string, body: SessionBody, keptCopy?: KeptCopy): Promise<SessionDto> {
  if (body.id !== id) throw new ApiError("bad_request", "Invalid request: id in the body does not match the path");
  // One user's saves take turns in this instance (in-flight.ts): a burst of them holds one pool connection, not the pool.
  const sessionId = await withUserWriteTurn(userId, async () => {
    try {
      return await writeSession(userId, id, body, keptCopy);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return writeSession(userId, id, body, keptCopy);
    }
  });
  return getSessionForUser(userId, sessionId);
}

async function writeSession(userId: string, id: string, body: SessionBody, keptCopy: KeptCopy | undefined): Promise<string> {
  const db = getDb();
  const existing = await db.session.findFirst({ where: ownedSessionWhere(userId, id), select: { id: true } });
  // A server id the caller does not own, or one that was deleted: never created from a client's say-so.
  if (!existing && isServerSessionId(id)) throw sessionNotFound();

  const fields = {
    transcript: body.transcript ?? undefined,
    analysis: jsonColumn(body.analysis),
    name: body.name ?? undefined,
    summary: body.summary ?? undefined,
    recommendations: jsonColumn(body.recommendations),
    encouragement: body.encouragement ?? undefined,
    reminderSet: body.reminderSet,
    reminderDate: body.reminderDate ? new Date(body.reminderDate) : undefined,
    isCompleted: body.isCompleted,
    isExample: body.isExample,
    conversationGuideHeadline: body.conversationGuideHeadline ?? undefined,
    mode: body.mode === "solo" ? ("solo" as const) : body.mode ? ("couple" as const) : undefined,
    speakerNames: jsonColumn(body.speakerNames),
    bufferedTurns: jsonColumn(body.bufferedTurns),
    // Anything but a well-formed record leaves the column as it is.
    signals: jsonColumn(readSignalsRecord(body.signals)),
    lastActivityAt: new Date(),
  };

  // The update comes first: it locks the row until the commit, so concurrent saves of one session merge their votes and
  // follow-ups one after the other, and each sees what the previous one stored.
  return db.$transaction(async (tx) => {
    let targetId = existing?.id;
    if (!targetId) {
      // Saves come with the client's own dates, which the daily cap cannot see: the account's size is bounded here, under
      // the account's lock so that new sessions saved at once are counted one after the other. A save of this same session
      // that held the lock first has made it meanwhile: this save updates it and adds nothing to count.
      await holdLockUntilCommit(tx, storedSessionsLock(userId));
      targetId = (await tx.session.findFirst({ where: ownedSessionWhere(userId, id), select: { id: true } }))?.id;
      if (!targetId) await enforceStoredSessionCap(tx, userId);
    }
    if (!targetId) {
      targetId = (
        await tx.session.create({
          data: {
            ...fields,
            userId,
            clientId: id,
            createdAt: toDate(body.createdAt ?? body.timestamp),
            lastActivityAt: activityOfCopy(body, fields.lastActivityAt),
          },
          select: { id: true },
        })
      ).id;
    } else if (!keptCopy) {
      await tx.session.update({ where: { id: targetId }, data: fields, select: { id: true } });
    } else if (!(await updateUnlessNewer(tx, targetId, keptCopy, fields))) {
      // The account's copy is newer: nothing of the kept one is written, its votes and follow-ups included.
      return targetId;
    }
    if (body.swipeActions) await replaceSwipes(tx, targetId, body.swipeActions);
    if (body.followUpTranscripts) await mergeFollowUps(tx, targetId, body.followUpTranscripts);
    return targetId;
  });
}

/**
 * Updates the account's copy with a device's kept copy unless it was updated after the kept one was last changed (the
 * update's condition, checked under the row's lock, so a change landing meanwhile is not overwritten either); a kept copy
 * of unknown age never replaces it. True when it was updated.
 */
async function updateUnlessNewer(tx: Tx, id: string, keptCopy: KeptCopy, fields: Prisma.SessionUpdateManyMutationInput): Promise<boolean> {
  if (!keptCopy.changedAt) return false;
  const { count } = await tx.session.updateMany({ where: { id, updatedAt: { lte: keptCopy.changedAt } }, data: fields });
  return count > 0;
}

/**
 * The last activity of a session first stored from the browser's copy (a guest's sessions migrated at sign-in, a backup
 * saved later): the latest of its creation and follow-up dates, as the history orders it (spec part 2 section 9), never
 * later than now. Without it, every migrated session read "just now" at the top of the history, whatever its age.
 */
function activityOfCopy(body: SessionBody, now: Date): Date {
  const at = lastActivity({ createdAt: body.createdAt, timestamp: body.timestamp, followUpTranscripts: body.followUpTranscripts, analysis: body.analysis });
  return at >= EARLIEST_DATE_MS && at < now.getTime() ? new Date(at) : now;
}

/** One vote per card: the list replaces the stored votes card by card. */
export async function saveSwipesForUser(userId: string, id: string, swipeActions: NonNullable<SessionBody["swipeActions"]>): Promise<SessionDto> {
  const session = await findOwnedSession(userId, id);
  await getDb().$transaction(async (tx) => {
    // The update first: it locks the row, so concurrent votes on one session are written one after the other.
    await tx.session.update({ where: { id: session.id }, data: { lastActivityAt: new Date() } });
    await replaceSwipes(tx, session.id, swipeActions);
  });
  return getSessionForUser(userId, session.id);
}

export async function recordReminderCtaClick(userId: string, id: string): Promise<{ clicks: number }> {
  const session = await findOwnedSession(userId, id);
  const updated = await getDb().session.update({
    where: { id: session.id },
    data: { reminderCtaClicks: { increment: 1 } },
    select: { reminderCtaClicks: true },
  });
  return { clicks: updated.reminderCtaClicks };
}

type Tx = Prisma.TransactionClient;

async function replaceSwipes(tx: Tx, sessionId: string, swipeActions: NonNullable<SessionBody["swipeActions"]>): Promise<void> {
  // The last vote for a card wins, whatever order the list is in.
  const latest = new Map<number, (typeof swipeActions)[number]>();
  for (const swipe of swipeActions) latest.set(swipe.cardIndex, swipe);
  for (const swipe of latest.values()) {
    const votedAt = swipe.timestamp ? new Date(swipe.timestamp) : new Date();
    await tx.swipeAction.upsert({
      where: { sessionId_cardIndex: { sessionId, cardIndex: swipe.cardIndex } },
      create: { sessionId, cardIndex: swipe.cardIndex, action: swipe.action, votedAt },
      update: { action: swipe.action, votedAt },
    });
  }
}

/**
 * A session's follow-up conversations, at most: far past what a couple records on one session, and a bound on what every
 * read of it loads (the whole session is read for each save, vote and answer, and each follow-up is up to 200,000
 * characters). Past it a save or an append that would add one is refused (422) and the follow-up stays on the device.
 */
export const MAX_FOLLOW_UPS_PER_SESSION = 50;
export const FOLLOW_UPS_FULL_MESSAGE = `This session already holds ${MAX_FOLLOW_UPS_PER_SESSION} follow-up conversations, as many as it can. Please start a new session.`;

/** Follow-ups are added once each: the same transcript text is never stored twice. */
async function mergeFollowUps(tx: Tx, sessionId: string, followUps: NonNullable<SessionBody["followUpTranscripts"]>): Promise<void> {
  const known = new Set((await tx.followUpTranscript.findMany({ where: { sessionId }, select: { transcript: true } })).map((item) => item.transcript));
  const added = new Map<string, (typeof followUps)[number]>();
  for (const followUp of followUps) {
    if (!known.has(followUp.transcript) && followUp.transcript.trim() !== "") added.set(followUp.transcript, added.get(followUp.transcript) ?? followUp);
  }
  if (added.size === 0) return;
  if (known.size + added.size > MAX_FOLLOW_UPS_PER_SESSION) throw new ApiError("unprocessable", FOLLOW_UPS_FULL_MESSAGE);
  for (const followUp of added.values()) await tx.followUpTranscript.create({ data: followUpRow(sessionId, followUp) });
}

/** A follow-up transcript as stored, from the browser's shape (a save, a migration or an append). */
export function followUpRow(sessionId: string, followUp: Omit<z.infer<typeof followUpSchema>, "transcript"> & { transcript: string }) {
  return {
    sessionId,
    transcript: followUp.transcript,
    transcriptionSegments: jsonColumn(followUp.transcriptionSegments),
    speakerNames: jsonColumn(followUp.speakerNames),
    speakerStats: jsonColumn(followUp.speakerStats),
    speakers: jsonColumn(followUp.speakers),
    createdAt: toDate(followUp.createdAt ?? followUp.date),
  };
}
