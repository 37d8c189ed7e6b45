"use client";

import { withQueryClient } from "@/components/shell/shared-query-client";

import { SessionHistory } from "./session-history";

/** What lazy-session-history.tsx loads: the history with React Query's provider (the tab's shared client). */
export const SessionHistoryWithQuery = withQueryClient(SessionHistory);
