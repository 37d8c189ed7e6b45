import { SectionCard } from "@/components/ui/section-card";
import type { Commitment } from "@/lib/domain/growth/commitments";

import { FOLLOW_THROUGH_TEXTS as T } from "./texts";

/** A session's Growth Commitments with what became of them (session detail). */
export function CommitmentList({ commitments }: { commitments: readonly Commitment[] }) {
  if (commitments.length === 0) return null;
  return (
    <SectionCard title={T.commitmentsTitle} headingLevel={3}>
      <ul className="mt-3 flex flex-col gap-3">
        {commitments.map((commitment) => (
          <li key={commitment.id} className="flex flex-col gap-1 rounded-2xl bg-cream-100 px-4 py-3">
            <p className="leading-relaxed text-ink">{commitment.text}</p>
            <div className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
              {commitment.who ? <span>{T.who(commitment.who)}</span> : null}
              {commitment.byWhen ? <span>· {commitment.byWhen}</span> : null}
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  commitment.outcome === "kept" ? "bg-deep-teal-50 text-deep-teal-800" : "bg-white text-ink"
                }`}
              >
                {commitment.outcome ? T.outcomeBadge[commitment.outcome] : T.notAnswered}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
