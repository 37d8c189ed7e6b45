"use client";

import type { ReactNode } from "react";

import { LazyToaster } from "./lazy-overlays";

/**
 * What every page holds around its content: the toast viewport (loaded with the first toast). React Query is not here:
 * the parts that query bring its provider with their own code (shared-query-client.tsx), so the first screen loads none.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
    </>
  );
}
