import "server-only";

import type { SessionBody } from "@/lib/domain/sessions/session-schema";
import { type Prisma, getDb } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";

import { SESSION_INCLUDE, type SessionDto, toSessionDto } from "./session-dto";

// Every query carries the owner: another user's session is simply not found.

const notFound = () => new ApiError("not_found", "Session not found");
const asJson = (value: unknown) => (value === undefined || value === null ? undefined : (value as Prisma.InputJsonValue));
const toDate = (value: number | string | undefined) => {
  if (value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export async function getSessionForUser(userId: string, id: string): Promise<SessionDto> {
  const row = await getDb().session.findFirst({ where: { userId, OR: [{ id }, { clientId: id }] }, include: SESSION_INCLUDE });
  if (!row) throw notFound();
  return toSessionDto(row);
}

/**
 * Saves a full session. Idempotent: the same body saved twice leaves one session. A browser id ("local-…") creates the
 * session once and finds it again through its clientId; a server id must belong to the caller.
 */
export async function saveSessionForUser(userId: string, id: string, body: SessionBody): Promise<SessionDto> {
  if (body.id !== id) throw new ApiError("bad_request", "Invalid request: id in the body does not match the path");
  const db = getDb();
  const existing = await db.session.findFirst({ where: { userId, OR: [{ id }, { clientId: id }] }, select: { id: true } });
  // A server id the caller does not own, or one that was deleted: never created from a client's say-so.
  if (!existing && isServerId(id)) throw notFound();

  const fields = {
    transcript: body.transcript ?? undefined,
    analysis: asJson(body.analysis),
    name: body.name ?? undefined,
    summary: body.summary ?? undefined,
    recommendations: asJson(body.recommendations),
    encouragement: body.encouragement ?? undefined,
    reminderSet: body.reminderSet,
    reminderDate: body.reminderDate ? new Date(body.reminderDate) : undefined,
    isCompleted: body.isCompleted,
    isExample: body.isExample,
    conversationGuideHeadline: body.conversationGuideHeadline ?? undefined,
    mode: body.mode === "solo" ? ("solo" as const) : body.mode ? ("couple" as const) : undefined,
    speakerNames: asJson(body.speakerNames),
    bufferedTurns: asJson(body.bufferedTurns),
    lastActivityAt: new Date(),
  };

  const sessionId = await db.$transaction(async (tx) => {
    const target = existing
      ? await tx.session.update({ where: { id: existing.id }, data: fields, select: { id: true } })
      : await tx.session.create({
          data: { ...fields, userId, clientId: id, createdAt: toDate(body.createdAt ?? body.timestamp) },
          select: { id: true },
        });
    if (body.swipeActions) await replaceSwipes(tx, target.id, body.swipeActions);
    if (body.followUpTranscripts) await mergeFollowUps(tx, target.id, body.followUpTranscripts);
    return target.id;
  });
  return getSessionForUser(userId, sessionId);
}

/** One vote per card: the list replaces the stored votes card by card. */
export async function saveSwipesForUser(userId: string, id: string, swipeActions: NonNullable<SessionBody["swipeActions"]>): Promise<SessionDto> {
  const db = getDb();
  const session = await db.session.findFirst({ where: { userId, OR: [{ id }, { clientId: id }] }, select: { id: true } });
  if (!session) throw notFound();
  await db.$transaction(async (tx) => {
    await replaceSwipes(tx, session.id, swipeActions);
    await tx.session.update({ where: { id: session.id }, data: { lastActivityAt: new Date() } });
  });
  return getSessionForUser(userId, session.id);
}

export async function recordReminderCtaClick(userId: string, id: string): Promise<{ clicks: number }> {
  const db = getDb();
  const session = await db.session.findFirst({ where: { userId, OR: [{ id }, { clientId: id }] }, select: { id: true } });
  if (!session) throw notFound();
  const updated = await db.session.update({ where: { id: session.id }, data: { reminderCtaClicks: { increment: 1 } }, select: { reminderCtaClicks: true } });
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

/** Follow-ups are added once each: the same transcript text is never stored twice. */
async function mergeFollowUps(tx: Tx, sessionId: string, followUps: NonNullable<SessionBody["followUpTranscripts"]>): Promise<void> {
  const known = new Set((await tx.followUpTranscript.findMany({ where: { sessionId }, select: { transcript: true } })).map((item) => item.transcript));
  for (const followUp of followUps) {
    if (known.has(followUp.transcript) || followUp.transcript.trim() === "") continue;
    known.add(followUp.transcript);
    await tx.followUpTranscript.create({
      data: {
        sessionId,
        transcript: followUp.transcript,
        transcriptionSegments: asJson(followUp.transcriptionSegments),
        speakerNames: asJson(followUp.speakerNames),
        speakerStats: asJson(followUp.speakerStats),
        speakers: asJson(followUp.speakers),
        createdAt: toDate(followUp.createdAt ?? followUp.date),
      },
    });
  }
}

/** Server ids are UUIDs; anything else ("local-…") came from a browser. */
function isServerId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
