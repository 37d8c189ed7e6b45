"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";

import { makeQueryClient } from "@/lib/client/api/query-client";
import { Toaster } from "@/components/ui/toaster";

export function QueryProvider({ children }: { children: ReactNode }) {
  // One client per browser tab, created once.
  const [client] = useState(() => makeQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
