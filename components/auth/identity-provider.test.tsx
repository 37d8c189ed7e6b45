/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";

import { currentToast, type ToastInput } from "@/lib/client/toast/toast-store";

import { useIdentity, type AppIdentity } from "./identity-context";
import { ClerkIdentityProvider } from "./identity-provider";

// The disclaimer acceptance follows the account however the user signed in (issue 12): Google's redirect lands on the app
// without passing the e-mail screen, so the provider copies it once Clerk knows the user.

const clerkState: { isLoaded: boolean; isSignedIn: boolean; user: { id: string; unsafeMetadata: Record<string, unknown>; update: jest.Mock } | null } = {
  isLoaded: false,
  isSignedIn: false,
  user: null,
};
const clerkSignOut = jest.fn(async () => undefined);
jest.mock("@clerk/nextjs", () => ({
  useAuth: () => ({ isLoaded: clerkState.isLoaded, isSignedIn: clerkState.isSignedIn, userId: clerkState.user?.id ?? null, getToken: async () => null }),
  useUser: () => ({ user: clerkState.user }),
  useClerk: () => ({ loaded: clerkState.isLoaded, signOut: clerkSignOut }),
}));

jest.mock("@/lib/client/sessions/session-api", () => ({
  ...jest.requireActual("@/lib/client/sessions/session-api"),
  sessionApi: { migrate: jest.fn() },
}));
const { sessionApi } = jest.requireMock("@/lib/client/sessions/session-api");

function providerTree(children: ReactNode = <p>home</p>) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ClerkIdentityProvider serverUser={null}>{children}</ClerkIdentityProvider>
    </QueryClientProvider>
  );
}

function renderProvider() {
  return render(providerTree());
}

/** Renders the provider again, as Clerk's state changing does. */
function rerenderWith(view: ReturnType<typeof renderProvider>, children?: ReactNode) {
  view.rerender(providerTree(children));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionApi.migrate.mockReset();
  clerkSignOut.mockClear();
  clerkState.isLoaded = false;
  clerkState.isSignedIn = false;
  clerkState.user = null;
});

test("a user signed in by any route gets this device's acceptance on the account, once", async () => {
  localStorage.setItem("disclaimerAcceptedAt", "2026-11-01T10:00:00.000Z");
  const update = jest.fn(async () => undefined);
  const view = renderProvider();
  expect(update).not.toHaveBeenCalled();

  Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_google", unsafeMetadata: {}, update } });
  rerenderWith(view);
  await waitFor(() => expect(update).toHaveBeenCalledWith({ unsafeMetadata: { disclaimerAcceptedAt: "2026-11-01T10:00:00.000Z" } }));

  // Clerk hands out a new user object on every change: the same account is not written again.
  clerkState.user = { id: "user_google", unsafeMetadata: {}, update };
  rerenderWith(view);
  expect(update).toHaveBeenCalledTimes(1);
});

test("on a new device of an account that accepted it, the acceptance comes back from the account", async () => {
  Object.assign(clerkState, {
    isLoaded: true,
    isSignedIn: true,
    user: { id: "user_2", unsafeMetadata: { disclaimerAcceptedAt: "2026-10-01T08:00:00.000Z" }, update: jest.fn() },
  });
  renderProvider();
  await waitFor(() => expect(localStorage.getItem("disclaimerAcceptedAt")).toBe("2026-10-01T08:00:00.000Z"));
});

/** The provider for a signed-in user; answers the sign-out its identity offers. */
function renderSignedIn(serverUser: { id: string } | null = null) {
  let signOut: AppIdentity["signOut"] | undefined;
  function Grab() {
    signOut = useIdentity().signOut;
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ClerkIdentityProvider serverUser={serverUser}>
        <Grab />
      </ClerkIdentityProvider>
    </QueryClientProvider>,
  );
  return async (said?: ToastInput) => {
    await signOut?.(said);
  };
}

test("signing out clears the cached profile: the next person on this browser is not shown or offered the name kept here", async () => {
  localStorage.setItem("userDisplayName", "Maya");
  Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
  const signOut = renderSignedIn();
  await act(async () => {
    await signOut();
  });
  expect(clerkSignOut).toHaveBeenCalled();
  expect(localStorage.getItem("userDisplayName")).toBeNull();
  // No reload follows Clerk's sign-out: nothing is kept for one.
  expect(currentToast()?.title).toBe("Logged out");
  expect(sessionStorage.getItem("toastAfterReload")).toBeNull();
});

