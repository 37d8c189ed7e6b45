"use client";

import { useId, type ReactNode } from "react";

import { DisclosureCard } from "@/components/ui/disclosure-card";
import { speakerPalette } from "@/lib/domain/history/speaker-share";

/** A titled card whose header button shows or hides its body: the transcript and each follow-up. */
export function CollapsibleCard({
  title,
  subtitle,
  defaultOpen = false,
  headingLevel = 3,
  children,
}: {
  title: string;
  subtitle?: string;
  defaultOpen?: boolean;
  headingLevel?: 3 | 4;
  children: ReactNode;
}) {
  return (
    <DisclosureCard
      defaultOpen={defaultOpen}
      headingLevel={headingLevel}
      header={
        <span className="flex flex-col">
          <span className="font-serif text-lg font-semibold text-ink">{title}</span>
          {subtitle ? <span className="text-sm text-ink-soft">{subtitle}</span> : null}
        </span>
      }
    >
      {children}
    </DisclosureCard>
  );
}

/** A heading over a list of cards (insight cards, growth commitments): a region, but no card of its own. */
export function CardGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-serif text-xl font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A speaker's name on the colours the spec's palette hash gives that name. */
export function SpeakerBadge({ speaker, name }: { speaker: string; name: string }) {
  const palette = speakerPalette(name || speaker);
  return (
    <span
      dir="auto"
      className={`inline-flex max-w-full items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold wrap-anywhere ${palette.bg} ${palette.text} ${palette.border}`}
    >
      {name}
    </span>
  );
}
