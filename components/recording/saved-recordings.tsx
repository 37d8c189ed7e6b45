"use client";

import { useEffect, useState } from "react";

import { APP_EVENTS, onAppEvent } from "@/lib/client/events";
import { type LocalSession, listFailedLocalRecordings } from "@/lib/client/recordings/local-recordings";
import { recoverInterruptedRecordings } from "@/lib/client/recordings/recover-interrupted";
import { showToast } from "@/lib/client/toast/toast-store";

import { FAILURE_TEXTS as T } from "./texts";

/** Recordings kept on this device after a failed or interrupted transcription, each one tap away from a retry. */
export function SavedRecordings({
  onRetry,
  onRetryAnalysis,
  disabled,
}: {
  onRetry: (session: LocalSession) => void;
  onRetryAnalysis?: (session: LocalSession) => void;
  disabled: boolean;
}) {
  const [items, setItems] = useState<LocalSession[]>([]);

  useEffect(() => {
    let active = true;
    const refresh = () => {
      if (active) setItems(listFailedLocalRecordings().filter((item) => item.failedTranscription || (onRetryAnalysis && item.failedAnalysis)));
    };
    // A tab closed or reloaded mid-recording left audio in IndexedDB: list it first, then show the list.
    recoverInterruptedRecordings()
      .catch(() => showToast({ title: T.warningTitle, description: T.couldNotLoadRecordings, variant: "destructive" }))
      .finally(refresh);
    const unsubscribe = [APP_EVENTS.refreshSessions, APP_EVENTS.directSessionSaved, APP_EVENTS.localSessionSaved].map((name) => onAppEvent(name, refresh));
    return () => {
      active = false;
      unsubscribe.forEach((off) => off());
    };
    // The list is read once per mount and on the events; the retry callbacks do not change what it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (items.length === 0) return null;
  return (
    <section aria-labelledby="saved-recordings" className="mt-6 border-t border-cream-200 pt-5">
      <h3 id="saved-recordings" className="font-semibold text-ink">
        {T.savedRecordingsHeading}
      </h3>
      <p className="mt-1 text-sm text-ink-soft">{T.savedRecordingsHint}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => (item.failedTranscription || !onRetryAnalysis ? onRetry(item) : onRetryAnalysis(item))}
              className="flex w-full items-center justify-between gap-3 rounded-2xl border border-[#f5c2bc] bg-[#fdecea] p-3 text-left disabled:opacity-60"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-[#8a1c12]">{item.name}</span>
                <span className="block text-sm text-[#8a1c12]/80">{item.failedTranscription ? T.transcriptionFailedLabel : T.analysisFailedLabel}</span>
              </span>
              <span className="shrink-0 text-sm font-semibold text-[#8a1c12]">{T.tapToRetry}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
