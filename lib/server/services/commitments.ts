import "server-only";

import { z } from "zod";

import {
  COMMITMENT_OUTCOMES,
  commitmentDraftSchema,
  pendingCommitments,
  withoutRepeats,
  type Commitment,
  type CommitmentDraft,
  type CommitmentOutcome,
} from "@/lib/domain/growth/commitments";
import { dateInRange } from "@/lib/domain/validation/storable-json";
import { getDb, holdLockUntilCommit, type Commitment as CommitmentRow } from "@/lib/server/db";
import { ApiError } from "@/lib/server/http/errors";

import { findOwnedSession } from "./owned-session";

// Follow-through (issue 11): the commitments a growth conversation agreed, and what the couple said about them next time.
// Every query carries the owner.

export function toCommitmentDto(row: CommitmentRow): Commitment {
  return {
    id: row.id,
    sessionId: row.sessionId,
    text: row.text,
    who: row.who,
    byWhen: row.byWhen,
    createdAt: row.createdAt.toISOString(),
    outcome: row.outcome,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
  };
}

const migratedCommitmentSchema = commitmentDraftSchema.extend({
  outcome: z.enum(COMMITMENT_OUTCOMES).nullish(),
  // Within the dates the app accepts (year 0 or 10000 cannot even be stored by PostgreSQL); one outside them is left out, the
  // commitment and its answer kept.
  outcomeAt: z.iso
    .datetime()
    .refine((value) => dateInRange(value) !== null)
    .nullish()
    .catch(null),
});

/** A guest's commitments moving into the account with their session (migration): well-formed ones, answers kept. */
export async function migrateCommitments(userId: string, sessionId: string, raw: unknown): Promise<void> {
  const items = (Array.isArray(raw) ? raw.slice(0, 20) : []).flatMap((item) => {
    const parsed = migratedCommitmentSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  await storeCommitments(userId, sessionId, items);
}

type StoredDraft = CommitmentDraft & { outcome?: CommitmentOutcome | null; outcomeAt?: string | null };

/**
 * Adds a follow-up's commitments to one of the caller's sessions; a commitment already there (same words) is not repeated.
 * The session's lock makes appends racing each other (a retry beside the first attempt) look for repeats one at a time.
 */
export async function storeCommitments(userId: string, sessionId: string, drafts: readonly StoredDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  await getDb().$transaction(async (tx) => {
    await holdLockUntilCommit(tx, `commitments:${sessionId}`);
    const known = await tx.commitment.findMany({ where: { userId, sessionId }, select: { text: true } });
    const fresh = withoutRepeats(
      drafts,
      known.map((item) => item.text),
    );
    if (fresh.length === 0) return;
    await tx.commitment.createMany({
      data: fresh.map((draft) => ({
        userId,
        sessionId,
        text: draft.text,
        who: draft.who,
        byWhen: draft.byWhen,
        outcome: draft.outcome ?? null,
        outcomeAt: draft.outcome && draft.outcomeAt ? new Date(draft.outcomeAt) : null,
      })),
    });
  });
}

/** What the caller's conversation `sessionId` (or a new one, when null) asks about: the latest open commitments of another session. */
export async function pendingCommitmentsForUser(userId: string, sessionId: string | null): Promise<Commitment[]> {
  const rows = await getDb().commitment.findMany({
    where: { userId, outcome: null, ...(sessionId ? { NOT: { sessionId } } : {}) },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return pendingCommitments(rows.map(toCommitmentDto), sessionId);
}

/** GET /api/sessions/{id}/last-commitments: the commitments one of the caller's sessions asks about. */
export async function lastCommitmentsForSession(userId: string, id: string): Promise<{ commitments: Commitment[] }> {
  const session = await findOwnedSession(userId, id);
  return { commitments: await pendingCommitmentsForUser(userId, session.id) };
}

export const commitmentOutcomeBodySchema = z.object({
  commitmentId: z.string().uuid("a commitment needs its id"),
  outcome: z.enum(COMMITMENT_OUTCOMES),
});

export type CommitmentOutcomeBody = z.infer<typeof commitmentOutcomeBodySchema>;

/**
 * POST /api/sessions/{id}/commitment-outcome: "kept / partly / not yet", answered in the results of the caller's session
 * `id` about one of the caller's commitments (404 for anyone else's). Answering again replaces the answer.
 */
export async function recordCommitmentOutcome(userId: string, id: string, body: CommitmentOutcomeBody): Promise<{ commitment: Commitment }> {
  const session = await findOwnedSession(userId, id);
  const db = getDb();
  const { count } = await db.commitment.updateMany({
    where: { id: body.commitmentId, userId, NOT: { sessionId: session.id } },
    data: { outcome: body.outcome, outcomeAt: new Date(), reviewSessionId: session.id },
  });
  if (count === 0) throw new ApiError("not_found", "Commitment not found");
  const row = await db.commitment.findUniqueOrThrow({ where: { id: body.commitmentId } });
  return { commitment: toCommitmentDto(row) };
}
