/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { makeQueryClient } from "@/lib/client/api/query-client";
import { setRequestAuth } from "@/lib/client/api/request";
import { decodeListCursor, encodeListCursor } from "@/lib/domain/history/list-cursor";
import type { SessionListItem } from "@/lib/domain/history/session-list";

import { SessionHistory } from "./session-history";
import { HISTORY_TEXTS as T } from "./texts";

// The history with its real hook, request helper and list schema: the account holds more sessions than one page of the
// list, and "Load More Sessions" reaches every one of them. The network (jsdom has none) pages like the server does.
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => ({ signedIn: true, clerkEnabled: true, user: { id: "user_1" } }) }));
jest.mock("@/components/shell/lazy-screens", () => ({ prefetchSessionDetail: () => {} }));
jest.mock("@/lib/client/recordings/recover-interrupted", () => ({ recoverInterruptedRecordings: async () => [] }));
jest.mock("@/lib/client/recordings/audio-store", () => ({ deleteRecording: async () => {} }));

const minute = (n: number) => new Date(Date.UTC(2026, 9, 1, 12, n));
const serverSessions: SessionListItem[] = Array.from({ length: 23 }, (_, index) => ({
  id: `s-${String(index).padStart(2, "0")}`,
  clientId: null,
  name: null,
  mode: "couple",
  isCompleted: true,
  createdAt: minute(index).toISOString(),
  updatedAt: minute(index).toISOString(),
  lastActivityAt: minute(100 - index).toISOString(),
  title: `Conversation ${index}`,
  preview: `What was said in conversation ${index}`,
  insightCount: 3,
  followUpCount: index === 0 ? 1 : 0,
  commitmentTally: index === 0 ? { kept: 1, total: 2 } : null,
  signalsTrend: null,
  failedTranscription: null,
  failedAnalysis: null,
}));
const requested: URL[] = [];
/** While set, pages after the first wait for it: a slow network. */
let held: Promise<void> | null = null;
/** First pages that fail (503) before one comes. */
let failingFirstPages = 0;

beforeAll(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    requested.push(url);
    const cursor = url.searchParams.get("cursor");
    if (!cursor && failingFirstPages > 0) {
      failingFirstPages -= 1;
      const error = '{"error":"Service Unavailable","code":"unavailable"}';
      return {
        ok: false,
        status: 503,
        statusText: "Service Unavailable",
        headers: new Headers(),
        text: async () => error,
        json: async () => JSON.parse(error),
      } as Response;
    }
    if (cursor && held) await held;
    const limit = Number(url.searchParams.get("limit"));
    const after = cursor ? decodeListCursor(cursor) : null;
    const start = after ? serverSessions.findIndex((session) => session.id === after.id) + 1 : 0;
    const sessions = serverSessions.slice(start, start + limit);
    const last = sessions.at(-1);
    const more = start + limit < serverSessions.length && last;
    const body = JSON.stringify({
      sessions,
      nextCursor: more ? encodeListCursor({ at: new Date(last.lastActivityAt), id: last.id }) : null,
      ...(!cursor && { total: serverSessions.length }),
    });
    return { ok: true, status: 200, statusText: "OK", headers: new Headers(), text: async () => body, json: async () => JSON.parse(body) } as Response;
  }) as typeof fetch;
});

beforeEach(() => {
  requested.length = 0;
  localStorage.clear();
  setRequestAuth({ signedIn: true, getToken: async () => "token-1", user: { id: "user_1" } });
});

function renderHistory() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <SessionHistory onOpen={jest.fn()} onRetry={jest.fn()} />
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: T.heading });
}

const shownTitles = (list: HTMLElement) =>
  within(list)
    .queryAllByRole("button", { name: /^Open session: / })
    .map((button) => button.textContent);

