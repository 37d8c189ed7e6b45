"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { FAILURE_TEXTS } from "@/components/recording/texts";
import { queryKeys } from "@/lib/client/api/query-client";
import { onSessionsChanged } from "@/lib/client/events";
import { useHydrated } from "@/lib/client/hooks/use-hydrated";
import { discardRecording } from "@/lib/client/recordings/discard-recording";
import { listFailedLocalRecordings, listLocalSessions, readLocalCopyOf, removeLocalSession } from "@/lib/client/recordings/local-recordings";
import { recoverInterruptedRecordings } from "@/lib/client/recordings/recover-interrupted";
import { sessionApi } from "@/lib/client/sessions/session-api";
import { readDeletedIds, rememberDeletedId } from "@/lib/client/storage/deleted-sessions";
import { storageWarning } from "@/lib/client/storage/storage-warning";
import { showToast } from "@/lib/client/toast/toast-store";
import { failuresSettledElsewhere } from "@/lib/domain/history/history-item";
import { HISTORY_PAGE_SIZE, lastActivity, mergeSessions, paginate } from "@/lib/domain/history/history-order";
import { SESSION_LIST_LIMITS, type ListedCard, type SessionListItem, type SessionListPage } from "@/lib/domain/history/session-list";
import type { HistorySession } from "@/lib/domain/history/types";

import { OPEN_FROM_HISTORY_TIMEOUT_MS, HISTORY_TEXTS as T } from "./texts";

/** A full session of this device's, or an item of the account's list (its card ready-made, the rest loaded on opening). */
export type HistoryEntry = HistorySession &
  ListedCard & { name?: string | null; isLocal?: boolean; signals?: unknown; signalsTrend?: SessionListItem["signalsTrend"] };

/**
 * The history list: this device's sessions and the account's, merged without duplicates, newest activity first. The
 * account's sessions come a page at a time (issue 14): "Load More Sessions" shows five more and fetches the next page
 * when the loaded ones run out, so every session can be reached.
 */
