import { QueryClient, type QueryFunction } from "@tanstack/react-query";

import { apiJson, ApiRequestError } from "./request";

export type On401 = "returnNull" | "throw";

/** Default query: GET on the key's parts joined with "/"; optionally null instead of an error on a 401. */
export function makeDefaultQueryFn(getJson: (path: string) => Promise<unknown> = (path) => apiJson("GET", path), on401: On401 = "throw"): QueryFunction {
  return async ({ queryKey }) => {
    const path = queryKey.map(String).join("/");
    try {
      return await getJson(path);
    } catch (error) {
      if (on401 === "returnNull" && error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
  };
}

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** The spec's fetching defaults: never stale, no refetch on focus, no polling, no retries, 5-minute garbage collection. */
export function makeQueryClient(queryFn: QueryFunction = makeDefaultQueryFn()): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
}

/** Query keys from one place; the default query function turns them into paths. */
export const queryKeys = {
  /** Everything under /api/sessions: invalidating it refreshes the history's pages, its count and any open session. */
  sessions: () => ["/api/sessions"] as const,
  /** The history's pages (an infinite query; its own query function follows the cursors). */
  sessionPages: () => ["/api/sessions", { list: "pages" }] as const,
  /** How many sessions the account has (the first page's total). */
  sessionTotal: () => ["/api/sessions", { list: "total" }] as const,
  session: (id: string) => ["/api/sessions", id] as const,
};
