import { z } from "zod";

import { givenName } from "@/lib/domain/speakers/given-name";
import { cutText } from "@/lib/domain/text";

// Follow-through (issue 11): what a couple agreed in a Growth Commitment, kept as data so the next conversation can ask
// whether it happened. The model names the commitments when an AI provider is configured; otherwise (or when it names
// none) they are taken from the follow-up's own words by the rules below.

export const COMMITMENT_OUTCOMES = ["kept", "partly", "not_yet"] as const;
export type CommitmentOutcome = (typeof COMMITMENT_OUTCOMES)[number];

export const COMMITMENT_LIMITS = { perFollowUp: 3, textChars: 200, whoChars: 60, byWhenChars: 60 } as const;

/** What was agreed: in the couple's words, who takes it on ("both" or a name) and when, as said. */
export type CommitmentDraft = { text: string; who: string | null; byWhen: string | null };

/** A commitment as the browser keeps and shows it. */
export type Commitment = CommitmentDraft & {
  id: string;
  sessionId: string;
  createdAt: string;
  outcome: CommitmentOutcome | null;
  outcomeAt: string | null;
};

const clipped = (max: number) => z.string().transform((value) => cutText(value.replace(/\s+/g, " ").trim(), max));

export const commitmentDraftSchema = z.object({
  text: clipped(COMMITMENT_LIMITS.textChars).pipe(z.string().min(3)),
  who: clipped(COMMITMENT_LIMITS.whoChars)
    .nullish()
    .transform((value) => value || null),
  byWhen: clipped(COMMITMENT_LIMITS.byWhenChars)
    .nullish()
    .transform((value) => value || null),
});

/** The model's commitments, repaired: well-formed ones only, at most three, no repeats. */
export function readModelCommitments(raw: unknown): CommitmentDraft[] {
  if (!Array.isArray(raw)) return [];
  const drafts = raw.flatMap((item) => {
    const parsed = commitmentDraftSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return withoutRepeats(drafts).slice(0, COMMITMENT_LIMITS.perFollowUp);
}

// "we will", "we'll", "let's", "I'm going to", "from now on"…: a sentence that says what someone will do.
const PROMISE =
  /\b(?:we(?:'ll| will| are going to|'re going to| agree(?:d)? to| promise to| can try to)|let's|let us|i(?:'ll| will|'m going to| am going to| promise to| can try to)|from now on)\b/i;
const BOTH = /\b(?:we|we'll|we're|let's|let us|us|together)\b/i;
const DAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?";
const WHEN = new RegExp(
  [
    `\\b(?:by|before|on|until) (?:the )?(?:${DAY}|weekend|end of (?:the )?(?:week|month)|next week|tomorrow|tonight)\\b`,
    `\\b(?:every|each) (?:${DAY}|day|morning|evening|night|week|weekend|month|other day)\\b`,
    `\\bonce a (?:day|week|month)\\b`,
    `\\b(?:this|next) (?:${DAY}|week|weekend|month|evening)\\b`,
    `\\b(?:tonight|tomorrow)\\b`,
  ].join("|"),
  "i",
);

export type CommitmentSegment = { speaker: string; text: string };

/** The commitments a follow-up states in its own words: sentences that promise an action, not questions; at most three. */
export function extractCommitments(segments: readonly CommitmentSegment[], speakerNames: Readonly<Record<string, string>> = {}): CommitmentDraft[] {
  const drafts: CommitmentDraft[] = [];
  for (const segment of segments) {
    for (const sentence of sentencesOf(segment.text)) {
      const plain = sentence.replace(/[’‘]/g, "'");
      if (plain.endsWith("?") || !PROMISE.test(plain)) continue;
      const said = sentence.replace(/^(?:(?:ok(?:ay)?|so|and|alright|yes|yeah),?\s+)+/i, "");
      const text = cutText(said, COMMITMENT_LIMITS.textChars);
      if (text.split(/\s+/).length < 3) continue;
      drafts.push({
        text: text.charAt(0).toUpperCase() + text.slice(1),
        who: BOTH.test(plain) ? "both" : givenName(speakerNames, segment.speaker)?.trim() || null,
        byWhen: plain.match(WHEN)?.[0].toLowerCase() ?? null,
      });
    }
  }
  return withoutRepeats(drafts).slice(0, COMMITMENT_LIMITS.perFollowUp);
}

function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((sentence) => sentence.trim()).filter((sentence) => sentence !== "");
}

/** Two commitments are the same when their words are, whatever the case and punctuation. */
function commitmentKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Whether two texts name the same commitment (the rule storing follows): the words, not case or punctuation. */
export function sameCommitment(a: string, b: string): boolean {
  return commitmentKey(a) === commitmentKey(b);
}

/** The drafts whose words are new: not among `knownTexts` and not repeating an earlier draft. */
export function withoutRepeats<T extends { text: string }>(drafts: readonly T[], knownTexts: readonly string[] = []): T[] {
  const seen = new Set(knownTexts.map(commitmentKey));
  return drafts.filter((draft) => {
    const key = commitmentKey(draft.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "2 of 3 kept": counts for the history; null when the session made no commitment. */
export function commitmentTally(commitments: readonly Pick<Commitment, "outcome">[]): { kept: number; total: number } | null {
  if (commitments.length === 0) return null;
  return { kept: commitments.filter((item) => item.outcome === "kept").length, total: commitments.length };
}

/** The commitments the next conversation asks about: the latest session's that have no outcome yet, from other sessions. */
export function pendingCommitments(commitments: readonly Commitment[], currentSessionId: string | null): Commitment[] {
  const open = commitments.filter((item) => item.outcome === null && item.sessionId !== currentSessionId);
  if (open.length === 0) return [];
  const latest = open.reduce((best, item) => (item.createdAt > best.createdAt ? item : best));
  return open.filter((item) => item.sessionId === latest.sessionId).slice(0, COMMITMENT_LIMITS.perFollowUp);
}

/** The local analyzer's way of taking last time's commitments into account: a first recommendation to check in on them. */
export function withLastTimeRecommendation(recommendations: readonly string[], previous: readonly CommitmentDraft[]): string[] {
  if (previous.length === 0) return [...recommendations];
  const agreed = previous.map((item) => `“${item.text.replace(/[.!]+$/, "")}”`).join(" and ");
  return [`Check in together on what you agreed last time: ${agreed}. What helped, and what got in the way?`, ...recommendations].slice(0, 6);
}

/** Commitments read back from storage or an answer: well-formed ones only. */
export function readCommitments(value: unknown): Commitment[] {
  return Array.isArray(value) ? value.filter(isCommitment) : [];
}

function isCommitment(value: unknown): value is Commitment {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === "string" &&
    typeof item.sessionId === "string" &&
    typeof item.text === "string" &&
    typeof item.createdAt === "string" &&
    (item.who === null || typeof item.who === "string") &&
    (item.byWhen === null || typeof item.byWhen === "string") &&
    (item.outcome === null || (COMMITMENT_OUTCOMES as readonly unknown[]).includes(item.outcome))
  );
}
