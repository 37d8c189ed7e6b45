"use client";

import dynamic from "next/dynamic";

import { NamingPending } from "@/components/speakers/naming-pending";

// The screens that appear only after something has happened (results, a session's detail, naming speakers) carry the
// heaviest code: the deck, markdown, calendar files, charts. They load after the home screen, not with it. Their code is
// fetched when the user shows the intent (starts a recording, touches a session), well before it is needed, and not at
// start-up, where evaluating it would hold up the first interaction.

// The results query (the follow-through's last commitments): React Query's provider comes with them, not with the home screen.
const loadSessionResults = () => Promise.all([import("@/components/session/session-results"), import("./shared-query-client")]);
const loadHistoryDetail = () => import("@/components/history/history-detail");
const loadIdentifySpeakers = () => import("@/components/speakers/identify-speakers");

export const LazySessionResults = dynamic(() => loadSessionResults().then(([module, query]) => query.withQueryClient(module.SessionResults)), { ssr: false });
export const LazyHistoryDetail = dynamic(() => loadHistoryDetail().then((module) => module.HistoryDetail), { ssr: false });
export const LazyIdentifySpeakers = dynamic(() => loadIdentifySpeakers().then((module) => module.IdentifySpeakers), { ssr: false, loading: NamingPending });

/** A recording leads to naming the speakers and then to the results. */
export function prefetchRecordingScreens(): void {
  void loadIdentifySpeakers();
  void loadSessionResults();
}

/** A touched history item is about to open. */
export function prefetchSessionDetail(): void {
  void loadHistoryDetail();
}
