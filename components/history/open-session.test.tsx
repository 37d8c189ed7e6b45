/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";

import { makeQueryClient } from "@/lib/client/api/query-client";
import { setRequestAuth } from "@/lib/client/api/request";
import { upsertLocalSessionRecord } from "@/lib/client/recordings/local-recordings";
import { showToast } from "@/lib/client/toast/toast-store";

import { OPEN_FROM_HISTORY_TIMEOUT_MS, HISTORY_TEXTS as T } from "./texts";
import { useHistory, type HistoryEntry } from "./use-history";

// Opening a session of the account's from the history while the account does not answer: the spec's fallback is this
// device's data, which may be kept under the browser id the account knows as the session's clientId.
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => ({ signedIn: true, clerkEnabled: true, user: { id: "user_1" } }) }));
jest.mock("@/lib/client/recordings/recover-interrupted", () => ({ recoverInterruptedRecordings: async () => [] }));
jest.mock("@/lib/client/recordings/audio-store", () => ({ deleteRecording: async () => {} }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));

const listed: HistoryEntry = {
  id: "srv-1",
  clientId: "local-1700000000001",
  createdAt: "2026-11-20T10:00:00.000Z",
  title: "Holiday plans",
  preview: "Ana: the sea or the hills?",
  insightCount: 1,
};

beforeAll(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    // The session itself: the connection is gone.
    if (url.pathname !== "/api/sessions") throw new TypeError("Failed to fetch");
    const body = JSON.stringify({ sessions: [], nextCursor: null, total: 0 });
    return { ok: true, status: 200, statusText: "OK", headers: new Headers(), text: async () => body, json: async () => JSON.parse(body) } as Response;
  }) as typeof fetch;
});

beforeEach(() => {
  localStorage.clear();
  jest.mocked(showToast).mockClear();
  setRequestAuth({ signedIn: true, getToken: async () => "token-1", user: { id: "user_1" } });
});

function renderUseHistory() {
  const client = makeQueryClient();
  return renderHook(() => useHistory(), {
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
}

it("opens this device's copy kept under the session's browser id when the account does not answer", async () => {
  upsertLocalSessionRecord({ id: "local-1700000000001", transcript: "Ana: the sea or the hills?\nBen: the hills", analysis: { cards: [{}] } });
  const { result } = renderUseHistory();
  let opened: HistoryEntry | null = null;
  await act(async () => {
    opened = await result.current.open(listed);
  });
  expect(opened).toMatchObject({ id: "local-1700000000001", transcript: "Ana: the sea or the hills?\nBen: the hills" });
  expect(showToast).not.toHaveBeenCalled();
});

it("says the session could not be loaded when this device has no copy either", async () => {
  const { result } = renderUseHistory();
  let opened: HistoryEntry | null = listed;
  await act(async () => {
    opened = await result.current.open(listed);
  });
  expect(opened).toBeNull();
  expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: T.openErrorTitle, description: T.openErrorBody }));
});

it("gives the account 5 s, then opens this device's copy", async () => {
  upsertLocalSessionRecord({ id: "local-1700000000001", transcript: "Ana: the sea or the hills?", analysis: { cards: [{}] } });
  const listFetch = globalThis.fetch;
  // The session's request is answered by nothing: only its time-out can end it.
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), "http://localhost").pathname === "/api/sessions") return listFetch(input, init);
    return new Promise<Response>((_, reject) => init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason), { once: true }));
  }) as typeof fetch;
  const waits: number[] = [];
  const timeout = jest.spyOn(AbortSignal, "timeout").mockImplementation((ms) => {
    waits.push(ms);
    return ms === OPEN_FROM_HISTORY_TIMEOUT_MS ? AbortSignal.abort(new DOMException("timed out", "TimeoutError")) : new AbortController().signal;
  });
  try {
    const { result } = renderUseHistory();
    let opened: HistoryEntry | null = null;
    await act(async () => {
      opened = await result.current.open(listed);
    });
    expect(waits).toContain(OPEN_FROM_HISTORY_TIMEOUT_MS);
    expect(opened).toMatchObject({ id: "local-1700000000001" });
  } finally {
    timeout.mockRestore();
    globalThis.fetch = listFetch;
  }
});