test("a session that ends without the app's sign-out (expired, another tab) drops the offline copies of its pages", async () => {
  const deleted: string[] = [];
  Object.defineProperty(globalThis, "caches", { configurable: true, value: { delete: async (name: string) => (deleted.push(name), true) } });
  try {
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const view = renderProvider();
    await waitFor(() => expect(localStorage.getItem("account_pages_cached")).toBe("true"));
    expect(deleted).toEqual([]);

    Object.assign(clerkState, { isSignedIn: false, user: null });
    rerenderWith(view);
    await waitFor(() => expect(deleted).toEqual(["pages", "pages-rsc"]));
    expect(localStorage.getItem("account_pages_cached")).toBeNull();
  } finally {
    delete (globalThis as { caches?: unknown }).caches;
  }
});

describe("signing out on a shared browser", () => {
  const analysis = { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: [] }] };
  const marker = { error: "Service Unavailable", timestamp: "2026-11-01T10:00:00.000Z", attemptCount: 1 };
  const session = (id: string, fields: Record<string, unknown>) => ({
    id,
    isLocal: true,
    name: "Recording Nov 1, 2026, 9:00 AM",
    transcript: "Maya: Something only we should read.",
    createdAt: "2026-11-01T09:00:00.000Z",
    timestamp: 1793523600000,
    ...fields,
  });
  // user_a's "Save Locally Only" copy of an account session: all the account needs to hold it.
  const syncedOfA = session("3f1c2a8e-1b2c-4d5e-8f90-123456789abc", { ownerId: "user_a", analysis, isCompleted: true });
  const failedRecordingOfA = session("local-1793523600000", { ownerId: "user_a", audioKey: "rec-a", mimeType: "audio/webm", failedTranscription: marker });
  const failedAnalysisOfA = session("local-1793523700000", { ownerId: "user_a", audioKey: null, analysis: { cards: [] }, failedAnalysis: marker });
  const guestSession = session("local-1793523800000", { analysis, isCompleted: true });
  const sessionOfB = session("local-1793523900000", { ownerId: "user_b", analysis, isCompleted: true });
  const recordingRef = {
    id: "rec-a",
    timestamp: 1793523600000,
    sessionId: failedRecordingOfA.id,
    isLocal: true,
    name: "Recording",
    mimeType: "audio/webm",
    audioKey: "rec-a",
  };
  const pendingOfA = { ownerId: "user_a", sessionId: "6b0e7f4c-2d3e-4f50-9a61-abcdefabcdef", followUp: { transcript: "Maya: We walked on Friday." } };

  const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? "[]") as { id?: string }[];
  const storedIds = () => stored("local_sessions").map((item) => item.id);

  function keepOnThisBrowser() {
    localStorage.setItem("local_sessions", JSON.stringify([syncedOfA, failedRecordingOfA, failedAnalysisOfA, guestSession, sessionOfB]));
    localStorage.setItem("localRecordings", JSON.stringify([recordingRef]));
    localStorage.setItem("pending_follow_ups", JSON.stringify([pendingOfA]));
  }

  const confirmAll = async (items: { id: string }[]) => ({
    success: true,
    migratedCount: items.length,
    migrated: items.map((item) => ({ localId: item.id, id: item.id })),
  });

  test("user A's copy the account confirms is gone; A's failed recording and analysis, A's follow-up, a guest's and B's stay", async () => {
    keepOnThisBrowser();
    sessionApi.migrate.mockImplementation(confirmAll);
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();

    await act(async () => {
      await signOut();
    });

    // Only A's completed copy was offered to A's account, without the browser's own fields.
    expect(sessionApi.migrate).toHaveBeenCalledTimes(1);
    expect(sessionApi.migrate.mock.calls[0][0]).toEqual([expect.objectContaining({ id: syncedOfA.id, transcript: syncedOfA.transcript })]);
    expect(sessionApi.migrate.mock.calls[0][0][0]).not.toHaveProperty("ownerId");
    // Kept before copies were stamped: its age is unknown, so the account keeps its own copy should it have one.
    expect(sessionApi.migrate.mock.calls[0][0][0]).toMatchObject({ keptCopy: { changedMsAgo: null } });
    expect(storedIds()).toEqual([failedRecordingOfA.id, failedAnalysisOfA.id, guestSession.id, sessionOfB.id]);
    expect(stored("localRecordings")).toEqual([recordingRef]);
    expect(stored("pending_follow_ups")).toEqual([pendingOfA]);
    expect(clerkSignOut).toHaveBeenCalled();
    expect(currentToast()?.title).toBe("Logged out");
  });

  test("each copy goes with how long ago it was last changed here, for the account to keep a newer copy of its own", async () => {
    localStorage.setItem("local_sessions", JSON.stringify([{ ...syncedOfA, changedAt: Date.now() - 5 * 60_000 }]));
    sessionApi.migrate.mockImplementation(confirmAll);
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();

    await act(async () => {
      await signOut();
    });

    const [sent] = sessionApi.migrate.mock.calls[0][0];
    expect(sent.keptCopy.changedMsAgo).toBeGreaterThanOrEqual(5 * 60_000);
    expect(sent.keptCopy.changedMsAgo).toBeLessThan(6 * 60_000);
    expect(sent).not.toHaveProperty("changedAt");
    // Confirmed either way (the account holds the session): nothing of A's is left on this browser.
    expect(storedIds()).toEqual([]);
  });

  test("a copy under this browser's id that the account takes is recorded as moved, so a late write cannot bring it back", async () => {
    const unsavedOfA = session("local-1793524000000", { ownerId: "user_a", analysis, isCompleted: true });
    localStorage.setItem("local_sessions", JSON.stringify([syncedOfA, unsavedOfA]));
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => ({
      success: true,
      migratedCount: items.length,
      migrated: items.map((item) => ({ localId: item.id, id: item.id === unsavedOfA.id ? "7d2e9b1a-0c3d-4e5f-8a9b-0123456789ab" : item.id })),
    }));
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();

    await act(async () => {
      await signOut();
    });

    expect(storedIds()).toEqual([]);
    expect(JSON.parse(localStorage.getItem("moved_sessions") ?? "[]")).toEqual([
      { localId: unsavedOfA.id, accountId: "7d2e9b1a-0c3d-4e5f-8a9b-0123456789ab", ownerId: "user_a" },
    ]);
  });

  test("the hand-over runs while the sign-in still holds: Clerk's sign-out comes after it", async () => {
    keepOnThisBrowser();
    const order: string[] = [];
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => (order.push("hand-over"), confirmAll(items)));
    clerkSignOut.mockImplementationOnce(async () => void order.push("clerk sign-out"));
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();
    await act(async () => {
      await signOut();
    });
    expect(order).toEqual(["hand-over", "clerk sign-out"]);
  });

  test("what the account did not confirm (offline, refused) stays on the device, and the sign-out still happens", async () => {
    keepOnThisBrowser();
    sessionApi.migrate.mockRejectedValue(new Error("Failed to fetch"));
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();
    await act(async () => {
      await signOut();
    });
    expect(storedIds()).toContain(syncedOfA.id);
    expect(clerkSignOut).toHaveBeenCalled();
    expect(currentToast()?.title).toBe("Logged out");
  });

  test("a copy of a session the account deleted meanwhile (another device) leaves too; one it failed to store stays", async () => {
    const otherOfA = session("6b0e7f4c-2d3e-4f50-9a61-abcdefabcdef", { ownerId: "user_a", analysis, isCompleted: true });
    localStorage.setItem("local_sessions", JSON.stringify([syncedOfA, otherOfA]));
    sessionApi.migrate.mockResolvedValue({
      success: true,
      migratedCount: 0,
      migrated: [],
      skipped: [
        { localId: syncedOfA.id, reason: "not_found" },
        { localId: otherOfA.id, reason: "failed" },
      ],
    });
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();
    await act(async () => {
      await signOut();
    });
    expect(storedIds()).toEqual([otherOfA.id]);
    expect(currentToast()?.title).toBe("Logged out");
  });

  test("a copy written again while the account took it (a vote's backup) stays: the account has not seen that version", async () => {
    keepOnThisBrowser();
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => {
      const rewritten = stored("local_sessions").map((item) =>
        item.id === syncedOfA.id ? { ...item, swipeActions: [{ cardIndex: 0, action: "helpful" }] } : item,
      );
      localStorage.setItem("local_sessions", JSON.stringify(rewritten));
      return confirmAll(items);
    });
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const signOut = renderSignedIn();
    await act(async () => {
      await signOut();
    });
    expect(storedIds()).toContain(syncedOfA.id);
  });

  test("an account that does not answer holds the sign-out back 5 s at most, and nothing leaves the device", async () => {
    jest.useFakeTimers();
    try {
      keepOnThisBrowser();
      let sentSignal: AbortSignal | undefined;
      sessionApi.migrate.mockImplementation((_items: unknown, options: { signal?: AbortSignal }) => {
        sentSignal = options.signal;
        return new Promise(() => undefined);
      });
      Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
      const signOut = renderSignedIn();
      let done = false;
      await act(async () => {
        void signOut().then(() => (done = true));
        await jest.advanceTimersByTimeAsync(4900);
      });
      expect(sessionApi.migrate).toHaveBeenCalled();
      expect(done).toBe(false);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(done).toBe(true);
      // The request is called off with the sign-out's wait.
      expect(sentSignal?.aborted).toBe(true);
      expect(storedIds()).toContain(syncedOfA.id);
      expect(clerkSignOut).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  test("Clerk's sign-out that never answers (a stalled connection): 8 s later the session ends here as without Clerk, and says so", async () => {
    jest.useFakeTimers();
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      clerkSignOut.mockImplementationOnce(() => new Promise(() => undefined));
      Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
      document.cookie = "__client_uat=1793523600; path=/";
      const signOut = renderSignedIn();
      let done = false;
      await act(async () => {
        void signOut().then(() => (done = true));
        await jest.advanceTimersByTimeAsync(7900);
      });
      expect(done).toBe(false);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(done).toBe(true);
      expect(document.cookie).toContain("__client_uat=0");
      expect(currentToast()?.title).toBe("Logged out");
      // jsdom cannot navigate and reports each navigation as a console error: that report is how the reload shows here.
      expect(consoleError.mock.calls.some(([error]) => String(error).includes("navigation"))).toBe(true);
    } finally {
      consoleError.mockRestore();
      jest.useRealTimers();
    }
  });

  test("without Clerk's script, what the sign-out says is kept for the page after its reload", async () => {
    // jsdom cannot navigate and reports each navigation as a console error: silenced here, the reload is not this test's point.
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const signOut = renderSignedIn({ id: "user_a" });
      await act(async () => {
        await signOut({ title: "Your data and your account have been deleted.", variant: "success" });
      });
    } finally {
      consoleError.mockRestore();
    }
    expect(currentToast()).toMatchObject({ title: "Your data and your account have been deleted.", variant: "success" });
    expect(JSON.parse(sessionStorage.getItem("toastAfterReload") ?? "null")).toEqual({
      title: "Your data and your account have been deleted.",
      variant: "success",
    });
  });

  test("without Clerk's script (the server's sign-in): the same hand-over, before the reload", async () => {
    keepOnThisBrowser();
    const order: string[] = [];
    sessionApi.migrate.mockImplementation(async (items: { id: string }[]) => (order.push("hand-over"), confirmAll(items)));
    // jsdom cannot navigate and reports each navigation as a console error: that report is how the reload shows here.
    const consoleError = jest.spyOn(console, "error").mockImplementation((error: unknown) => {
      if (String(error).includes("navigation")) order.push("reload");
    });
    try {
      const signOut = renderSignedIn({ id: "user_a" });
      await act(async () => {
        await signOut();
      });
    } finally {
      consoleError.mockRestore();
    }
    expect(clerkSignOut).not.toHaveBeenCalled();
    expect(order).toEqual(["hand-over", "reload"]);
    expect(storedIds()).toEqual([failedRecordingOfA.id, failedAnalysisOfA.id, guestSession.id, sessionOfB.id]);
    expect(stored("pending_follow_ups")).toEqual([pendingOfA]);
  });
});