describe("SessionHistory paging through the account's list", () => {
  it("shows five at a time and fetches the next page of the list when the loaded ones run out, until every session is shown", async () => {
    const user = userEvent.setup();
    const list = renderHistory();
    await waitFor(() => expect(shownTitles(list)).toHaveLength(5));
    // The card comes ready-made from the list: title, preview, counts and the kept tally.
    const first = within(list).getByRole("button", { name: "Open session: Conversation 0" });
    const card = first.closest("li")!;
    expect(card).toHaveTextContent("What was said in conversation 0");
    expect(card).toHaveTextContent("3 insights1 follow-up1 of 2 commitments kept");
    expect(requested).toHaveLength(1);
    expect(requested[0]!.pathname).toBe("/api/sessions");
    expect(requested[0]!.searchParams.get("cursor")).toBeNull();

    for (let shown = 10; shown <= 25; shown += 5) {
      await user.click(within(list).getByRole("button", { name: T.loadMore }));
      await waitFor(() => expect(shownTitles(list)).toHaveLength(Math.min(shown, 23)));
    }
    expect(shownTitles(list)).toEqual(serverSessions.map((session) => `Open session: ${session.title}`));
    expect(within(list).queryByRole("button", { name: T.loadMore })).not.toBeInTheDocument();
    // Three pages of ten, each asked for with the cursor the previous one gave.
    expect(requested.map((url) => url.searchParams.get("limit"))).toEqual(["10", "10", "10"]);
    expect(requested.slice(1).every((url) => decodeListCursor(url.searchParams.get("cursor") ?? "") !== null)).toBe(true);
  });

  it("the press that shows the last sessions hands the keyboard's focus to the first card it brought, not the top of the page", async () => {
    const user = userEvent.setup();
    const list = renderHistory();
    await waitFor(() => expect(shownTitles(list)).toHaveLength(5));
    for (let shown = 10; shown <= 20; shown += 5) {
      await user.click(within(list).getByRole("button", { name: T.loadMore }));
      await waitFor(() => expect(shownTitles(list)).toHaveLength(shown));
    }
    await user.click(within(list).getByRole("button", { name: T.loadMore }));
    await waitFor(() => expect(shownTitles(list)).toHaveLength(23));
    expect(within(list).queryByRole("button", { name: T.loadMore })).not.toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Open session: Conversation 20" })).toHaveFocus();
  });

  it("a first page that does not come says so with Try Again, not that there are no sessions; Try Again brings them", async () => {
    failingFirstPages = 1;
    const user = userEvent.setup();
    const list = renderHistory();
    const alert = await within(list).findByRole("alert");
    expect(alert).toHaveTextContent(T.listFailed);
    expect(within(list).queryByText(T.empty)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole("button", { name: T.listRetry }));
    await waitFor(() => expect(shownTitles(list)).toHaveLength(5));
    expect(within(list).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps a session only this device has, older than the loaded pages, until the pages before it have come", async () => {
    localStorage.setItem(
      "local_sessions",
      JSON.stringify([
        { id: "local-1", createdAt: minute(0).toISOString(), transcript: "Ana: the device-only talk", analysis: { briefSummary: "Device only" } },
      ]),
    );
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    const user = userEvent.setup();
    const list = renderHistory();
    await waitFor(() => expect(shownTitles(list)).toHaveLength(5));
    // The second page is slow: the device's older session does not fill the gap meanwhile.
    await user.click(within(list).getByRole("button", { name: T.loadMore }));
    await user.click(within(list).getByRole("button", { name: T.loadMore }));
    expect(shownTitles(list)).toHaveLength(10);
    expect(shownTitles(list)).not.toContain("Open session: Device only");
    expect(within(list).getByRole("button", { name: T.loadMore })).toHaveAttribute("aria-busy", "true");
    held = null;
    release();
    await waitFor(() => expect(shownTitles(list)).toHaveLength(15));
    expect(shownTitles(list)).not.toContain("Open session: Device only");
    while (within(list).queryByRole("button", { name: T.loadMore })) await user.click(within(list).getByRole("button", { name: T.loadMore }));
    await waitFor(() => expect(shownTitles(list)).toHaveLength(24));
    expect(shownTitles(list).at(-1)).toBe("Open session: Device only");
  });
});
