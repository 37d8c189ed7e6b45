"use client";

import { useId } from "react";

import { SectionCard } from "@/components/ui/section-card";
import { formatShortDate } from "@/lib/domain/history/follow-ups";
import { toEpoch, type HistorySession } from "@/lib/domain/history/types";
import { trendPointOf, type SignalsTrendPoint } from "@/lib/domain/signals/record";

import { SIGNALS_TEXTS as T } from "./texts";

/** A full session carries its signals record; an item of the account's list only the point the trend plots. */
type TrendSession = HistorySession & { signals?: unknown; signalsTrend?: SignalsTrendPoint | null };
type Row = { id: string; title: string; point: SignalsTrendPoint };

/**
 * How the ratio, the repairs taken up and the bids turned toward changed across the conversations of the history, oldest
 * first: a small line chart each (inline SVG), with the same numbers as a table for screen readers and anyone who prefers
 * them. Sessions without AI-counted signals are left out; nothing at all until one has them.
 */
export function SignalsTrend({ sessions }: { sessions: readonly TrendSession[] }) {
  // Conversations by number and date, not by title: the history list above already names each one.
  const rows: Row[] = sessions
    .flatMap((session) => {
      const point = session.signalsTrend !== undefined ? session.signalsTrend : trendPointOf(session.signals);
      const at = toEpoch(session.createdAt) ?? toEpoch(session.timestamp);
      return point ? [{ id: session.id, point, at }] : [];
    })
    .sort((a, b) => (a.at ?? 0) - (b.at ?? 0))
    .map((row, index) => ({ ...row, title: T.trendRow(index + 1, row.at === null ? null : formatShortDate(row.at)) }));
  const tableId = useId();
  if (rows.length === 0) return null;

  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return (
    <SectionCard title={T.trendTitle}>
      {rows.length < 2 ? (
        <p className="mt-2 text-sm leading-relaxed text-ink-soft">{T.trendNeedsTwo}</p>
      ) : (
        <>
          <p className="mt-1 text-sm leading-relaxed text-ink-soft">{T.trendIntro}</p>
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Spark
              name={T.trendRatio}
              values={rows.map((row) => row.point.ratio)}
              describe={(index) => T.ratioCell(rows[index]!.point.ratio)}
              tableId={tableId}
            />
            <Spark
              name={T.trendRepairs}
              values={rows.map((row) => share(row.point.repairsAccepted, row.point.repairsMade))}
              describe={(index) => T.shareCell(rows[index]!.point.repairsAccepted, rows[index]!.point.repairsMade)}
              tableId={tableId}
              percent
            />
            <Spark
              name={T.trendBids}
              values={rows.map((row) => share(row.point.bidsToward, row.point.bidsMade))}
              describe={(index) => T.shareCell(rows[index]!.point.bidsToward, rows[index]!.point.bidsMade)}
              tableId={tableId}
              percent
            />
          </div>
        </>
      )}
      <details className="mt-3 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-deep-teal-800">{T.trendTableCaption}</summary>
        <div className="overflow-x-auto">
          <table id={tableId} className="w-full text-left text-ink">
            <caption className="sr-only">{T.trendTableCaption}</caption>
            <thead>
              <tr className="text-xs text-ink-soft">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {T.trendConversation}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {T.trendRatio}
                </th>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {T.trendRepairs}
                </th>
                <th scope="col" className="py-1 font-semibold">
                  {T.trendBids}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-cream-200">
                  <th scope="row" className="py-1 pr-2 font-medium">
                    {row.title}
                  </th>
                  <td className="py-1 pr-2 tabular-nums">{T.ratioCell(row.point.ratio)}</td>
                  <td className="py-1 pr-2 tabular-nums">{T.shareCell(row.point.repairsAccepted, row.point.repairsMade)}</td>
                  <td className="py-1 tabular-nums">{T.shareCell(row.point.bidsToward, row.point.bidsMade)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </SectionCard>
  );
}

const WIDTH = 120;
const HEIGHT = 40;
const PAD = 4;

/**
 * One series as a line with a dot per conversation (a gap where there is no value). Its accessible name lists the values in
 * order, so the chart says what it shows without the table.
 */
function Spark({
  name,
  values,
  describe,
  tableId,
  percent = false,
}: {
  name: string;
  values: (number | null)[];
  describe: (index: number) => string;
  tableId: string;
  percent?: boolean;
}) {
  const known = values.filter((value): value is number => value !== null);
  const top = percent ? 1 : Math.max(1, ...known);
  const x = (index: number) => PAD + (values.length === 1 ? (WIDTH - 2 * PAD) / 2 : (index * (WIDTH - 2 * PAD)) / (values.length - 1));
  const y = (value: number) => HEIGHT - PAD - (value / top) * (HEIGHT - 2 * PAD);
  const points = values.map((value, index) => (value === null ? null : { x: x(index), y: y(value) }));
  const segments: string[] = [];
  let current: string[] = [];
  for (const point of points) {
    if (point) current.push(`${point.x.toFixed(1)},${point.y.toFixed(1)}`);
    else if (current.length > 0) {
      segments.push(current.join(" "));
      current = [];
    }
  }
  if (current.length > 0) segments.push(current.join(" "));
  const label = `${T.chartLabel(name)}: ${values.map((_, index) => describe(index)).join(", ")}`;

  return (
    <figure className="rounded-xl bg-cream-100 p-3">
      <figcaption className="text-xs font-semibold text-ink-soft">{name}</figcaption>
      <svg role="img" aria-label={label} aria-describedby={tableId} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-2 h-12 w-full" preserveAspectRatio="none">
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} className="stroke-cream-200" strokeWidth={1} />
        {segments.map((line) => (
          <polyline key={line} points={line} fill="none" className="stroke-deep-teal-700" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        ))}
        {points.map((point, index) => (point ? <circle key={index} cx={point.x} cy={point.y} r={2.5} className="fill-deep-teal-700" /> : null))}
      </svg>
      <p className="mt-1 text-sm font-semibold tabular-nums text-ink">{describe(values.length - 1)}</p>
    </figure>
  );
}
