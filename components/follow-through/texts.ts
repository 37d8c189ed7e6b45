// Texts of the follow-through prompt (issue 11, beyond the spec: ours, calm and plain).

import type { CommitmentOutcome } from "@/lib/domain/growth/commitments";

export const FOLLOW_THROUGH_TEXTS = {
  title: "Last time you agreed to…",
  description: "Did it happen? There is no wrong answer: it helps you both see what works.",
  outcomeGroup: (text: string) => `Did this happen: ${text}`,
  outcomes: { kept: "Kept", partly: "Partly", not_yet: "Not yet" } satisfies Record<CommitmentOutcome, string>,
  who: (who: string) => (who === "both" ? "Both of you" : who),
  later: "Ask me later",
  done: "Done",
  saveFailedTitle: "Your answer was not saved",
  saveFailedBody: "Please check your connection and try again.",
  /** The commitment's session is no longer where this answer could reach it (lib/client/commitments OutcomeNotSavedError). */
  saveFailedGoneBody: "This commitment was moved or deleted, so the answer could not be kept here.",

  // The session detail's list and the history's count.
  commitmentsTitle: "Growth Commitments",
  outcomeBadge: { kept: "Kept", partly: "Partly kept", not_yet: "Not yet" } satisfies Record<CommitmentOutcome, string>,
  notAnswered: "Not answered yet",
  keptCount: (kept: number, total: number) => `${kept} of ${total} ${total === 1 ? "commitment" : "commitments"} kept`,
} as const;
