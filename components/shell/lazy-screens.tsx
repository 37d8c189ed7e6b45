"use client";

import dynamic from "next/dynamic";

// The screens that appear only after something has happened (results, a session's detail, naming speakers) carry the
// heaviest code: the deck, markdown, calendar files, charts. They load after the home screen, not with it, and are
// fetched as soon as the browser is idle so that opening them is still instant.

export const LazySessionResults = dynamic(() => import("@/components/session/session-results").then((module) => module.SessionResults), { ssr: false });
export const LazyHistoryDetail = dynamic(() => import("@/components/history/history-detail").then((module) => module.HistoryDetail), { ssr: false });
export const LazyIdentifySpeakers = dynamic(() => import("@/components/speakers/identify-speakers").then((module) => module.IdentifySpeakers), { ssr: false });

/** Starts fetching the lazy screens' code; the browser caches it, so the first real use renders at once. */
export function prefetchLazyScreens(): void {
  void import("@/components/session/session-results");
  void import("@/components/history/history-detail");
  void import("@/components/speakers/identify-speakers");
}
