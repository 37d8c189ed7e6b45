"use client";

import { useId, useState } from "react";

import { CardIconView } from "@/components/deck/card-icons";
import { CoachMarkdown } from "@/components/deck/coach-response";
import { EvidenceQuotes } from "@/components/evidence/evidence-quotes";
import { TranscriptFocusProvider, useOpenTranscriptAt } from "@/components/evidence/transcript-focus";
import { CommitmentList } from "@/components/follow-through/commitment-list";
import { SignalsView } from "@/components/signals/signals-view";
import { Button } from "@/components/ui/button";
import { DisclosureCard } from "@/components/ui/disclosure-card";
import { SectionCard } from "@/components/ui/section-card";
import { readEvidence } from "@/lib/domain/analysis/evidence";
import { cardsOrPlaceholder, visibleTips } from "@/lib/domain/analysis/intake";
import { cleanRecommendations } from "@/lib/domain/analysis/summary";
import type { InsightCard, SpeakerMetrics } from "@/lib/domain/analysis/types";
import { formatMmSs } from "@/lib/domain/format-time";
import { readCommitments } from "@/lib/domain/growth/commitments";
import { markdownToPlainText } from "@/lib/domain/history/markdown-text";
import { conversationOverview, sessionSpeakerStats, speakerPalette, speakerShares } from "@/lib/domain/history/speaker-share";
import { analysisOf, isRecord } from "@/lib/domain/history/types";

import { InsightsReview } from "./insights-review";
import { CardGroup, SpeakerBadge } from "./parts";
import type { SessionDetailSession, Vote } from "./session-detail";
import { SESSION_DETAIL_TEXTS as T } from "./texts";

type NameOf = (speaker: string) => string;