export function useHistory() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [localVersion, setLocalVersion] = useState(0);
  const [visibleCount, setVisibleCount] = useState(HISTORY_PAGE_SIZE);

  const server = useInfiniteQuery({
    queryKey: queryKeys.sessionPages(),
    enabled: identity.signedIn,
    initialPageParam: null as string | null,
    getNextPageParam: (page: SessionListPage) => page.nextCursor,
    queryFn: ({ signal, pageParam }) =>
      sessionApi.list({
        cursor: pageParam,
        limit: SESSION_LIST_LIMITS.defaultPage,
        // sessionApi.list adds the spec's 3 s per page.
        signal,
      }),
  });

  // A save, a retry or a migration here, or a write from another tab: this device's list is read again, the account's refetched.
  useEffect(
    () =>
      onSessionsChanged(() => {
        setLocalVersion((version) => version + 1);
        void queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
      }),
    [queryClient],
  );

  useEffect(() => {
    let active = true;
    // A tab closed or reloaded mid-recording left audio in IndexedDB: it becomes a failed item to retry from the list. One
    // the browser refuses to list (storage full) keeps its audio, and the user is told why no item offers it.
    recoverInterruptedRecordings(undefined, { onNotListed: (error) => showToast(storageWarning(error)) })
      .then((recovered) => {
        if (active && recovered.length > 0) setLocalVersion((version) => version + 1);
      })
      .catch(() => showToast({ title: FAILURE_TEXTS.warningTitle, description: FAILURE_TEXTS.couldNotLoadRecordings, variant: "destructive" }));
    return () => {
      active = false;
    };
  }, []);

  // A recording retried on another device: the copy and audio this device kept for a retry are no longer needed.
  const serverSessions = useMemo(() => server.data?.pages.flatMap((page) => page.sessions as HistoryEntry[]), [server.data]);
  useEffect(() => {
    if (!serverSessions) return;
    const settled = failuresSettledElsewhere(listFailedLocalRecordings(), serverSessions);
    if (settled.length === 0) return;
    // One that cannot be removed now (storage refusing writes) is tried again on the next load.
    void Promise.allSettled(
      settled.map(async (id) => {
        const removed = removeLocalSession(id);
        // This device's upload of it, if it was sent in parts and failed here, is not needed either.
        if (removed?.audioKey) await discardRecording(removed.audioKey).catch(() => undefined);
      }),
    ).then(() => setLocalVersion((version) => version + 1));
  }, [serverSessions]);

  // Failed recordings (this device's and the account's) are listed too, in red, and retried by a tap.
  const hydrated = useHydrated();
  const moreOnServer = identity.signedIn && server.hasNextPage;
  const entries = hydrated ? readHistoryEntries(localVersion, identity.signedIn ? (serverSessions ?? []) : [], moreOnServer) : [];
  const page = paginate(entries, visibleCount);

  // "Load More Sessions" asked for more than the loaded pages hold: the next page is fetched (one at a time).
  const { fetchNextPage, isFetchingNextPage, isError } = server;
  const needsNextPage = moreOnServer && !isFetchingNextPage && !isError && entries.length < visibleCount + HISTORY_PAGE_SIZE;
  useEffect(() => {
    if (needsNextPage) void fetchNextPage();
  }, [needsNextPage, fetchNextPage]);

  // Sessions whose delete is under way: the card stays until it is done, and a second tap on its button (or a swipe after
  // the tap) would send the delete again and say "Deleting" and "Deleted" twice.
  const removing = useRef(new Set<string>());
  const remove = useCallback(
    async (entry: HistoryEntry): Promise<boolean> => {
      if (removing.current.has(entry.id)) return false;
      removing.current.add(entry.id);
      showToast({ title: T.deleting });
      try {
        if (!entry.isLocal && identity.signedIn) await sessionApi.remove(entry.id);
        // An account's session moved from this device may still have its device copy here, under the id the account keeps as
        // clientId (a move whose answer never came back): the list hid it only beside the session, so it goes too, and
        // is remembered as deleted, or it would show again and be moved into the account once more.
        const copies = [entry.id, ...(!entry.isLocal && typeof entry.clientId === "string" && entry.clientId !== "" ? [entry.clientId] : [])];
        for (const id of copies) {
          const removed = removeLocalSession(id);
          // The user chose to delete it: a recording kept for a retry goes with it, on this device and on the server.
          if (removed?.audioKey) await discardRecording(removed.audioKey).catch(() => undefined);
          rememberDeletedId(id);
        }
        setLocalVersion((version) => version + 1);
        await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
        showToast({ title: T.deleted, variant: "success" });
        return true;
      } catch {
        showToast({ title: T.deleteFailedTitle, description: T.deleteFailedBody, variant: "destructive" });
        return false;
      } finally {
        removing.current.delete(entry.id);
      }
    },
    [identity.signedIn, queryClient],
  );

  return {
    loading: !hydrated || (identity.signedIn && server.isLoading),
    /** The account's first page did not come (a slow or failed list): its sessions are missing, which the list must not call empty. */
    listFailed: identity.signedIn && isError && !serverSessions,
    /** Its Try Again is under way (the notice stays until the list comes, rather than the empty history's text). */
    retryingList: server.isFetching,
    retryList: () => void server.refetch(),
    items: page.items,
    hasMore: page.hasMore || moreOnServer,
    /** The next page is on its way from the server. */
    loadingMore: isFetchingNextPage,
    loadMore: () => {
      setVisibleCount(page.nextVisibleCount);
      // A page that failed to come is asked for again by the next press.
      if (moreOnServer && isError) void fetchNextPage();
    },
    /** Resolves true once the session is deleted (its card gone), false when it was not. */
    remove,
    open: (entry: HistoryEntry) => openSession(entry, identity.signedIn),
  };
}

function readHistoryEntries(localVersion: number, serverSessions: HistoryEntry[], moreOnServer: boolean): HistoryEntry[] {
  // localVersion only forces a fresh read of browser storage after a change.
  void localVersion;
  const deleted = new Set(readDeletedIds());
  // local_sessions is parsed once; each listed session carries all the fields it was stored with.
  const local = listLocalSessions() as HistoryEntry[];
  const merged = mergeSessions(local, serverSessions).filter((entry) => !deleted.has(entry.id));
  const oldestLoaded = serverSessions.at(-1);
  if (!moreOnServer || !oldestLoaded) return merged;
  // A device-only session older than the pages loaded so far waits for them: it would otherwise sit above sessions still
  // to come, and jump down when they arrive.
  const onServer = new Set(serverSessions.map((entry) => entry.id));
  const boundary = lastActivity(oldestLoaded);
  return merged.filter((entry) => onServer.has(entry.id) || lastActivity(entry) >= boundary);
}

/** The full session: the server's copy (5 s at most) when signed in, else (or on failure) this device's. */
async function openSession(entry: HistoryEntry, signedIn: boolean): Promise<HistoryEntry | null> {
  if (!entry.id) {
    showToast({ title: T.openErrorTitle, description: T.openErrorBody, variant: "destructive" });
    return null;
  }
  if (signedIn && !entry.isLocal) {
    try {
      return (await sessionApi.get(entry.id, { from: "history", timeoutMs: OPEN_FROM_HISTORY_TIMEOUT_MS })) as HistoryEntry;
    } catch {
      // Falls back to what this device has.
    }
  }
  const local = readLocalCopyOf(entry);
  if (local) return local as HistoryEntry;
  if (entry.analysis) return entry;
  showToast({ title: T.openErrorTitle, description: T.openErrorBody, variant: "destructive" });
  return null;
}
