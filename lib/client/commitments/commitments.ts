import { listLocalSessionRecords, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import {
  commitmentDraftSchema,
  pendingCommitments,
  readCommitments,
  sameCommitment,
  withoutRepeats,
  type Commitment,
  type CommitmentDraft,
  type CommitmentOutcome,
} from "@/lib/domain/growth/commitments";

import { apiJson } from "../api/request";
import { movedToThisAccount } from "../sessions/moved-session";
import { SESSION_PATHS, sessionApi, toSessionApiError } from "../sessions/session-api";

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

/**
 * An outcome that could not be recorded anywhere: the guest's session holding the commitment is no longer on this device
 * and did not move into the account this tab is signed in to (another account's now, signed out, or simply gone), or the
 * account answers that it has no such commitment or session.
 */
export class OutcomeNotSavedError extends Error {
  constructor() {
    super("The commitment's session is neither on this device nor in this account.");
    this.name = "OutcomeNotSavedError";
  }
}

/**
 * Kept / partly / not yet, answered in the results of `sessionId`. Rejects when the answer was not kept, so that the
 * dialog takes it back and says so.
 */
export async function answerCommitment(
  sessionId: string,
  commitment: Commitment,
  outcome: CommitmentOutcome,
  { isLocal }: { isLocal: boolean },
): Promise<void> {
  if (!isLocal) return postOutcome(sessionId, commitment.id, outcome);
  if (recordOutcomeOnDevice(commitment, outcome)) return;
  await answerAfterMove(sessionId, commitment, outcome);
}

async function postOutcome(sessionId: string, commitmentId: string, outcome: CommitmentOutcome): Promise<void> {
  try {
    await apiJson("POST", outcomePath(sessionId), { body: { commitmentId, outcome } });
  } catch (error) {
    throw goneWhenNotFound(error);
  }
}

/** The account has no such commitment or session (deleted on another device, say): not a connection to try again. */
function goneWhenNotFound(error: unknown): Error {
  const failure = toSessionApiError(error);
  return failure.isNotFound ? new OutcomeNotSavedError() : failure;
}

/**
 * A guest's answer about a commitment whose session a sign-in in another tab moved into the account meanwhile (its copy
 * here is gone). Signed in to that account here, the answer goes to the account's commitment the way the account's own
 * answers do. The migration stored that commitment anew, under an id of its own: it is found in the account's copy of the
 * session (moved_sessions names it) by its words, which storing keeps unique within a session. Sending the session again
 * through the migration (sendToAccountCopy) would not do: the migration adds only commitments whose words are new, so it
 * would answer "migrated" and leave the outcome behind, the very loss this prevents. The conversation asking, moved with
 * the others, is named by its account id too. Anything else (another account's now, signed out, deleted) rejects.
 */
async function answerAfterMove(sessionId: string, commitment: Commitment, outcome: CommitmentOutcome): Promise<void> {
  const made = movedToThisAccount(commitment.sessionId);
  const asking = movedToThisAccount(sessionId);
  if (!made || !asking) throw new OutcomeNotSavedError();
  const session = await sessionApi.get(made.accountId).catch((error: unknown) => {
    throw goneWhenNotFound(error);
  });
  const stored = readCommitments(session.commitments).find((item) => sameCommitment(item.text, commitment.text));
  if (!stored) throw new OutcomeNotSavedError();
  await postOutcome(asking.accountId, stored.id, outcome);
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

/** False when this device no longer keeps the commitment (its session moved by a sign-in, or deleted). */
function recordOutcomeOnDevice(commitment: Commitment, outcome: CommitmentOutcome): boolean {
  const record = listLocalSessionRecords().find((item) => item.id === commitment.sessionId);
  const known = readCommitments(record?.commitments);
  if (!record || !known.some((item) => item.id === commitment.id)) return false;
  const outcomeAt = new Date().toISOString();
  const commitments = known.map((item) => (item.id === commitment.id ? { ...item, outcome, outcomeAt } : item));
  upsertLocalSessionRecord({ id: record.id, commitments });
  return true;
}