describe("the account changing without this tab's sign-out", () => {
  // jsdom cannot navigate and reports each navigation as a console error: that report is how a reload shows here.
  let consoleError: jest.SpyInstance;
  beforeEach(() => (consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)));
  afterEach(() => consoleError.mockRestore());
  const reloaded = () => consoleError.mock.calls.some(([error]) => String(error).includes("navigation"));

  test("signed out in another tab (or expired): the page loads afresh, so nothing of the account goes on as a guest's", async () => {
    localStorage.setItem("userDisplayName", "Maya");
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const view = renderProvider();
    expect(reloaded()).toBe(false);
    Object.assign(clerkState, { isSignedIn: false, user: null });
    rerenderWith(view);
    await waitFor(() => expect(reloaded()).toBe(true));
    // The name kept here was that account's.
    expect(localStorage.getItem("userDisplayName")).toBeNull();
  });

  test("another account signed in elsewhere: the page loads afresh", async () => {
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const view = renderProvider();
    Object.assign(clerkState, { user: { id: "user_b", unsafeMetadata: {}, update: jest.fn() } });
    rerenderWith(view);
    await waitFor(() => expect(reloaded()).toBe(true));
  });

  test("a sign-in, and this tab's own sign-out, load nothing afresh", async () => {
    const view = renderProvider();
    Object.assign(clerkState, { isLoaded: true });
    rerenderWith(view);
    Object.assign(clerkState, { isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    rerenderWith(view);
    expect(reloaded()).toBe(false);

    let signOut: AppIdentity["signOut"] | undefined;
    function Grab() {
      signOut = useIdentity().signOut;
      return null;
    }
    rerenderWith(view, <Grab />);
    await act(async () => {
      await signOut?.();
    });
    Object.assign(clerkState, { isSignedIn: false, user: null });
    rerenderWith(view, <Grab />);
    await act(async () => undefined);
    expect(currentToast()?.title).toBe("Logged out");
    expect(reloaded()).toBe(false);
  });
});

describe("a sign-out without Clerk, owed to Clerk's servers", () => {
  // jsdom cannot navigate and reports each navigation as a console error: silenced, the reload is not these tests' point.
  let consoleError: jest.SpyInstance;
  beforeEach(() => (consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)));
  afterEach(() => consoleError.mockRestore());

  /** Renders the provider with a child that notes whether it was ever told the user is signed in. */
  function renderNotingSignedIn() {
    const seen: boolean[] = [];
    function Note() {
      seen.push(useIdentity().signedIn);
      return null;
    }
    render(providerTree(<Note />));
    return seen;
  }

  test("is kept for the account, with every copy of the session's cookies emptied", async () => {
    document.cookie = "__session_Abc=token; path=/";
    const signOut = renderSignedIn({ id: "user_a" });
    await act(async () => {
      await signOut();
    });
    expect(clerkSignOut).not.toHaveBeenCalled();
    expect(localStorage.getItem("sign_out_owed")).toBe("user_a");
    expect(document.cookie).not.toContain("__session_Abc");
    expect(document.cookie).toContain("__client_uat=0");
  });

  test("the next page where Clerk loads ends it on Clerk's servers, and never shows the session as signed in", async () => {
    localStorage.setItem("sign_out_owed", "user_a");
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const seen = renderNotingSignedIn();
    await waitFor(() => expect(localStorage.getItem("sign_out_owed")).toBeNull());
    expect(clerkSignOut).toHaveBeenCalledTimes(1);
    expect(seen).not.toContain(true);
  });

  test("Clerk's servers failing again: the session stays unused here and the sign-out stays owed", async () => {
    clerkSignOut.mockImplementationOnce(async () => Promise.reject(new Error("offline")));
    localStorage.setItem("sign_out_owed", "user_a");
    document.cookie = "__session=token; path=/";
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
    const seen = renderNotingSignedIn();
    await waitFor(() => expect(document.cookie).toContain("__client_uat=0"));
    expect(document.cookie).not.toContain("__session=token");
    expect(localStorage.getItem("sign_out_owed")).toBe("user_a");
    expect(seen).not.toContain(true);
  });

  test("someone else signed in since, or no one: nothing is owed any more", async () => {
    localStorage.setItem("sign_out_owed", "user_a");
    Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_b", unsafeMetadata: {}, update: jest.fn() } });
    const seen = renderNotingSignedIn();
    await waitFor(() => expect(localStorage.getItem("sign_out_owed")).toBeNull());
    expect(clerkSignOut).not.toHaveBeenCalled();
    expect(seen.at(-1)).toBe(true);
  });
});
