"use client";

import Markdown, { type Components } from "react-markdown";

import { Button } from "@/components/ui/button";
import type { Analysis } from "@/lib/domain/analysis/types";

import { safeMarkdownUrl } from "./markdown-url";
import { DECK_TEXTS as T } from "./texts";

const MAJOR_HEADING = "mt-4 font-serif text-xl font-semibold text-ink first:mt-0";
const MINOR_HEADING = "mt-4 font-semibold text-ink first:mt-0";

/** Markdown's h1–h6 folded into two levels that start at `top`, so they sit under the heading of the card around them. */
function headings(top: 3 | 4): Components {
  const Major = top === 3 ? "h3" : "h4";
  const Minor = top === 3 ? "h4" : "h5";
  const major: Components["h1"] = ({ children }) => <Major className={MAJOR_HEADING}>{children}</Major>;
  const minor: Components["h3"] = ({ children }) => <Minor className={MINOR_HEADING}>{children}</Minor>;
  return { h1: major, h2: major, h3: minor, h4: minor, h5: minor, h6: minor };
}

const BODY_COMPONENTS: Components = {
  p: ({ children }) => <p className="mt-3 leading-relaxed first:mt-0">{children}</p>,
  // Start-side indents, so an Arabic or Hebrew summary has its bullets and quote bar on the right.
  ul: ({ children }) => <ul className="mt-3 list-disc space-y-1 ps-5">{children}</ul>,
  ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1 ps-5">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="mt-3 border-s-4 border-cream-200 ps-3 italic text-ink-soft">{children}</blockquote>,
  strong: ({ children }) => <strong className="font-semibold text-ink">{children}</strong>,
  // A refused URL arrives as "": keep the words, drop the link.
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        className="font-medium text-deep-teal-700 underline underline-offset-2"
        {...(/^https?:/i.test(href) ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // No remote images: loading one would tell a third party that someone opened this session. The alt text stays.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

const COMPONENTS_BY_LEVEL = { 3: { ...headings(3), ...BODY_COMPONENTS }, 4: { ...headings(4), ...BODY_COMPONENTS } } as const;

/**
 * Untrusted markdown (the coach's text, a summary) with the spec's link rule and no raw HTML or remote images.
 * `headingLevel` is where its own headings start: one below the heading of whatever it sits in (h3 under a screen's h2).
 * The text sets its own direction (an analysis in Arabic or Hebrew reads right to left) and a long link or word wraps.
 */
export function CoachMarkdown({ children, headingLevel = 3, className = "" }: { children: string; headingLevel?: 3 | 4; className?: string }) {
  return (
    <div dir="auto" className={`text-ink wrap-anywhere ${className}`}>
      <Markdown skipHtml urlTransform={safeMarkdownUrl} components={COMPONENTS_BY_LEVEL[headingLevel]}>
        {children}
      </Markdown>
    </div>
  );
}

/** The label and one-line reason shown when the local analyzer wrote the analysis. */
export function OfflineAnalysisNote() {
  return (
    <p className="mt-3 rounded-2xl bg-sunflower-100 px-4 py-3 text-sm leading-relaxed text-ink">
      <span className="font-semibold text-sunflower-700">{T.offlineLabel}</span>
      <span aria-hidden> · </span>
      <span className="sr-only">: </span>
      {T.offlineExplanation}
    </p>
  );
}

/** "Conversation Summary": the coach's neutral summary, first step of a session's deck. */
export function CoachResponse({
  analysis,
  onContinue,
  onShowTranscript,
}: {
  analysis: Pick<Analysis, "coachResponse" | "source">;
  onContinue: () => void;
  onShowTranscript?: () => void;
}) {
  const text = analysis.coachResponse?.trim() || T.coachResponseDefault;
  return (
    <section aria-labelledby="coach-response-title">
      <h2 id="coach-response-title" tabIndex={-1} data-step-heading className="font-serif text-3xl font-semibold text-ink">
        {T.conversationSummary}
      </h2>
      {analysis.source === "offline" ? <OfflineAnalysisNote /> : null}
      <div className="mt-4 rounded-card bg-white p-5 shadow-card">
        <CoachMarkdown>{text}</CoachMarkdown>
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <Button onClick={onContinue}>{T.continueToInsights}</Button>
        {onShowTranscript ? (
          <Button variant="secondary" onClick={onShowTranscript}>
            {T.viewTranscript}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
