"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False during the server render and the hydration render, true afterwards: what only the browser knows (its storage)
 * is rendered after hydration, so the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
