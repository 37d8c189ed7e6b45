"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";

import { NamingPending } from "@/components/speakers/naming-pending";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { loadCodeWithin } from "@/lib/client/lazy-code";
import { showToast } from "@/lib/client/toast/toast-store";

import { sayLoadFailed } from "./load-failed";
import { HOME_TEXTS } from "./texts";

// The screens that appear only after something has happened (results, a session's detail, naming speakers) carry the
// heaviest code: the deck, markdown, calendar files, charts. They load after the home screen, not with it. Their code is
// fetched when the user shows the intent (starts a recording, touches a session), well before it is needed, and not at
// start-up, where evaluating it would hold up the first interaction.

// The results query (the follow-through's last commitments): React Query's provider comes with them, not with the home screen.
// Each bounded (loadCodeWithin): a download that stalls fails into the screen's boundary instead of spinning for good.
const loadSessionResults = () => loadCodeWithin(Promise.all([import("@/components/session/session-results"), import("./shared-query-client")]));
const loadHistoryDetail = () => loadCodeWithin(import("@/components/history/history-detail"));
const loadIdentifySpeakers = () => loadCodeWithin(import("@/components/speakers/identify-speakers"));

const SessionResults = dynamic(() => loadSessionResults().then(([module, query]) => query.withQueryClient(module.SessionResults)), { ssr: false });
const HistoryDetail = dynamic(() => loadHistoryDetail().then((module) => module.HistoryDetail), { ssr: false });
const IdentifySpeakers = dynamic(() => loadIdentifySpeakers().then((module) => module.IdentifySpeakers), { ssr: false, loading: NamingPending });

// A screen whose code did not arrive says so. A session picked in the history closes again with the spec's words (part 1
// section 8, "Home"). The results and the naming step cannot be left without their screen, so nothing is closed for them
// and the message asks for the reload: the session is stored, and a transcript waiting for its names keeps its audio,
// which the next start lists.
const sayPrepareFailed = () => showToast({ title: HOME_TEXTS.errorTitle, description: HOME_TEXTS.prepareError, variant: "destructive" });

export function LazySessionResults(props: ComponentProps<typeof SessionResults>) {
  return (
    <LoadFailureBoundary onFailure={sayLoadFailed}>
      <SessionResults {...props} />
    </LoadFailureBoundary>
  );
}

export function LazyHistoryDetail(props: ComponentProps<typeof HistoryDetail>) {
  return (
    <LoadFailureBoundary
      onFailure={() => {
        sayPrepareFailed();
        props.onClose();
      }}
    >
      <HistoryDetail {...props} />
    </LoadFailureBoundary>
  );
}

export function LazyIdentifySpeakers(props: ComponentProps<typeof IdentifySpeakers>) {
  return (
    <LoadFailureBoundary onFailure={sayLoadFailed}>
      <IdentifySpeakers {...props} />
    </LoadFailureBoundary>
  );
}

/** A recording leads to naming the speakers and then to the results. */
export function prefetchRecordingScreens(): void {
  void loadIdentifySpeakers();
  void loadSessionResults();
}

/** A touched history item is about to open. */
export function prefetchSessionDetail(): void {
  void loadHistoryDetail();
}

/** Settles once a session's detail screen has its code (or its download failed: its boundary then says so). */
export const historyDetailLoaded = (): Promise<unknown> => loadHistoryDetail();

/** Settles once the results screen has its code (or its download failed: its boundary then says so). */
export const sessionResultsLoaded = (): Promise<unknown> => loadSessionResults();
