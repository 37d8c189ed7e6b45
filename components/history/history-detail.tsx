"use client";

import { useState } from "react";

import { SessionDetail } from "@/components/session-detail/session-detail";
import { apiRequest } from "@/lib/client/api/request";
import { upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { showToast } from "@/lib/client/toast/toast-store";
import { applyVote } from "@/lib/domain/analysis/summary";
import type { SwipeAction } from "@/lib/domain/analysis/types";

import { SESSION_TEXTS } from "@/components/session/texts";

import type { HistoryEntry } from "./use-history";

type DetailSession = HistoryEntry & { swipeActions?: SwipeAction[]; speakerNames?: Record<string, string> | null };

/** A session opened from the history; votes cast here are kept like the deck's (server, or this device for guests). */
export function HistoryDetail({ session: initial, onClose }: { session: DetailSession; onClose: () => void }) {
  const [session, setSession] = useState(initial);

  function vote(cardIndex: number, action: "helpful" | "unhelpful") {
    const next = { ...session, swipeActions: applyVote(session.swipeActions ?? [], { cardIndex, action, timestamp: Date.now() }) };
    setSession(next);
    if (next.isLocal !== false && next.id.startsWith("local-")) {
      upsertLocalSessionRecord({ id: next.id, swipeActions: next.swipeActions });
      return;
    }
    void apiRequest("POST", `/api/sessions/${encodeURIComponent(next.id)}/swipe`, { body: { swipeActions: next.swipeActions } }).catch(() =>
      showToast({ title: SESSION_TEXTS.saveErrorTitle, description: SESSION_TEXTS.saveErrorBody, variant: "destructive" }),
    );
  }

  const createdAt = session.createdAt instanceof Date ? session.createdAt.toISOString() : (session.createdAt ?? undefined);
  return <SessionDetail session={{ ...session, createdAt }} onClose={onClose} onVote={vote} />;
}