export function SummaryTab({
  session,
  nameOf,
  onVote,
  onRegenerate,
}: {
  session: SessionDetailSession;
  nameOf: NameOf;
  onVote?: (cardIndex: number, action: Vote) => void;
  onRegenerate?: () => void;
}) {
  const analysis = analysisOf(session);
  const coach = typeof analysis?.coachResponse === "string" && analysis.coachResponse.trim() !== "" ? analysis.coachResponse : T.coachResponseDefault;
  const readable = readCards(analysis?.cards);
  const cards = cardsOrPlaceholder(readable.map((entry) => entry.card));
  // The placeholder of a session without cards is not a card a vote could be stored for (as in the deck).
  const canVote = onVote !== undefined && readable.length > 0;
  // A vote made here shows at once; the parent's swipeActions catch up when it saves.
  const [localVotes, setLocalVotes] = useState<Record<number, Vote>>({});
  const [reviewing, setReviewing] = useState(false);
  const openTranscriptAt = useOpenTranscriptAt();
  // Votes are stored by the card's place in the stored analysis; a malformed card left out of the list must not shift them.
  const storedVotes: Record<number, Vote> = { ...votesOf(session.swipeActions), ...localVotes };
  const votes: Record<number, Vote> = {};
  readable.forEach((entry, shownIndex) => {
    const stored = storedVotes[entry.storedIndex];
    if (stored) votes[shownIndex] = stored;
  });
  const overview = conversationOverview(session);
  const shares = speakerShares(sessionSpeakerStats(session));
  const metrics = readMetrics(analysis?.metrics);
  const hintId = useId();
  // One line of a numbered list each: markdown marks dropped, as on the completion screen. A session that has a list (its
  // summary was made) shows it without blanks, or the three defaults when none is left (spec part 2 section 5); one
  // without a list yet shows none.
  const recommendations = Array.isArray(session.recommendations)
    ? cleanRecommendations(session.recommendations).map((item) => markdownToPlainText(item).trim())
    : [];

  const vote = (shownIndex: number, action: Vote) => {
    const cardIndex = readable[shownIndex]?.storedIndex;
    if (cardIndex === undefined) return;
    setLocalVotes((current) => ({ ...current, [cardIndex]: action }));
    onVote?.(cardIndex, action);
  };

  return (
    <div className="flex flex-col gap-6">
      <SectionCard title={T.conversationSummary} headingLevel={3}>
        <CoachMarkdown headingLevel={4} className="mt-3">
          {coach}
        </CoachMarkdown>
      </SectionCard>

      {recommendations.length > 0 ? (
        <SectionCard title={T.focusOn} headingLevel={3}>
          <ol className="mt-3 flex flex-col gap-2">
            {recommendations.map((item, index) => (
              <li key={item} className="flex gap-3 leading-relaxed text-ink">
                <span
                  aria-hidden
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-deep-teal-50 text-sm font-semibold text-deep-teal-800"
                >
                  {index + 1}
                </span>
                <span dir="auto" className="min-w-0 flex-1 wrap-anywhere">
                  {item}
                </span>
              </li>
            ))}
          </ol>
        </SectionCard>
      ) : null}

      <CommitmentList commitments={readCommitments(session.commitments)} />

      <CardGroup title={T.relationshipInsights}>
        <ul className="flex flex-col gap-3">
          {cards.map((card, index) => (
            <li key={index}>
              <InsightItem card={card} vote={votes[index]} onVote={canVote ? (action) => vote(index, action) : undefined} />
            </li>
          ))}
        </ul>
        <Button variant="secondary" className="mt-3 w-full" onClick={() => setReviewing(true)}>
          {T.reviewInsights}
        </Button>
      </CardGroup>
      {reviewing ? (
        // A quote in the review opens the transcript at its line: the review (a screen of its own over the detail) closes
        // for it, or the transcript would open unseen beneath.
        <TranscriptFocusProvider value={openTranscriptAt ? (seconds) => (setReviewing(false), openTranscriptAt(seconds)) : null}>
          <InsightsReview cards={cards} votes={votes} onVote={canVote ? vote : undefined} onClose={() => setReviewing(false)} />
        </TranscriptFocusProvider>
      ) : null}

      <SignalsView signals={session.signals} nameOf={nameOf} />

      <SectionCard title={T.conversationOverview} headingLevel={3}>
        {overview ? (
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Stat label={T.totalDuration} value={formatMmSs(overview.durationSeconds)} />
            <Stat label={T.speakers} value={String(overview.speakerCount)} />
          </dl>
        ) : (
          <p className="mt-3 text-ink-soft">{T.speakerAnalysisUnavailable}</p>
        )}
      </SectionCard>

      {shares.length > 0 ? (
        <SectionCard title={T.speakerBreakdown} headingLevel={3}>
          <ul className="mt-3 flex flex-col gap-4">
            {shares.map((share) => (
              <li key={share.speaker} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <SpeakerBadge speaker={share.speaker} name={nameOf(share.speaker)} />
                  <span className="font-semibold text-ink">{T.shareOfConversation(share.percent)}</span>
                </div>
                <dl className="grid grid-cols-3 gap-2">
                  <Stat label={T.speakingTime} value={formatMmSs(share.speakingTime)} />
                  <Stat label={T.words} value={String(share.words)} />
                  <Stat label={T.turns} value={String(share.turns)} />
                </dl>
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}

      {metrics.length > 0 ? <TalkShareChart metrics={metrics} nameOf={nameOf} /> : null}

      {onRegenerate ? (
        <div className="flex flex-col gap-2">
          <Button variant="secondary" onClick={onRegenerate} aria-describedby={hintId}>
            {T.regenerateRecommendations}
          </Button>
          <p id={hintId} className="text-center text-sm text-ink-soft">
            {T.regenerateHint}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-cream-100 px-3 py-2">
      <dt className="text-xs text-ink-soft">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-ink">{value}</dd>
    </div>
  );
}

function InsightItem({ card, vote, onVote }: { card: InsightCard; vote: Vote | undefined; onVote?: (action: Vote) => void }) {
  const tips = visibleTips(card);
  return (
    <DisclosureCard
      as="article"
      headingLevel={4}
      header={
        <>
          <CardIconView icon={card.icon} className="h-6 w-6 shrink-0 text-deep-teal-700" />
          <span className="flex-1 font-semibold text-ink">{card.dimension}</span>
          {vote ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${vote === "helpful" ? "bg-deep-teal-50 text-deep-teal-800" : "bg-cream-200 text-ink"}`}
            >
              {vote === "helpful" ? T.helpful : T.notHelpful}
            </span>
          ) : null}
        </>
      }
    >
      <p dir="auto" className="leading-relaxed text-ink wrap-anywhere">
        {card.insight}
      </p>
      {tips.length > 0 ? (
        <>
          <h5 className="mt-3 text-sm font-semibold text-ink">{T.tryThis}</h5>
          <ul dir="auto" className="mt-1 list-disc space-y-1 ps-5 text-ink wrap-anywhere">
            {tips.map((tip, index) => (
              <li key={index}>{tip}</li>
            ))}
          </ul>
        </>
      ) : null}
      <EvidenceQuotes card={card} headingLevel={5} />
      {onVote ? (
        <div className="mt-4 grid grid-cols-2 gap-3">
          <Button variant="secondary" aria-pressed={vote === "unhelpful"} onClick={() => onVote("unhelpful")}>
            {T.dismiss}
          </Button>
          <Button aria-pressed={vote === "helpful"} onClick={() => onVote("helpful")}>
            {T.helpful}
          </Button>
        </div>
      ) : null}
    </DisclosureCard>
  );
}

type SpeakerMetricsRow = { speaker: string; metrics: Pick<SpeakerMetrics, "talkShare" | "questions" | "interruptions" | "longestMonologueSeconds"> };

/** Horizontal bars of talk share, with the numbers written beside each bar and a small table under it. */
function TalkShareChart({ metrics, nameOf }: { metrics: SpeakerMetricsRow[]; nameOf: NameOf }) {
  const percentOf = (row: SpeakerMetricsRow) => Math.round(row.metrics.talkShare * 100);
  const summary = T.talkShareChartLabel(metrics.map((row) => `${nameOf(row.speaker)} ${percentOf(row)}%`));
  return (
    <SectionCard title={T.talkShareTitle} headingLevel={3}>
      <p className="mt-1 text-sm text-ink-soft">{T.talkShareIntro}</p>
      <div role="img" aria-label={summary} className="mt-4 flex flex-col gap-3">
        {metrics.map((row) => {
          const name = nameOf(row.speaker);
          const palette = speakerPalette(name);
          const percent = percentOf(row);
          return (
            <div key={row.speaker} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between text-sm">
                <span className="font-semibold text-ink">{name}</span>
                <span className="tabular-nums text-ink">{percent}%</span>
              </div>
              <div className="h-4 w-full overflow-hidden rounded-full bg-cream-100">
                <div className={`h-full rounded-full bg-current ${palette.text}`} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
              </div>
            </div>
          );
        })}
      </div>
      {/* On a 320 px phone the counts' columns leave the names little room: a long name wraps rather than push the table
          out of its card (and, should the table still be wider, it scrolls inside the card, not the page). */}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-ink-soft">
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">{T.speakers}</span>
              </th>
              <th scope="col" className="py-1 font-medium">
                {T.questions}
              </th>
              <th scope="col" className="py-1 font-medium">
                {T.interruptions}
              </th>
              <th scope="col" className="py-1 font-medium">
                {T.longestTurn}
              </th>
            </tr>
          </thead>
          <tbody>
            {metrics.map((row) => (
              <tr key={row.speaker} className="border-t border-cream-200">
                <th scope="row" className="py-1.5 pr-2 font-semibold text-ink wrap-anywhere">
                  {nameOf(row.speaker)}
                </th>
                <td className="py-1.5 tabular-nums text-ink">{row.metrics.questions}</td>
                <td className="py-1.5 tabular-nums text-ink">{row.metrics.interruptions}</td>
                <td className="py-1.5 tabular-nums text-ink">{formatMmSs(row.metrics.longestMonologueSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}

/** The stored cards that can be shown, each with its place in the stored list (the index its votes are stored under). */
function readCards(value: unknown): { card: InsightCard; storedIndex: number }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((card: unknown, storedIndex) =>
    isRecord(card) && typeof card.dimension === "string"
      ? [
          {
            storedIndex,
            card: {
              dimension: card.dimension,
              insight: typeof card.insight === "string" ? card.insight : "",
              tips: Array.isArray(card.tips) ? card.tips.filter((tip): tip is string => typeof tip === "string") : [],
              color: (typeof card.color === "string" ? card.color : "deep-teal") as InsightCard["color"],
              icon: (typeof card.icon === "string" ? card.icon : "comment") as InsightCard["icon"],
              ...readEvidence(card),
            },
          },
        ]
      : [],
  );
}

/** The latest vote per card index. */
function votesOf(actions: SessionDetailSession["swipeActions"]): Record<number, Vote> {
  const votes: Record<number, Vote> = {};
  for (const item of Array.isArray(actions) ? actions : []) {
    if (isRecord(item) && typeof item.cardIndex === "number" && (item.action === "helpful" || item.action === "unhelpful")) votes[item.cardIndex] = item.action;
  }
  return votes;
}

function readMetrics(value: unknown): SpeakerMetricsRow[] {
  if (!isRecord(value) || !isRecord(value.speakers)) return [];
  const num = (input: unknown) => (typeof input === "number" && Number.isFinite(input) && input > 0 ? input : 0);
  return Object.entries(value.speakers)
    .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
    .map(([speaker, entry]) => ({
      speaker,
      metrics: {
        talkShare: Math.min(1, num(entry.talkShare)),
        questions: num(entry.questions),
        interruptions: num(entry.interruptions),
        longestMonologueSeconds: num(entry.longestMonologueSeconds),
      },
    }));
}
