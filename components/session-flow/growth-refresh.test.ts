/**
 * @jest-environment jsdom
 */
import { GROWTH_TIMING_MS } from "@/components/growth/texts";
import type { ClientSession } from "@/lib/domain/session-flow/client-session";

import { createFlowKit } from "./flow-kit";
import { completedSession, transcription } from "./flow-test-fixtures";
import { createGrowthActions } from "./growth-actions";

// Spec part 2 section 4: "After the overlay closes, the session is force-refreshed after 1.5 s and the summary updated if
// changed. Example sessions skip the forced refresh." The session calls go through the real typed client (session-api.ts)
// down to the request helper, whose apiJson answers here by path.

jest.mock("@/lib/client/wait", () => ({ wait: jest.fn(async () => undefined) }));
jest.mock("./transcription", () => ({ sendRecording: jest.fn(), leaveTranscribedAudioForRecovery: jest.fn() }));
jest.mock("@/lib/client/toast/toast-store", () => ({ showToast: jest.fn() }));
jest.mock("@/lib/client/api/request", () => ({ ...jest.requireActual("@/lib/client/api/request"), apiJson: jest.fn() }));

const { apiJson } = jest.requireMock("@/lib/client/api/request");
const { showToast } = jest.requireMock("@/lib/client/toast/toast-store");

const id = "6f1c2a8e-2f4b-4c55-9a61-0d3c8e1b2a77";
const session: ClientSession = completedSession({
  id,
  isLocal: false,
  summary: "You found time for each other.",
  recommendations: ["Plan Saturday together"],
});

/** The server's session after the growth step regenerated it. */
const regenerated = {
  id,
  summary: "Saturdays are yours now.",
  recommendations: ["Old one", "Cook together on Saturday", "Ask before planning", "Check in on Sunday"],
  encouragement: "Keep going.",
  followUpTranscripts: [{ transcript: "Maya: Saturdays are ours.", createdAt: "2026-11-02T10:00:00.000Z" }],
  commitments: [],
};

type Answer = Record<string, unknown> | Error;

/**
 * The server: the append is stored, the refetch after it answers `regenerated`, the forced refresh answers `refreshed`
 * (or fails with it). Returns the paths of the GETs of the session.
 */
