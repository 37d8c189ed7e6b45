/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";

import { useIdentity } from "./identity-context";
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

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ClerkIdentityProvider serverUser={null}>
        <p>home</p>
      </ClerkIdentityProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
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
  view.rerender(
    <QueryClientProvider client={new QueryClient()}>
      <ClerkIdentityProvider serverUser={null}>
        <p>home</p>
      </ClerkIdentityProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(update).toHaveBeenCalledWith({ unsafeMetadata: { disclaimerAcceptedAt: "2026-11-01T10:00:00.000Z" } }));

  // Clerk hands out a new user object on every change: the same account is not written again.
  clerkState.user = { id: "user_google", unsafeMetadata: {}, update };
  view.rerender(
    <QueryClientProvider client={new QueryClient()}>
      <ClerkIdentityProvider serverUser={null}>
        <p>home</p>
      </ClerkIdentityProvider>
    </QueryClientProvider>,
  );
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

test("signing out clears the cached profile: the next person on this browser is not shown or offered the name kept here", async () => {
  localStorage.setItem("userDisplayName", "Maya");
  Object.assign(clerkState, { isLoaded: true, isSignedIn: true, user: { id: "user_a", unsafeMetadata: {}, update: jest.fn() } });
  let signOut: (() => Promise<void>) | undefined;
  function Grab() {
    signOut = useIdentity().signOut;
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ClerkIdentityProvider serverUser={null}>
        <Grab />
      </ClerkIdentityProvider>
    </QueryClientProvider>,
  );
  await act(async () => {
    await signOut?.();
  });
  expect(clerkSignOut).toHaveBeenCalled();
  expect(localStorage.getItem("userDisplayName")).toBeNull();
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
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <ClerkIdentityProvider serverUser={null}>
          <p>home</p>
        </ClerkIdentityProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(deleted).toEqual(["pages", "pages-rsc"]));
    expect(localStorage.getItem("account_pages_cached")).toBeNull();
  } finally {
    delete (globalThis as { caches?: unknown }).caches;
  }
});
