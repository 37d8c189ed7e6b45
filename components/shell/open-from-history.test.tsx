/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SessionHistory } from "@/components/history/session-history";
import { HISTORY_TEXTS } from "@/components/history/texts";
import type { HistoryEntry } from "@/components/history/use-history";
import { makeQueryClient } from "@/lib/client/api/query-client";
import { setRequestAuth } from "@/lib/client/api/request";
import { showToast } from "@/lib/client/toast/toast-store";
import type { SessionListItem } from "@/lib/domain/history/session-list";

import { historyDetailLoaded, sessionResultsLoaded } from "./lazy-screens";
import { openFromHistory, SCREEN_CODE_WAIT_MS } from "./open-from-history";

// A card of the history opened as the home screen opens it: the session fetched from the account, then its screen, whose
// code is a chunk downloaded on the tap. The card stays on screen and tappable until that screen shows: more taps meanwhile
// must neither fetch the session again nor open it again.
jest.mock("@/components/auth/identity-context", () => ({ useIdentity: () => ({ signedIn: true, clerkEnabled: true, user: { id: "user_1" } }) }));
jest.mock("@/components/shell/lazy-screens", () => ({ prefetchSessionDetail: () => {}, historyDetailLoaded: jest.fn(), sessionResultsLoaded: jest.fn() }));
jest.mock("@/lib/client/recordings/recover-interrupted", () => ({ recoverInterruptedRecordings: async () => [] }));
jest.mock("@/lib/client/recordings/audio-store", () => ({ deleteRecording: async () => {} }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const listItem = (id: string, title: string, minute: number): SessionListItem => ({
  id,
  clientId: null,
  name: null,
  mode: "couple",
  isCompleted: id === "srv-done",
  createdAt: new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString(),
  lastActivityAt: new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString(),
  title,
  preview: `What was said about ${title}`,
  insightCount: 1,
  followUpCount: 0,
  commitmentTally: null,
  signalsTrend: null,
  failedTranscription: null,
  failedAnalysis: null,
});
const LISTED = [listItem("srv-1", "Holiday plans", 3), listItem("srv-2", "Money talk", 2), listItem("srv-done", "Sunday walk", 1)];

/** The full session GET /api/sessions/{id} gives: one card not yet voted (its detail opens), or a completed one (its results). */
const fullSession = (id: string) => ({
  id,
  createdAt: "2026-11-20T10:00:00.000Z",
  transcript: "Ana: the sea or the hills?\nBen: the hills",
  analysis: { briefSummary: id, cards: [{ dimension: "Curiosity", insight: "Ben asked.", tips: [] }] },
  swipeActions: [],
  isCompleted: id === "srv-done",
});

/** Opens of one session (GET /api/sessions/{id}?from=history), by id; `answer` decides when and how each is answered. */
const opened: string[] = [];
let answer: (id: string) => Promise<unknown> = async (id) => fullSession(id);

const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, statusText: "", headers: new Headers(), text: async () => JSON.stringify(body), json: async () => body }) as Response;

beforeAll(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/sessions") return json({ sessions: LISTED, nextCursor: null, total: LISTED.length });
    const id = url.pathname.split("/").at(-1)!;
    if (url.searchParams.get("from") === "history") opened.push(id);
    return json(await answer(id));
  }) as typeof fetch;
});

beforeEach(() => {
  opened.length = 0;
  answer = async (id) => fullSession(id);
  localStorage.clear();
  jest.mocked(showToast).mockClear();
  setRequestAuth({ signedIn: true, getToken: async () => "token-1", user: { id: "user_1" } });
});

/** The history wired to openFromHistory as the home screen wires it, with each screen's code arriving when the test says. */
async function renderHistory() {
  const detailCode = deferred();
  const resultsCode = deferred();
  jest.mocked(historyDetailLoaded).mockReset().mockReturnValue(detailCode.promise);
  jest.mocked(sessionResultsLoaded).mockReset().mockReturnValue(resultsCode.promise);
  const screens = { results: jest.fn(), detail: jest.fn<void, [HistoryEntry]>() };
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <SessionHistory onOpen={(session) => openFromHistory(session, screens)} onRetry={jest.fn()} />
    </QueryClientProvider>,
  );
  const list = screen.getByRole("region", { name: HISTORY_TEXTS.heading });
  await waitFor(() => expect(within(list).getAllByRole("button", { name: /^Open session: / })).toHaveLength(3));
  const card = (title: string) => within(list).getByRole("button", { name: `${HISTORY_TEXTS.openPrefix}${title}` });
  return { card, screens, detailCode, resultsCode };
}

