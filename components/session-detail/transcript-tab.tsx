"use client";

import { useEffect, useRef, useState } from "react";

import { followUpDateLabel, formatShortDate, mergeFollowUps, type FollowUp } from "@/lib/domain/history/follow-ups";
import { speakerPalette } from "@/lib/domain/history/speaker-share";
import { filterRows, formatRange, rowAtTime, rowSpeakers, transcriptRows, type TranscriptRows } from "@/lib/domain/history/transcript-view";
import { toEpoch } from "@/lib/domain/history/types";

import { CardGroup, CollapsibleCard, SpeakerBadge } from "./parts";
import type { SessionDetailSession, TranscriptFocus } from "./session-detail";
import { SESSION_DETAIL_TEXTS as T } from "./texts";

type NameOf = (speaker: string, extra?: Record<string, string>) => string;

/** The rows of one follow-up: its own timed segments, else its text parsed the same way as the main transcript. */
function followUpRows(followUp: FollowUp): TranscriptRows | null {
  return transcriptRows({ analysis: { transcriptionSegments: followUp.transcriptionSegments }, transcript: followUp.transcript });
}

export function TranscriptTab({ session, nameOf, focus = null }: { session: SessionDetailSession; nameOf: NameOf; focus?: TranscriptFocus | null }) {
  const [speaker, setSpeaker] = useState<string | null>(null);
  const main = transcriptRows(session);
  const focusedRow = focus && main ? rowAtTime(main.rows, focus.seconds) : null;
  // A tapped quote shows every speaker's lines, so the line it points at is never filtered away.
  const [focusRequest, setFocusRequest] = useState(focus?.request);
  if (focus?.request !== focusRequest) {
    setFocusRequest(focus?.request);
    setSpeaker(null);
  }
  const { followUps, legacyTranscript } = mergeFollowUps(session);
  const followUpViews = followUps.map((followUp) => ({ followUp, rows: followUpRows(followUp) }));
  const legacyRows = legacyTranscript ? transcriptRows({ transcript: legacyTranscript }) : null;

  const speakers = [...new Set([main, ...followUpViews.map((view) => view.rows), legacyRows].flatMap((rows) => (rows ? rowSpeakers(rows.rows) : [])))];
  const createdAt = toEpoch(session.createdAt);

  return (
    <div className="flex flex-col gap-5">
      {speakers.length > 0 ? (
        <div role="group" aria-label={T.speakerFilterLabel} className="flex flex-wrap gap-2">
          <FilterBadge label={T.allSpeakers} pressed={speaker === null} onClick={() => setSpeaker(null)} />
          {speakers.map((id) => (
            <FilterBadge
              key={id}
              label={nameOf(id)}
              pressed={speaker === id}
              paletteName={nameOf(id)}
              onClick={() => setSpeaker((current) => (current === id ? null : id))}
            />
          ))}
        </div>
      ) : null}

      <CollapsibleCard title={T.growthConversation} subtitle={createdAt === null ? undefined : formatShortDate(createdAt)} defaultOpen>
        <RowList rows={main} speaker={speaker} nameOf={nameOf} maxHeight="max-h-96" focusedRow={focusedRow} focusRequest={focus?.request} />
      </CollapsibleCard>

      <p className="text-sm font-medium text-ink-soft">{followUps.length > 0 ? T.followUpsFound(followUps.length) : T.followUpsNone}</p>

      {followUps.length > 0 || legacyRows ? (
        <CardGroup title={T.growthCommitmentDiscussions}>
          {followUpViews.map(({ followUp, rows }, index) => (
            <CollapsibleCard key={index} title={T.growthCommitment(index + 1)} subtitle={followUpDateLabel(followUp)} headingLevel={4}>
              <RowList rows={rows} speaker={speaker} nameOf={(id) => nameOf(id, followUp.speakerNames)} maxHeight="max-h-80" />
            </CollapsibleCard>
          ))}
          {legacyRows ? (
            <CollapsibleCard title={T.legacyFollowUpTitle} subtitle={T.legacyFollowUpSubtitle} headingLevel={4}>
              <RowList rows={legacyRows} speaker={speaker} nameOf={nameOf} maxHeight="max-h-80" />
            </CollapsibleCard>
          ) : null}
        </CardGroup>
      ) : null}
    </div>
  );
}

function FilterBadge({ label, pressed, paletteName, onClick }: { label: string; pressed: boolean; paletteName?: string; onClick: () => void }) {
  const palette = paletteName ? speakerPalette(paletteName) : null;
  const colours = palette ? `${palette.bg} ${palette.text} ${palette.border}` : "bg-white text-deep-teal-800 border-deep-teal-100";
  return (
    <button
      type="button"
      dir="auto"
      aria-pressed={pressed}
      onClick={onClick}
      className={`min-h-11 max-w-full rounded-full border px-4 text-sm font-semibold wrap-anywhere focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700 ${colours} ${
        pressed ? "ring-2 ring-deep-teal-700 ring-offset-1" : ""
      }`}
    >
      {label}
    </button>
  );
}

function RowList({
  rows,
  speaker,
  nameOf,
  maxHeight,
  focusedRow = null,
  focusRequest,
}: {
  rows: TranscriptRows | null;
  speaker: string | null;
  nameOf: NameOf;
  maxHeight: string;
  /** Index in `rows.rows` of the line a tapped quote points at. */
  focusedRow?: number | null;
  focusRequest?: number;
}) {
  const focusedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const line = focusedRef.current;
    if (!line) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    line.scrollIntoView?.({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
    line.focus({ preventScroll: true });
  }, [focusedRow, focusRequest]);
  if (!rows) return <p className="text-ink-soft">{T.transcriptUnavailable}</p>;
  if (rows.kind === "raw") {
    // Raw text has no speakers; a speaker filter hides it like any other line of someone else.
    if (speaker !== null) return <p className="text-ink-soft">{T.noLinesForSpeaker}</p>;
    return (
      <div tabIndex={0} dir="auto" className={`${maxHeight} overflow-y-auto whitespace-pre-wrap leading-relaxed text-ink wrap-anywhere`}>
        {rows.rows[0]?.text}
      </div>
    );
  }
  const focusedLine = focusedRow === null ? undefined : rows.rows[focusedRow];
  const visible = filterRows(rows.rows, speaker);
  if (visible.length === 0) return <p className="text-ink-soft">{T.noLinesForSpeaker}</p>;
  return (
    // Focusable so keyboard users can scroll the list.
    <ul tabIndex={0} className={`${maxHeight} flex flex-col gap-3 overflow-y-auto pr-1`} data-testid="transcript-rows">
      {visible.map((row, index) => (
        <li
          key={index}
          ref={row === focusedLine ? focusedRef : undefined}
          tabIndex={row === focusedLine ? -1 : undefined}
          aria-current={row === focusedLine ? "true" : undefined}
          className={`flex flex-col gap-1 rounded-xl outline-none ${row === focusedLine ? "-mx-2 bg-sunflower-100 px-2 py-1 ring-2 ring-sunflower" : ""}`}
        >
          <div className="flex flex-wrap items-center gap-2">
            {row.speaker !== null ? <SpeakerBadge speaker={row.speaker} name={nameOf(row.speaker)} /> : null}
            {row.start !== null && row.end !== null ? <span className="text-xs tabular-nums text-ink-soft">{formatRange(row.start, row.end)}</span> : null}
          </div>
          <p dir="auto" className="leading-relaxed text-ink wrap-anywhere">
            {row.text}
          </p>
        </li>
      ))}
    </ul>
  );
}
