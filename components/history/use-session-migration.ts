"use client";

import { useEffect, useRef } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { announceSessionsChanged } from "@/lib/client/events";
import { listLocalSessions, removeLocalSession } from "@/lib/client/recordings/local-recordings";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { showToast } from "@/lib/client/toast/toast-store";
import { historyItemStatus } from "@/lib/domain/history/history-item";

import { MIGRATION_DELAY_MS, HISTORY_TEXTS as T } from "./texts";

/**
 * One second after sign-in, the sessions kept on this device move to the account. The server saves them idempotently
 * (by their local ids), so an interrupted or repeated migration, or a second device, never duplicates anything; only the
 * copies the server confirms are removed here. Failed recordings stay local: their audio is retried from this device.
 */
export function useSessionMigration() {
  const identity = useIdentity();
  const running = useRef(false);

  useEffect(() => {
    if (!identity.signedIn) return;
    const timer = window.setTimeout(async () => {
      if (running.current) return;
      const sessions = listLocalSessions().filter((session) => historyItemStatus(session) === "normal" && session.analysis);
      if (sessions.length === 0) return;
      running.current = true;
      try {
        const answer = await sessionApi.migrate(sessions.map(toMigrationItem));
        for (const item of answer.migrated ?? []) removeLocalSession(item.localId);
        if (answer.migratedCount > 1) showToast({ title: T.syncedTitle, description: T.syncedBody(answer.migratedCount), variant: "success" });
        announceSessionsChanged();
      } catch {
        showToast({ title: T.migrationNoticeTitle, description: T.migrationNoticeBody });
      } finally {
        running.current = false;
      }
    }, MIGRATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [identity.signedIn]);
}

/** Only the fields the server's session schema knows; browser-only fields (audio keys, mime types) stay behind. */
function toMigrationItem(session: Record<string, unknown>) {
  const pick = [
    "id",
    "transcript",
    "analysis",
    "swipeActions",
    "createdAt",
    "timestamp",
    "isCompleted",
    "isExample",
    "name",
    "summary",
    "recommendations",
    "encouragement",
    "reminderSet",
    "reminderDate",
    "followUpTranscripts",
    "conversationGuideHeadline",
    "mode",
    "speakerNames",
  ];
  return Object.fromEntries(pick.filter((key) => session[key] !== undefined && session[key] !== null).map((key) => [key, session[key]]));
}
