import Link from "next/link";
import type { ReactNode } from "react";

import { LEGAL_TEXTS as T } from "./texts";

// Shared reading layout of the legal pages (/privacy-policy, /terms-of-service): a calm header with the two ways back to the
// app, one h1, the last-updated line and a narrow, comfortable column for the text. Server component.

// The day is the UTC day: the page is rendered on the server, whose own time zone would otherwise decide the date (a
// server in Auckland and one in Los Angeles showed different days for the same moment).
const lastUpdatedFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "November 22, 2026" (the UTC day). */
export function formatLastUpdated(date: Date): string {
  return lastUpdatedFormat.format(date);
}

/** "2026-11-22", the same UTC day as formatLastUpdated. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type LegalPageProps = {
  title: string;
  children: ReactNode;
  /** The date shown as "Last updated"; the pages are rendered per request, so it defaults to today. */
  lastUpdated?: Date;
};

export function LegalPage({ title, children, lastUpdated = new Date() }: LegalPageProps) {
  return (
    <div className="min-h-dvh bg-cream-50 text-ink">
      <header className="sticky top-0 z-10 border-b border-cream-200 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/80">
        <nav aria-label={T.navLabel} className="mx-auto flex w-full max-w-[42rem] items-center justify-between gap-3 px-4 py-3">
          <Link
            href="/"
            aria-label={T.back}
            className="-ml-2 inline-flex size-11 items-center justify-center rounded-full text-deep-teal-700 transition-colors hover:bg-deep-teal-50"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M19 12H5" />
              <path d="m12 19-7-7 7-7" />
            </svg>
          </Link>
          <Link
            href="/"
            className="inline-flex min-h-11 items-center rounded-full bg-deep-teal px-5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-deep-teal-700"
          >
            {T.backToApp}
          </Link>
        </nav>
      </header>

      <main className="mx-auto w-full max-w-[42rem] px-5 pb-20 pt-8 sm:px-6 sm:pt-12">
        <h1 className="font-serif text-3xl font-semibold leading-tight tracking-tight text-deep-teal-800 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-ink-soft">
          {T.lastUpdated} <time dateTime={isoDay(lastUpdated)}>{formatLastUpdated(lastUpdated)}</time>
        </p>
        <div className="mt-8 space-y-10 text-base leading-7 sm:text-[1.0625rem] sm:leading-8">{children}</div>
      </main>
    </div>
  );
}

type LegalSectionProps = { id: string; title: string; children: ReactNode };

/** One section of a legal text: an h2 and its paragraphs, linkable by id. */
export function LegalSection({ id, title, children }: LegalSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <h2 id={headingId} className="font-serif text-xl font-semibold leading-snug text-deep-teal-700 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

/** A bulleted list with readable spacing. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-deep-teal-600">{children}</ul>;
}

/** A white card for content that should stand out a little (summaries, contact blocks). */
export function LegalCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-card bg-white p-5 shadow-card sm:p-6 ${className}`}>{children}</div>;
}

const linkClass = "rounded-sm font-medium text-deep-teal-700 underline decoration-deep-teal-100 decoration-2 underline-offset-4 hover:decoration-deep-teal-700";

/** An in-app link (another page of this app). */
export function InternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={linkClass}>
      {children}
    </Link>
  );
}

/** A link that leaves the app (websites, e-mail, phone numbers). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const isWeb = href.startsWith("http");
  return (
    <a href={href} className={linkClass} {...(isWeb ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
      {isWeb ? <span className="sr-only">{T.opensInNewTab}</span> : null}
    </a>
  );
}
