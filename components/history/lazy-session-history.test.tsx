/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";

import { IdentityContext, type AppIdentity } from "@/components/auth/identity-context";
import { announceSessionsChanged } from "@/lib/client/events";
import { testIdentity } from "@/tests/helpers/identity";

import { hasLocalHistory, LazySessionHistory, mayHaveStoredAudio } from "./lazy-session-history";
import { HISTORY_TEXTS } from "./texts";

// The history's code loads only when there can be something to list (lazy-session-history.tsx).
jest.mock("./history-with-query", () => ({
  SessionHistoryWithQuery: () => <p>the real history</p>,
}));

const guest = testIdentity();

function renderHistory(identity: AppIdentity = guest) {
  return render(
    <IdentityContext.Provider value={identity}>
      <LazySessionHistory onOpen={() => {}} onRetry={() => {}} />
    </IdentityContext.Provider>,
  );
}

const noDatabases = { databases: async () => [] as IDBDatabaseInfo[] };

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(globalThis, "indexedDB", { value: noDatabases, configurable: true });
});

test("a first visit: the list's empty text, and no history code, until a session is saved", async () => {
  renderHistory();
  expect(await screen.findByText(HISTORY_TEXTS.empty)).toBeInTheDocument();
  expect(screen.getByText(/You are not signed in/)).toBeInTheDocument();
  expect(screen.queryByText("the real history")).not.toBeInTheDocument();
  act(() => announceSessionsChanged());
  expect(await screen.findByText("the real history")).toBeInTheDocument();
});

test("sessions on this device, or a signed-in user, load the list at once", async () => {
  localStorage.setItem("local_sessions", JSON.stringify([{ id: "local-1" }]));
  const { unmount } = renderHistory();
  expect(await screen.findByText("the real history")).toBeInTheDocument();
  unmount();
  localStorage.clear();
  renderHistory({ ...guest, clerkEnabled: true, signedIn: true, user: { id: "u1" } });
  expect(await screen.findByText("the real history")).toBeInTheDocument();
});

test("what counts as something to list", async () => {
  expect(hasLocalHistory(localStorage)).toBe(false);
  localStorage.setItem("local_sessions", "[]");
  expect(hasLocalHistory(localStorage)).toBe(false);
  localStorage.setItem("failedRecordings", '[{"id":"r1"}]');
  expect(hasLocalHistory(localStorage)).toBe(true);
  const refusing = {
    getItem: (): string | null => {
      throw new Error("denied");
    },
    setItem: () => {},
    removeItem: () => {},
  };
  expect(hasLocalHistory(refusing)).toBe(true);

  expect(await mayHaveStoredAudio(noDatabases)).toBe(false);
  expect(await mayHaveStoredAudio({ databases: async () => [{ name: "coach-audio", version: 1 }] })).toBe(true);
  expect(await mayHaveStoredAudio({} as Pick<IDBFactory, "databases">)).toBe(true);
  expect(await mayHaveStoredAudio(undefined)).toBe(false);
});
