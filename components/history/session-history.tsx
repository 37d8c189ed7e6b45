"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { FOLLOW_THROUGH_TEXTS } from "@/components/follow-through/texts";
import { prefetchSessionDetail } from "@/components/shell/lazy-screens";
import { SignalsTrend } from "@/components/signals/signals-trend";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { SwipeCard } from "@/components/ui/swipe-card";
import { recordingName } from "@/lib/client/recordings/local-recordings";
import { countLabel, FAILED_LABELS, historyItemStatus } from "@/lib/domain/history/history-item";
import { lastActivity } from "@/lib/domain/history/history-order";
import { relativeTime } from "@/lib/domain/history/relative-time";
import { historyCard } from "@/lib/domain/history/session-list";
import { toEpoch } from "@/lib/domain/history/types";
import { SWIPE_THRESHOLDS } from "@/lib/domain/swipe";

import { GuestBanner } from "./history-placeholder";
import { HISTORY_TEXTS as T } from "./texts";
import { useHistory, type HistoryEntry } from "./use-history";

/**
 * "Session History": tap a card to open it, swipe it left (or use its delete button) to delete it. A recording whose
 * transcription or analysis failed is shown in red, and a tap retries it.
 */
export function SessionHistory({
  onOpen,
  onRetry,
  retryBlocked = false,
}: {
  /** Opens the session's screen; a promise holds off other opens until it settles (the screen's code is there). */
  onOpen: (session: HistoryEntry) => void | Promise<void>;
  onRetry: (session: HistoryEntry) => void;
  /** A recording, upload or analysis is under way: failed items wait, and say why. */
  retryBlocked?: boolean;
}) {
  const identity = useIdentity();
  const history = useHistory();
  const [opening, setOpening] = useState<string | null>(null);
  // One open at a time, from the tap until its screen's code has arrived: the card stays tappable meanwhile, and a second
  // tap (a double tap, or an impatient one) would fetch the session again and open it again, a completed session asking
  // twice for its summary. A ref, not the state: two taps can land before the first one's re-render.
  const inFlight = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);
  // "Load More Sessions" pressed: how many cards there were. The press that shows the last of them takes the button away
  // from under the keyboard's focus; the focus then goes to the first card it brought, not to the top of the page.
  const shownBeforeLoadMore = useRef<number | null>(null);
  const itemCount = history.items.length;
  useEffect(() => {
    const before = shownBeforeLoadMore.current;
    if (before === null || itemCount <= before) return;
    shownBeforeLoadMore.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    listRef.current?.children[before]?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [itemCount]);

  async function open(entry: HistoryEntry) {
    if (inFlight.current) return;
    inFlight.current = true;
    setOpening(entry.id);
    try {
      const session = await history.open(entry);
      if (session) await onOpen(session);
    } finally {
      inFlight.current = false;
      setOpening(null);
    }
  }

  /**
   * Deletes a session; when the keyboard's focus went with its card, it moves to the delete button now in that place (the
   * next card's), else the last card's, else the heading, rather than falling to the top of the page.
   */
  async function removeKeepingFocus(entry: HistoryEntry): Promise<void> {
    const place = history.items.findIndex((item) => item.id === entry.id);
    const focusInList = listRef.current?.contains(document.activeElement) === true;
    if (!(await history.remove(entry)) || !focusInList) return;
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("[data-history-delete]") ?? [];
      const next = buttons[Math.min(Math.max(place, 0), buttons.length - 1)];
      (next ?? document.getElementById("history-heading"))?.focus();
    });
  }

  return (
    <>
      <SectionCard id="history-heading" title={T.heading} focusableHeading>
        {!identity.signedIn ? <GuestBanner clerkEnabled={identity.clerkEnabled} /> : null}

        {history.listFailed ? (
          <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-cream-100 px-4 py-3">
            <p className="text-ink">{T.listFailed}</p>
            <Button variant="secondary" onClick={history.retryList} aria-busy={history.retryingList}>
              {T.listRetry}
            </Button>
          </div>
        ) : history.items.length === 0 && !history.loading ? (
          <p className="mt-4 text-ink-soft">{T.empty}</p>
        ) : null}
        <ul ref={listRef} className="mt-4 flex flex-col gap-3">
          {history.items.map((entry) => {
            const status = historyItemStatus(entry);
            const card = historyCard(entry);
            const title = status === "normal" ? card.title : failedItemTitle(entry, card.title);
            const time = relativeTime(lastActivity(entry));
            return (
              <li
                key={entry.id}
                className="relative"
                onPointerDown={status === "normal" ? prefetchSessionDetail : undefined}
                onFocus={status === "normal" ? prefetchSessionDetail : undefined}
              >
                <SwipeCard
                  label={title}
                  commitThreshold={SWIPE_THRESHOLDS.commitLarge}
                  onSwipe={(direction) => (direction === "left" ? void removeKeepingFocus(entry) : undefined)}
                  className={status === "normal" ? "p-4 pr-14" : ""}
                >
                  {status === "normal" ? (
                    <HistoryItemBody
                      tone="normal"
                      time={time}
                      detail={card.preview}
                      title={
                        <button type="button" onClick={() => void open(entry)} aria-busy={opening === entry.id} className={WHOLE_CARD_BUTTON}>
                          <span className="sr-only">{T.openPrefix}</span>
                          <span dir="auto" className="block text-start">
                            {title}
                          </span>
                        </button>
                      }
                    >
                      <span className="mt-2 flex gap-3 text-xs font-semibold text-deep-teal-800">
                        <span>{countLabel(card.insights, "insight")}</span>
                        <span>{countLabel(card.followUps, "follow-up")}</span>
                        {card.tally ? <span>{FOLLOW_THROUGH_TEXTS.keptCount(card.tally.kept, card.tally.total)}</span> : null}
                      </span>
                    </HistoryItemBody>
                  ) : (
                    <div className={`relative rounded-card border border-[#f5c2bc] bg-[#fdecea] p-4 pr-14 text-[#8a1c12] ${retryBlocked ? "opacity-75" : ""}`}>
                      <HistoryItemBody
                        tone="failed"
                        time={time}
                        detail={FAILED_LABELS[status]}
                        title={
                          <button
                            type="button"
                            onClick={() => onRetry(entry)}
                            disabled={retryBlocked}
                            aria-describedby={retryBlocked ? `${entry.id}-retry-wait` : undefined}
                            className={`${WHOLE_CARD_BUTTON} disabled:after:cursor-not-allowed`}
                          >
                            {title}
                            <span className="sr-only">{T.retrySuffix(FAILED_LABELS[status], retryBlocked)}</span>
                          </button>
                        }
                      >
                        {retryBlocked ? (
                          <span id={`${entry.id}-retry-wait`} className="mt-2 block text-sm font-semibold">
                            {T.retryWhenFree}
                          </span>
                        ) : (
                          <span className="mt-2 block text-sm font-semibold underline underline-offset-4">{T.tapToRetry}</span>
                        )}
                      </HistoryItemBody>
                    </div>
                  )}
                </SwipeCard>
                <button
                  type="button"
                  onClick={() => void removeKeepingFocus(entry)}
                  aria-label={T.deleteLabel(title)}
                  data-history-delete
                  className="absolute right-2 top-2 z-20 flex h-11 w-11 items-center justify-center rounded-full text-ink-soft hover:bg-[#fdecea] hover:text-[#8a1c12]"
                >
                  <svg aria-hidden width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
                    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
        {history.hasMore ? (
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={() => {
              shownBeforeLoadMore.current = itemCount;
              history.loadMore();
            }}
            aria-busy={history.loadingMore}
          >
            {T.loadMore}
          </Button>
        ) : null}
      </SectionCard>
      {/* How the conversation signals changed (issue 17): its own card, beside the list rather than in it. */}
      <SignalsTrend sessions={history.items} />
    </>
  );
}

// The failed card's text takes the red of its button.
const BODY_TONES = {
  normal: { time: "text-soft-tangerine-700", title: "text-ink", detail: "leading-relaxed text-ink-soft" },
  failed: { time: "", title: "", detail: "" },
} as const;

/**
 * A card's button is its title, and its ::after covers the whole card (the nearest positioned box), so a tap anywhere on
 * the card is a tap on it: its name is the title it shows (WCAG 2.5.3), not the card's every line, and its focus ring
 * outlines the card.
 */
const WHOLE_CARD_BUTTON =
  "block w-full text-left after:absolute after:inset-0 after:rounded-card after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-deep-teal-700";

/** What both kinds of card show: when, the title (the card's button), one line of detail (the preview, or what failed), then the kind's own footer. */
function HistoryItemBody({
  tone,
  time,
  title,
  detail,
  children,
}: {
  tone: keyof typeof BODY_TONES;
  time: string;
  title: ReactNode;
  detail: string;
  children: ReactNode;
}) {
  const colours = BODY_TONES[tone];
  return (
    <>
      <span className={`block text-xs font-semibold uppercase tracking-wide ${colours.time}`}>{time}</span>
      <h3 className={`mt-1 font-serif text-lg font-semibold wrap-anywhere ${colours.title}`}>{title}</h3>
      <span dir="auto" className={`mt-1 block text-sm wrap-anywhere ${colours.detail}`}>
        {detail}
      </span>
      {children}
    </>
  );
}

/** "Recording Nov 22, 2026, 3:04 PM" in this device's time zone, also for one the account kept (it names it by UTC date). */
function failedItemTitle(entry: HistoryEntry, topic: string): string {
  const recordedAt = toEpoch(entry.createdAt) ?? toEpoch(entry.timestamp);
  return recordedAt !== null ? recordingName(new Date(recordedAt)) : (entry.name ?? topic);
}
