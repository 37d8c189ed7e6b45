"use client";

import { useId, useState, type ReactNode } from "react";

/**
 * A white card whose heading is a button that shows or hides the body below it (aria-expanded / aria-controls), with a
 * chevron that turns when open. `header` is what the button shows; the body stays mounted while hidden.
 */
export function DisclosureCard({
  header,
  headingLevel = 3,
  as: Wrapper = "section",
  defaultOpen = false,
  children,
}: {
  header: ReactNode;
  headingLevel?: 3 | 4;
  /** "article" for one of a list of like items (insight cards), "section" otherwise. */
  as?: "section" | "article";
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <Wrapper className="rounded-card bg-white shadow-card">
      <Heading className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-12 w-full items-center gap-3 rounded-card px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700"
        >
          <span className="flex min-w-0 flex-1 items-center gap-3">{header}</span>
          <Chevron open={open} />
        </button>
      </Heading>
      <div id={bodyId} hidden={!open} className="border-t border-cream-200 px-4 pb-4 pt-3">
        {children}
      </div>
    </Wrapper>
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
