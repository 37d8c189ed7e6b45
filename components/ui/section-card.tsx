import { useId, type ReactNode } from "react";

const LEVELS = {
  2: { Heading: "h2", padding: "p-6", heading: "font-serif text-2xl font-semibold text-ink" },
  3: { Heading: "h3", padding: "p-5", heading: "font-serif text-xl font-semibold text-ink" },
} as const;

/**
 * The app's white card with a serif heading, a region named by that heading (aria-labelledby). The heading is the first
 * child; the children follow it and bring their own top margin.
 */
export function SectionCard({
  title,
  id,
  headingLevel = 2,
  className = "",
  focusableHeading = false,
  children,
}: {
  title: ReactNode;
  /** The heading's id (for links or tests); one is made when omitted. */
  id?: string;
  /** h2 for a screen's cards, h3 for cards under a screen or dialog heading; the smaller level is also a little tighter. */
  headingLevel?: 2 | 3;
  className?: string;
  /** The heading can take focus from a script (tabIndex -1): a flow that brings the user here puts the keyboard here. */
  focusableHeading?: boolean;
  children?: ReactNode;
}) {
  const generatedId = useId();
  const headingId = id ?? generatedId;
  const { Heading, padding, heading } = LEVELS[headingLevel];
  return (
    <section aria-labelledby={headingId} className={`rounded-card bg-white shadow-card ${padding} ${className}`}>
      <Heading id={headingId} tabIndex={focusableHeading ? -1 : undefined} className={heading}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