function serverAnswering(refreshed: Answer | (() => Promise<unknown>)) {
  const gets: string[] = [];
  apiJson.mockImplementation(async (method: string, path: string) => {
    if (method === "POST" && path.endsWith("/append-transcript")) return { status: "ok" };
    if (method === "GET" && path.startsWith(`/api/sessions/${id}?`)) {
      gets.push(path);
      if (!path.includes("force=true")) return regenerated;
      if (typeof refreshed === "function") return refreshed();
      if (refreshed instanceof Error) throw refreshed;
      return refreshed;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { gets, refreshes: () => gets.filter((path) => path.includes("force=true")) };
}

/** A flow whose growth follow-up over `open` is named; the names confirmed, the append and refetch ran, the overlay closed. */
async function afterGrowthCompleted(open: ClientSession = session) {
  const kit = createFlowKit();
  kit.dispatch({ type: "OPENED", session: open });
  kit.dispatch({ type: "GROWTH_OPENED" });
  kit.dispatch({ type: "GROWTH_CAPTURE_STARTED", at: Date.now() });
  kit.dispatch({ type: "GROWTH_STOPPED" });
  kit.dispatch({ type: "GROWTH_TRANSCRIBED", result: transcription });
  const growth = createGrowthActions(kit);
  const results = () => {
    const phase = kit.getState().phase;
    return phase.name === "results" ? phase : null;
  };
  await growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  return { kit, growth, results };
}

/** Lets the refresh's promise chain settle (the fake clock does not run microtasks). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse("2026-11-02T10:00:00.000Z") });
  jest.clearAllMocks();
  localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  apiJson.mockReset();
});

test("the session is fetched once more, forced, 1.5 s after the overlay closed, and a changed summary replaces the one shown", async () => {
  const server = serverAnswering({ ...regenerated, summary: "Saturdays are yours, and Sundays too.", recommendations: ["A", "B", "C", "D"] });
  const { results } = await afterGrowthCompleted();
  expect(results()?.growth).toBeNull();
  expect(results()?.session.summary).toBe(regenerated.summary);
  expect(server.refreshes()).toEqual([]);

  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose - 1);
  expect(server.refreshes()).toEqual([]);
  await jest.advanceTimersByTimeAsync(1);
  await settle();

  expect(server.refreshes()).toEqual([`/api/sessions/${id}?refresh=true&force=true&_t=${Date.parse("2026-11-02T10:00:01.500Z")}`]);
  expect(results()?.session).toMatchObject({ summary: "Saturdays are yours, and Sundays too.", recommendations: ["B", "C", "D"] });

  // Once: nothing more follows.
  await jest.advanceTimersByTimeAsync(60_000);
  expect(server.refreshes()).toHaveLength(1);
});

test("an unchanged summary leaves the results as they are", async () => {
  const server = serverAnswering({ ...regenerated, recommendations: ["Something the server holds"] });
  const { results } = await afterGrowthCompleted();
  const shown = results()?.session;

  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose);
  await settle();

  expect(server.refreshes()).toHaveLength(1);
  expect(results()?.session).toBe(shown);
});

test("after Cancel (the generic recommendations added), a summary the server regenerated meanwhile comes in; an unchanged one keeps them", async () => {
  // The refetch after the append failed: the "Analysis Loading Failed" dialog, then Cancel.
  const gets: string[] = [];
  let refreshed: Record<string, unknown> = { ...regenerated, summary: session.summary };
  apiJson.mockImplementation(async (method: string, path: string) => {
    if (method === "POST") return { status: "ok" };
    gets.push(path);
    if (!path.includes("force=true")) throw new TypeError("Failed to fetch");
    return refreshed;
  });

  const first = await afterGrowthCompleted();
  expect(first.results()?.growth).toEqual({ name: "failed", dialog: "loading-failed" });
  first.growth.finishWithGenericRecommendations();
  const withGeneric = first.results()?.session;
  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose);
  await settle();
  expect(gets.filter((path) => path.includes("force=true"))).toHaveLength(1);
  expect(first.results()?.session).toBe(withGeneric);

  refreshed = regenerated;
  const second = await afterGrowthCompleted();
  second.growth.finishWithGenericRecommendations();
  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose);
  await settle();
  expect(second.results()?.session).toMatchObject({ summary: regenerated.summary, recommendations: regenerated.recommendations.slice(-3) });
});

test.each([
  ["a session kept on this device (a guest's)", { ...session, id: "local-1", isLocal: true }],
  ["an example session", { ...session, isExample: true }],
])("%s is not refreshed", async (_, open) => {
  const kit = createFlowKit();
  kit.dispatch({ type: "OPENED", session: open });
  kit.dispatch({ type: "GROWTH_OPENED" });
  kit.dispatch({ type: "GROWTH_CAPTURE_STARTED", at: Date.now() });
  kit.dispatch({ type: "GROWTH_STOPPED" });
  kit.dispatch({ type: "GROWTH_TRANSCRIBED", result: transcription });
  const growth = createGrowthActions(kit);
  // The append answers the regenerated session (a guest's way), and any GET would be recorded.
  const gets: string[] = [];
  apiJson.mockImplementation(async (method: string, path: string) => {
    if (method === "POST") return { status: "ok", ...regenerated, id: open.id };
    gets.push(path);
    return { ...regenerated, id: open.id, summary: "Changed on the server" };
  });
  await growth.confirmNames({ SPEAKER_01: "Maya", SPEAKER_02: "Jon" });
  const phase = () => kit.getState().phase;
  expect(phase()).toMatchObject({ name: "results", growth: null });
  const shown = (phase() as { session: ClientSession }).session;

  await jest.advanceTimersByTimeAsync(10_000);
  await settle();

  expect(gets.filter((path) => path.includes("force=true"))).toEqual([]);
  expect((phase() as { session: ClientSession }).session).toBe(shown);
});

test("results closed before the 1.5 s have passed: no refresh, even when the same session is opened again", async () => {
  const server = serverAnswering({ ...regenerated, summary: "Changed on the server" });
  const { kit } = await afterGrowthCompleted();

  kit.dispatch({ type: "CLOSED" });
  kit.dispatch({ type: "OPENED", session });
  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose * 2);
  await settle();

  expect(server.refreshes()).toEqual([]);
  expect(kit.getState().phase).toMatchObject({ name: "results", session: { summary: session.summary } });
});

test("results closed while the refresh is on its way: its answer is dropped", async () => {
  let answer!: (value: unknown) => void;
  const server = serverAnswering(() => new Promise<unknown>((resolve) => (answer = resolve)));
  const { kit } = await afterGrowthCompleted();

  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose);
  expect(server.refreshes()).toHaveLength(1);
  kit.dispatch({ type: "CLOSED" });
  kit.dispatch({ type: "OPENED", session });
  answer({ ...regenerated, summary: "Changed on the server" });
  await settle();

  expect(kit.getState().phase).toMatchObject({ name: "results", session: { summary: session.summary } });
});

test("the flow torn down before the 1.5 s: the timer is cleared and nothing is fetched", async () => {
  const server = serverAnswering({ ...regenerated, summary: "Changed on the server" });
  const { kit } = await afterGrowthCompleted();

  kit.dispose();
  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose * 2);

  expect(server.refreshes()).toEqual([]);
});

test.each([
  ["the network fails", new TypeError("Failed to fetch")],
  ["the server answers 500", Object.assign(new Error("500: Internal Server Error"), { status: 500 })],
])("a refresh that fails (%s) changes nothing and shows nothing", async (_, failure) => {
  const server = serverAnswering(failure);
  const { kit, results } = await afterGrowthCompleted();
  const before = kit.getState();
  const toasts = showToast.mock.calls.length;

  await jest.advanceTimersByTimeAsync(GROWTH_TIMING_MS.refreshAfterClose);
  await settle();

  expect(server.refreshes()).toHaveLength(1);
  expect(kit.getState()).toBe(before);
  expect(results()?.session.summary).toBe(regenerated.summary);
  expect(showToast.mock.calls.length).toBe(toasts);
});
