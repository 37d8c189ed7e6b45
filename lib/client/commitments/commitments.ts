import { listLocalSessionRecords, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import {
  commitmentDraftSchema,
  pendingCommitments,
  readCommitments,
  withoutRepeats,
  type Commitment,
  type CommitmentDraft,
  type CommitmentOutcome,
} from "@/lib/domain/growth/commitments";

import { apiJson } from "../api/request";
import { SESSION_PATHS, toSessionApiError } from "../sessions/session-api";

// Follow-through in the browser (issue 11): a signed-in user's commitments live on the server; a guest's in the session
// records kept on this device, as the same objects.

const lastCommitmentsPath = (sessionId: string) => `${SESSION_PATHS.session(sessionId)}/last-commitments`;
const outcomePath = (sessionId: string) => `${SESSION_PATHS.session(sessionId)}/commitment-outcome`;

/** What the results of `sessionId` ask about: the latest open commitments of another session (server or this device). */
export async function lastCommitments(sessionId: string, { isLocal }: { isLocal: boolean }): Promise<Commitment[]> {
  if (isLocal) return pendingCommitments(deviceCommitments(), sessionId);
  try {
    const answer = await apiJson<{ commitments: Commitment[] }>("GET", lastCommitmentsPath(sessionId));
    return readCommitments(answer.commitments);
  } catch (error) {
    throw toSessionApiError(error);
  }
}

/** Kept / partly / not yet, answered in the results of `sessionId`. */
export async function answerCommitment(
  sessionId: string,
  commitment: Commitment,
  outcome: CommitmentOutcome,
  { isLocal }: { isLocal: boolean },
): Promise<void> {
  if (isLocal) {
    recordOutcomeOnDevice(commitment, outcome);
    return;
  }
  try {
    await apiJson("POST", outcomePath(sessionId), { body: { commitmentId: commitment.id, outcome } });
  } catch (error) {
    throw toSessionApiError(error);
  }
}

/** What a guest's analysis is told about last time (the server reads a signed-in user's itself). */
export function previousCommitmentsOnDevice(): CommitmentDraft[] {
  return pendingCommitments(deviceCommitments(), null).map(({ text, who, byWhen }) => ({ text, who, byWhen }));
}

/** A follow-up's commitments as a session on this device keeps them: new ones added, the same words not repeated. */
export function withNewCommitments(sessionId: string, known: readonly Commitment[], drafts: unknown): Commitment[] {
  const createdAt = new Date().toISOString();
  const parsed = (Array.isArray(drafts) ? drafts : []).flatMap((raw) => {
    const draft = commitmentDraftSchema.safeParse(raw);
    return draft.success ? [draft.data] : [];
  });
  // The same rule as the server's storing (lib/domain/growth/commitments.ts): words, not case or punctuation, tell them apart.
  const fresh = withoutRepeats(
    parsed,
    known.map((item) => item.text),
  ).map((draft, index) => ({ ...draft, id: `local-commitment-${Date.now()}-${index}`, sessionId, createdAt, outcome: null, outcomeAt: null }));
  return [...known, ...fresh];
}

/** Every commitment kept on this device. */
export function deviceCommitments(): Commitment[] {
  return listLocalSessionRecords().flatMap((record) => readCommitments(record.commitments));
}

function recordOutcomeOnDevice(commitment: Commitment, outcome: CommitmentOutcome): void {
  const record = listLocalSessionRecords().find((item) => item.id === commitment.sessionId);
  if (!record) return;
  const outcomeAt = new Date().toISOString();
  const commitments = readCommitments(record.commitments).map((item) => (item.id === commitment.id ? { ...item, outcome, outcomeAt } : item));
  upsertLocalSessionRecord({ id: record.id, commitments });
}
