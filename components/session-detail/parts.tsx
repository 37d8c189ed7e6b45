"use client";

import { useId, useState, type ReactNode } from "react";

import { speakerPalette } from "@/lib/domain/history/speaker-share";

/** A card whose header button shows or hides its body (aria-expanded / aria-controls). */
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
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <section className="rounded-card bg-white shadow-card">
      <Heading className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-12 w-full items-center justify-between gap-3 rounded-card px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700"
        >
          <span className="flex flex-col">
            <span className="font-serif text-lg font-semibold text-ink">{title}</span>
            {subtitle ? <span className="text-sm text-ink-soft">{subtitle}</span> : null}
          </span>
          <Chevron open={open} />
        </button>
      </Heading>
      <div id={bodyId} hidden={!open} className="border-t border-cream-200 px-4 pb-4 pt-3">
        {children}
      </div>
    </section>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={`h-5 w-5 shrink-0 text-ink-soft transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

/** A speaker's name on the colours the spec's palette hash gives that name. */
export function SpeakerBadge({ speaker, name }: { speaker: string; name: string }) {
  const palette = speakerPalette(name || speaker);
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold ${palette.bg} ${palette.text} ${palette.border}`}>
      {name}
    </span>
  );
}
