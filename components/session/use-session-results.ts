"use client";

import { useCallback, useRef, useState } from "react";

import { ApiRequestError, apiJson, apiRequest } from "@/lib/client/api/request";
import { upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import type { ClientSession } from "@/lib/client/sessions/client-session";
import { showToast } from "@/lib/client/toast/toast-store";
import { applyVote, resolveSummary } from "@/lib/domain/analysis/summary";
import type { SessionSummary } from "@/lib/domain/analysis/types";
import { buildReminderIcs, reminderEventStart, tutorialReminderStart } from "@/lib/domain/calendar/reminder";

import { SESSION_TEXTS as T } from "./texts";

/** Everything the deck's parent does: votes, summary, reminder, finish-and-save (spec part 2, sections 4 and 7). */
export function useSessionResults(initial: ClientSession, { onClosed }: { onClosed: () => void }) {
  const [session, setSession] = useState(initial);
  const [summaryLoading, setSummaryLoading] = useState(false);
  const [saveDialog, setSaveDialog] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const path = `/api/sessions/${encodeURIComponent(session.id)}`;

  // A browser that refuses the write (full disk, private mode) is told so; the session stays open on screen meanwhile.
  const keepLocally = useCallback((next: ClientSession) => {
    try {
      upsertLocalSessionRecord({ ...next, isLocal: true });
      return true;
    } catch (error) {
      showToast(storageWarning(error));
      return false;
    }
  }, []);

  // Votes come one by one from user actions; the ref always holds the latest session so each vote builds on the last.
  const latest = useRef(initial);
  const update = useCallback((next: ClientSession) => {
    latest.current = next;
    setSession(next);
  }, []);

  const vote = useCallback(
    (cardIndex: number, action: "helpful" | "unhelpful") => {
      const next = { ...latest.current, swipeActions: applyVote(latest.current.swipeActions, { cardIndex, action, timestamp: Date.now() }) };
      update(next);
      if (next.isLocal) {
        keepLocally(next);
        return;
      }
      void apiRequest("POST", `${path}/swipe`, { body: { swipeActions: next.swipeActions } }).catch(() => {
        keepLocally({ ...next, isLocal: true });
        showToast({ title: T.saveErrorTitle, description: T.saveErrorBody, variant: "destructive" });
      });
    },
    [keepLocally, path, update],
  );

  const generateSummary = useCallback(async () => {
    setSummaryLoading(true);
    const current = latest.current;
    const existing = current.summary ? { summary: current.summary, recommendations: current.recommendations ?? [], encouragement: current.encouragement ?? "", reminderDate: current.reminderDate ?? Date.now() } : null;
    const { summary, source } = await resolveSummary({
      existing,
      forceRegenerate: false,
      now: Date.now(),
      cards: current.analysis.cards,
      swipeActions: current.swipeActions,
      fetchServer: () => fetchServerSummary(path, current),
    });
    if (source !== "existing" && source !== "server") showToast({ title: T.summaryErrorTitle, description: T.summaryErrorBody, variant: "destructive" });
    const next = withSummary(latest.current, summary);
    if (next.isLocal) keepLocally(next);
    update(next);
    setSummaryLoading(false);
  }, [keepLocally, path, update]);

  const setReminder = useCallback(() => {
    const start = session.isExample ? tutorialReminderStart(new Date()) : reminderEventStart(new Date());
    try {
      const ics = buildReminderIcs({ start, description: "A check-in on how you two are talking, from Relationship Retro." });
      downloadFile(ics, "relationship-check-in.ics", "text/calendar");
      const when = start.toLocaleString("en-US", { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
      showToast({ title: T.reminderSetTitle, description: T.reminderSetBody(when), variant: "success" });
      update({ ...latest.current, reminderSet: true });
    } catch {
      showToast({ title: T.errorTitle, description: T.prepareError, variant: "destructive" });
    }
    void apiRequest("POST", `${path}/reminder-cta-click`).catch(() => undefined);
  }, [path, session.isExample, update]);

  const saveToCloud = useCallback(async (): Promise<boolean> => {
    try {
      const server = await apiJson<Partial<ClientSession>>("GET", `${path}?refresh=true&_t=${Date.now()}`).catch(() => ({}));
      await apiRequest("POST", `${path}?skipRegeneration=true`, { body: toSaveBody({ ...server, ...latest.current, isCompleted: true }) });
      return true;
    } catch {
      return false;
    }
  }, [path]);

  const finish = useCallback(async () => {
    setFinishing(true);
    const completed = { ...latest.current, isCompleted: true };
    if (completed.isLocal) {
      const saved = keepLocally(completed);
      setFinishing(false);
      // Not kept: the results stay open (closing would lose them), with the warning shown by keepLocally.
      if (!saved) return;
      showToast({ title: T.savedTitle, description: T.savedLocallyBody, variant: "success" });
      onClosed();
      return;
    }
    const saved = await saveToCloud();
    setFinishing(false);
    if (!saved) {
      setSaveDialog(true);
      return;
    }
    showToast({ title: T.savedTitle, description: T.savedServerBody, variant: "success" });
    onClosed();
  }, [keepLocally, onClosed, saveToCloud]);

  return {
    session,
    summaryLoading,
    finishing,
    saveDialog,
    vote,
    generateSummary: () => void generateSummary(),
    setReminder,
    finish: () => void finish(),
    retryCloudSave: async () => {
      setFinishing(true);
      const saved = await saveToCloud();
      setFinishing(false);
      if (!saved) return;
      setSaveDialog(false);
      showToast({ title: T.savedTitle, description: T.savedCloudBody, variant: "success" });
      onClosed();
    },
    saveLocallyOnly: () => {
      if (!keepLocally({ ...latest.current, isCompleted: true, isLocal: true })) return;
      setSaveDialog(false);
      showToast({ title: T.savedLocallyOnlyTitle, description: T.savedLocallyOnlyBody });
      onClosed();
    },
  };
}

/** The server's summary; a 5xx whose body carries a usable fallback summary is handed to resolveSummary as such. */
async function fetchServerSummary(path: string, session: ClientSession): Promise<SessionSummary> {
  try {
    return await apiJson<SessionSummary>("POST", `${path}/summary`, { body: { analysis: { cards: session.analysis.cards }, swipeActions: session.swipeActions } });
  } catch (error) {
    if (error instanceof ApiRequestError) {
      try {
        const body = JSON.parse(error.body) as Partial<SessionSummary>;
        if (typeof body.summary === "string") throw Object.assign(new Error("Summary Error"), { fallbackBody: body });
      } catch (parsed) {
        if (parsed instanceof Error && "fallbackBody" in parsed) throw parsed;
      }
    }
    throw error;
  }
}

function withSummary(session: ClientSession, summary: SessionSummary): ClientSession {
  return { ...session, summary: summary.summary, recommendations: summary.recommendations, encouragement: summary.encouragement, reminderDate: summary.reminderDate, isCompleted: true };
}

function toSaveBody(session: Partial<ClientSession>) {
  return {
    id: session.id,
    transcript: session.transcript,
    analysis: session.analysis,
    swipeActions: session.swipeActions,
    name: session.name,
    summary: session.summary ?? undefined,
    recommendations: session.recommendations ?? undefined,
    encouragement: session.encouragement ?? undefined,
    reminderDate: session.reminderDate ?? undefined,
    reminderSet: session.reminderSet,
    isCompleted: session.isCompleted,
    mode: session.mode,
    speakerNames: session.speakerNames,
  };
}

function downloadFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
