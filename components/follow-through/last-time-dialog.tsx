"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";

import { ActionDialog } from "@/components/ui/action-dialog";
import { answerCommitment, lastCommitments, OutcomeNotSavedError } from "@/lib/client/commitments/commitments";
import { LocalStorageError } from "@/lib/client/recordings/local-recordings";
import { SESSION_STORAGE_MESSAGES, storageRefusal } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import { COMMITMENT_OUTCOMES, type Commitment, type CommitmentOutcome } from "@/lib/domain/growth/commitments";

import { FOLLOW_THROUGH_TEXTS as T } from "./texts";

/**
 * "Last time you agreed to…" (issue 11 follow-through): when a new conversation's results open, the latest open
 * commitments of an earlier session, each answered kept / partly / not yet. "Ask me later" leaves them open for next time.
 */
export function LastTimeDialog({ sessionId, isLocal }: { sessionId: string; isLocal: boolean }) {
  const { data: commitments = [] } = useQuery({
    queryKey: ["last-commitments", sessionId, isLocal],
    queryFn: () => lastCommitments(sessionId, { isLocal }),
    retry: false,
    staleTime: Infinity,
  });
  const [answers, setAnswers] = useState<Record<string, CommitmentOutcome>>({});
  const [closed, setClosed] = useState(false);
  const allAnswered = commitments.length > 0 && commitments.every((item) => answers[item.id]);
  // One commitment's answers are sent one after another ("Kept", then "Not yet" at once): sent together they could land
  // out of order and leave the first stored. What was last saved is what a failed answer goes back to, and only the
  // newest answer's failure is shown: an older one's is overtaken by the answer after it.
  const sending = useRef(new Map<string, Promise<unknown>>());
  const saved = useRef(new Map<string, CommitmentOutcome>());
  const newest = useRef(new Map<string, number>());

  async function answer(commitment: Commitment, outcome: CommitmentOutcome) {
    const turn = (newest.current.get(commitment.id) ?? 0) + 1;
    newest.current.set(commitment.id, turn);
    setAnswers((current) => ({ ...current, [commitment.id]: outcome }));
    const send = (sending.current.get(commitment.id) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => answerCommitment(sessionId, commitment, outcome, { isLocal }));
    sending.current.set(commitment.id, send);
    try {
      await send;
      saved.current.set(commitment.id, outcome);
    } catch (error) {
      if (newest.current.get(commitment.id) !== turn) return;
      const before = saved.current.get(commitment.id);
      setAnswers((current) => {
        const next = { ...current };
        if (before) next[commitment.id] = before;
        else delete next[commitment.id];
        return next;
      });
      // Done (or Ask me later) may have closed the dialog while this answer was on its way: it opens again, so the answer
      // the toast asks to try again can be given. Not for a commitment moved or deleted, which no answer can reach now.
      const gone = error instanceof OutcomeNotSavedError;
      if (!gone) setClosed(false);
      // A guest's answer is kept in this browser: a full or blocked storage is not a connection to check.
      const description = gone ? T.saveFailedGoneBody : error instanceof LocalStorageError ? SESSION_STORAGE_MESSAGES[storageRefusal(error)] : T.saveFailedBody;
      showToast({ title: T.saveFailedTitle, description, variant: "destructive" });
    }
  }

  return (
    <ActionDialog
      open={commitments.length > 0 && !closed}
      onOpenChange={(open) => setClosed(!open)}
      title={T.title}
      description={T.description}
      actions={[{ label: allAnswered ? T.done : T.later, onSelect: () => setClosed(true), variant: allAnswered ? "primary" : "ghost" }]}
    >
      <ul className="mt-4 flex flex-col gap-4">
        {commitments.map((commitment) => (
          <li key={commitment.id} className="rounded-2xl bg-cream-100 p-4">
            <p className="font-semibold leading-relaxed text-ink">{commitment.text}</p>
            {commitment.who || commitment.byWhen ? (
              <p className="mt-1 text-sm text-ink-soft">{[commitment.who ? T.who(commitment.who) : null, commitment.byWhen].filter(Boolean).join(" · ")}</p>
            ) : null}
            <div role="group" aria-label={T.outcomeGroup(commitment.text)} className="mt-3 grid grid-cols-3 gap-2">
              {COMMITMENT_OUTCOMES.map((outcome) => (
                <button
                  key={outcome}
                  type="button"
                  aria-pressed={answers[commitment.id] === outcome}
                  onClick={() => void answer(commitment, outcome)}
                  className={`min-h-11 rounded-full border px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700 ${
                    answers[commitment.id] === outcome ? "border-deep-teal-700 bg-deep-teal-700 text-white" : "border-deep-teal-100 bg-white text-deep-teal-800"
                  }`}
                >
                  {T.outcomes[outcome]}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </ActionDialog>
  );
}
