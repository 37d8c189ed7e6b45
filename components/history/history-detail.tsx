"use client";

import { useEffect, useRef, useState } from "react";

import { AnalysingOverlay } from "@/components/recording/analysing-overlay";
import { regenerateRecommendations } from "@/components/session-detail/regenerate-recommendations";
import { SessionDetail } from "@/components/session-detail/session-detail";
import { changeAfterMove } from "@/components/session-flow/device-copy";
import { SESSION_TEXTS } from "@/components/session/texts";
import { SessionMovedError, upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { movedToThisAccount } from "@/lib/client/sessions/moved-session";
import { createVoteSaver, type VoteSaver } from "@/lib/client/sessions/vote-saver";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import { applyVote } from "@/lib/domain/analysis/summary";
import type { InsightCard, SwipeAction } from "@/lib/domain/analysis/types";
import { analysisOf } from "@/lib/domain/history/types";
import type { AnalysisStep } from "@/lib/domain/session-flow/machine";
import { isDeviceSessionId } from "@/lib/domain/session-ids";

import type { HistoryEntry } from "./use-history";

type DetailSession = HistoryEntry & {
  swipeActions?: SwipeAction[];
  speakerNames?: Record<string, string> | null;
  recommendations?: unknown;
  summary?: unknown;
};

/** A session opened from the history; votes and regenerated recommendations are kept like the deck's. */
export function HistoryDetail({ session: initial, onClose }: { session: DetailSession; onClose: () => void }) {
  const [session, setSession] = useState(initial);
  const [step, setStep] = useState<AnalysisStep | null>(null);
  const [openOn, setOpenOn] = useState<"transcript" | "summary">("transcript");
  // The session as last shown, for what finishes later: a vote's backup is written when its send fails.
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  }, [session]);
  // The votes' sends, one after another; a regeneration waits for them (the account's summary reads the stored votes).
  const [votes] = useState<VoteSaver>(() => createVoteSaver());

  /**
   * The session an action works on. A guest's that a sign-in in another tab moved into the account this tab is signed in
   * to becomes the account's copy here: its changes go to the server rather than bring it back onto this device.
   */
  function current(): DetailSession {
    const moved = movedToThisAccount(latest.current.id);
    if (moved) {
      latest.current = { ...latest.current, id: moved.accountId, isLocal: false };
      setSession(latest.current);
    }
    return latest.current;
  }

  /** Keeps a device session's change on this device; false when the browser refused it (its Warning is showing). */
  function persist(id: string, fields: Record<string, unknown>): boolean {
    if (!isDeviceSessionId(id)) return true;
    try {
      upsertLocalSessionRecord({ id, ...fields });
      return true;
    } catch (error) {
      // Moved while this was under way (a regeneration): the change follows the session into the account, if it can.
      if (error instanceof SessionMovedError) {
        changeAfterMove({ ...latest.current, ...fields }, error.moved);
        return true;
      }
      showToast(storageWarning(error));
      return false;
    }
  }

  function vote(cardIndex: number, action: "helpful" | "unhelpful") {
    const session = current();
    const swipeActions = applyVote(session.swipeActions ?? [], { cardIndex, action, timestamp: Date.now() });
    const voted = { ...session, swipeActions };
    latest.current = voted;
    setSession(voted);
    if (isDeviceSessionId(session.id)) {
      persist(session.id, { swipeActions });
      return;
    }
    void votes.save(session.id, swipeActions).then((saved) => {
      if (saved) return;
      // The toast says "We've saved a local backup": as after a vote in the deck, the session with its votes is kept on this
      // device, and the next migration into the account brings the votes to the server. The session as it is now, with
      // every vote since: this vote's copy would drop the later ones.
      try {
        upsertLocalSessionRecord({ ...latest.current, isLocal: true });
      } catch (error) {
        showToast(storageWarning(error));
        return;
      }
      showToast({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody, variant: "destructive" });
    });
  }

  function regenerate() {
    // The detail comes back on the summary, where the new recommendations are.
    setOpenOn("summary");
    const session = current();
    const request = {
      sessionId: session.id,
      cards: (analysisOf(session)?.cards ?? []) as InsightCard[],
      swipeActions: session.swipeActions ?? [],
      votesSaved: isDeviceSessionId(session.id) ? undefined : votes.settled(session.id),
    };
    return regenerateRecommendations(request, {
      setStep,
      apply: ({ summary, recommendations, encouragement, reminderDate }) => {
        const fields = { summary, recommendations, encouragement, reminderDate };
        setSession((shown) => ({ ...shown, ...fields }));
        return persist(session.id, fields);
      },
    });
  }

  if (step) return <AnalysingOverlay step={step} />;
  const createdAt = session.createdAt instanceof Date ? session.createdAt.toISOString() : (session.createdAt ?? undefined);
  return <SessionDetail session={{ ...session, createdAt }} onClose={onClose} onVote={vote} onRegenerate={() => void regenerate()} initialTab={openOn} />;
}