/** Lets every pending promise and re-render run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe("opening a session from the history while its screen's code is still downloading", () => {
  it("a double tap while the session is on its way fetches it once and opens its detail once", async () => {
    const user = userEvent.setup();
    const { card, screens, detailCode } = await renderHistory();
    const session = deferred<unknown>();
    answer = () => session.promise;

    await user.dblClick(card("Holiday plans"));
    await settle();
    expect(opened).toEqual(["srv-1"]);

    session.resolve(fullSession("srv-1"));
    await waitFor(() => expect(screens.detail).toHaveBeenCalledTimes(1));
    detailCode.resolve();
    await settle();
    expect(opened).toEqual(["srv-1"]);
    expect(screens.detail).toHaveBeenCalledTimes(1);
    expect(screens.detail).toHaveBeenCalledWith(expect.objectContaining({ id: "srv-1" }));
  });

  it("taps after the session came but before the detail's code did do nothing; once it has come, another card opens", async () => {
    const user = userEvent.setup();
    const { card, screens, detailCode } = await renderHistory();

    await user.click(card("Holiday plans"));
    await waitFor(() => expect(screens.detail).toHaveBeenCalledTimes(1));
    expect(card("Holiday plans")).toHaveAttribute("aria-busy", "true");
    // The detail's chunk is still on its way: the same card again, then another one.
    await user.click(card("Holiday plans"));
    await user.click(card("Money talk"));
    await settle();
    expect(opened).toEqual(["srv-1"]);
    expect(screens.detail).toHaveBeenCalledTimes(1);

    detailCode.resolve();
    await waitFor(() => expect(card("Holiday plans")).toHaveAttribute("aria-busy", "false"));
    await user.click(card("Money talk"));
    await waitFor(() => expect(screens.detail).toHaveBeenCalledTimes(2));
    expect(opened).toEqual(["srv-1", "srv-2"]);
    expect(screens.detail).toHaveBeenLastCalledWith(expect.objectContaining({ id: "srv-2" }));
  });

  it("a completed session tapped twice before the results' code came opens its results once", async () => {
    const user = userEvent.setup();
    const { card, screens, resultsCode } = await renderHistory();

    await user.dblClick(card("Sunday walk"));
    await waitFor(() => expect(screens.results).toHaveBeenCalledTimes(1));
    await user.click(card("Sunday walk"));
    await settle();
    expect(opened).toEqual(["srv-done"]);
    expect(screens.results).toHaveBeenCalledTimes(1);
    expect(screens.results).toHaveBeenCalledWith(expect.objectContaining({ id: "srv-done", isCompleted: true }));

    resultsCode.resolve();
    await settle();
    expect(screens.detail).not.toHaveBeenCalled();
  });

  it("after an open that failed, or whose screen's code did not arrive, the next tap opens again", async () => {
    const user = userEvent.setup();
    const { card, screens, detailCode } = await renderHistory();
    // The account does not answer and this device has no copy: "Could not load session data", said once for a double tap.
    const refusal = deferred<unknown>();
    answer = () => refusal.promise;
    await user.dblClick(card("Holiday plans"));
    refusal.reject(new TypeError("Failed to fetch"));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: HISTORY_TEXTS.openErrorTitle })));
    await settle();
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(opened).toEqual(["srv-1"]);
    expect(screens.detail).not.toHaveBeenCalled();

    answer = async (id) => fullSession(id);
    await user.dblClick(card("Holiday plans"));
    await waitFor(() => expect(screens.detail).toHaveBeenCalledTimes(1));
    // The detail's chunk fails (its boundary says so and closes it): the history takes the next tap.
    detailCode.reject(new Error("ChunkLoadError"));
    await waitFor(() => expect(card("Holiday plans")).toHaveAttribute("aria-busy", "false"));
    await user.click(card("Money talk"));
    await waitFor(() => expect(screens.detail).toHaveBeenCalledTimes(2));
    expect(opened).toEqual(["srv-1", "srv-1", "srv-2"]);
  });
});

it("a screen's code that neither arrives nor fails holds the history no longer than its wait", async () => {
  jest.useFakeTimers();
  try {
    jest
      .mocked(historyDetailLoaded)
      .mockReset()
      .mockReturnValue(new Promise(() => {}));
    const screens = { results: jest.fn(), detail: jest.fn() };
    let released = false;
    void openFromHistory(fullSession("srv-1") as unknown as HistoryEntry, screens).then(() => (released = true));
    await jest.advanceTimersByTimeAsync(SCREEN_CODE_WAIT_MS - 1);
    expect(screens.detail).toHaveBeenCalledTimes(1);
    expect(released).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});
