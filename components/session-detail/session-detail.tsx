"use client";

import { useCallback, useId, useState, type KeyboardEvent } from "react";

import { TranscriptFocusProvider } from "@/components/evidence/transcript-focus";
import { DialogClose, FullScreenOverlay } from "@/components/ui/full-screen-overlay";
import type { SwipeAction } from "@/lib/domain/analysis/types";
import { mergeSpeakerNames, sessionSpeakerNames, speakerNameOf } from "@/lib/domain/history/speaker-names";
import { topicTitle } from "@/lib/domain/history/topic-title";

import { SummaryTab } from "./summary-tab";
import { SESSION_DETAIL_TEXTS as T } from "./texts";
import { TranscriptTab } from "./transcript-tab";

export type Vote = SwipeAction["action"];

export type SessionDetailSession = {
  id: string;
  transcript?: string | null;
  analysis?: unknown;
  swipeActions?: { cardIndex: number; action: Vote }[];
  createdAt?: string | number;
  followUpTranscripts?: unknown;
  followUpTranscript?: string | null;
  speakerNames?: Record<string, string> | null;
  recommendations?: unknown;
  /** Growth Commitments with their outcomes (issue 11 follow-through). */
  commitments?: unknown;
  /** The conversation signals (issue 17), read defensively by the signals view. */
  signals?: unknown;
};

export type SessionDetailProps = {
  session: SessionDetailSession;
  onClose: () => void;
  /** Called by an insight card's "Dismiss" ("unhelpful") and "Helpful" buttons; without it the cards show no vote buttons. */
  onVote?: (cardIndex: number, action: Vote) => void;
  /** Without it "Regenerate Recommendations" is not shown (spec: only with a session id and a handler). */
  onRegenerate?: () => void;
  /** Opens at the transcript line said at this time (seconds): a tapped quote. */
  focusSeconds?: number | null;
  /** The tab it opens on; the spec's default is the transcript. The summary after a regeneration, to show what changed. */
  initialTab?: "transcript" | "summary";
};

/** A request to show the line said at `seconds`; `request` changes on every tap, so the same quote tapped again scrolls again. */
export type TranscriptFocus = { seconds: number; request: number };

type Tab = "transcript" | "summary";
const TABS: readonly Tab[] = ["transcript", "summary"];

/** Spec part 2 section 2 "Session detail view (two tabs, default 'Transcript')". */
export function SessionDetail({ session, onClose, onVote, onRegenerate, focusSeconds = null, initialTab = "transcript" }: SessionDetailProps) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [focus, setFocus] = useState<TranscriptFocus | null>(focusSeconds === null ? null : { seconds: focusSeconds, request: 0 });
  const openTranscriptAt = useCallback((seconds: number) => {
    setTab("transcript");
    setFocus((current) => ({ seconds, request: (current?.request ?? 0) + 1 }));
  }, []);
  const baseId = useId();
  const tabId = (name: Tab) => `${baseId}-tab-${name}`;
  const panelId = (name: Tab) => `${baseId}-panel-${name}`;
  const title = topicTitle(session) || T.dialogFallbackLabel;

  const names = sessionSpeakerNames(session);
  // A follow-up's own names (extra) win over the session's; a speaker nobody named keeps its id.
  const nameOf = (speaker: string, extra?: Record<string, string>) => speakerNameOf(extra ? mergeSpeakerNames(extra, names) : names, speaker);

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === "ArrowRight"
        ? TABS[(index + 1) % TABS.length]
        : event.key === "ArrowLeft"
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === "Home"
            ? TABS[0]
            : event.key === "End"
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <FullScreenOverlay open onOpenChange={(open) => (open ? undefined : onClose())} title={title}>
      <div className="flex items-center justify-between gap-3">
        <div role="tablist" aria-label={T.tabsLabel} className="flex flex-1 gap-1 rounded-full bg-cream-100 p-1">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={tab === name}
              aria-controls={panelId(name)}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={onTabKeyDown}
              className={`min-h-11 flex-1 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700 ${
                tab === name ? "bg-white text-deep-teal-800 shadow-card ring-2 ring-deep-teal-700" : "text-ink-soft"
              }`}
            >
              {name === "transcript" ? T.transcriptTab : T.summaryTab}
            </button>
          ))}
        </div>
        <DialogClose asChild>
          <button
            type="button"
            aria-label={T.close}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-cream-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-deep-teal-700"
          >
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </DialogClose>
      </div>

      {TABS.map((name) => (
        <div key={name} role="tabpanel" id={panelId(name)} aria-labelledby={tabId(name)} hidden={tab !== name} tabIndex={0} className="mt-5 outline-none">
          {/* Both stay mounted, so the speaker filter and opened cards survive a switch of tab. */}
          {name === "transcript" ? (
            <TranscriptTab session={session} nameOf={nameOf} focus={focus} />
          ) : (
            <TranscriptFocusProvider value={openTranscriptAt}>
              <SummaryTab session={session} nameOf={nameOf} onVote={onVote} onRegenerate={onRegenerate} />
            </TranscriptFocusProvider>
          )}
        </div>
      ))}
    </FullScreenOverlay>
  );
}
