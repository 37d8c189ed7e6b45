"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";

import { makeQueryClient } from "@/lib/client/api/query-client";

// React Query is not part of the first screen: no provider in the root layout. The parts that query (the history, the
// results, Settings and Profile, Clerk's identity) load this module with their own code and wrap themselves in a provider
// of the one client the browser tab shares, so every part sees the same cache (a delete in Profile refreshes the history).

let browserClient: QueryClient | undefined;

/** The tab's one client, created on first use; on the server (a render), one per call: nothing is shared between requests. */
export function sharedQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}

/** Drops every cached answer (a sign-out): a client that was never created has nothing to drop. */
export function clearSharedQueryClient(): void {
  browserClient?.clear();
}

export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}

/** `Component` inside the shared client's provider (for a lazily loaded screen). */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Queried(props: P) {
    return (
      <WithQueryClient>
        <Component {...props} />
      </WithQueryClient>
    );
  }
  Queried.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return Queried;
}
