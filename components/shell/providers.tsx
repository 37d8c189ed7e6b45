"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { makeQueryClient } from "@/lib/client/api/query-client";

import { LazyToaster } from "./lazy-overlays";

export function QueryProvider({ children }: { children: ReactNode }) {
  // One client per browser tab, created once.
  const [client] = useState(() => makeQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
