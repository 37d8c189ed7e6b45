/**
 * @jest-environment jsdom
 */
import { render, screen } from "@testing-library/react";
import { useEffect, type ReactNode } from "react";

import { ClerkForPage } from "./clerk-for-page";
import { ClerkPresenceContext } from "./clerk-presence";
import { useIdentity, type AppIdentity } from "./identity-context";
import { IdentityRoot } from "./identity-root";

// Clerk's client code loads only where a page needs it (issue 14 §1): these check which pages mount it. The Clerk root
// itself is replaced by a marker: its real code and clerk-js are exercised by the browser tests (tests/e2e/auth.spec.ts).

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("./lazy-clerk-root", () => ({
  LazyClerkRoot: ({ children, serverUser }: { children: ReactNode; serverUser: unknown }) => (
    <div data-testid="clerk-root" data-server-user={JSON.stringify(serverUser)}>
      {children}
    </div>
  ),
}));

const seenBox: { identity: AppIdentity | null } = { identity: null };
function Probe() {
  const identity = useIdentity();
  useEffect(() => {
    seenBox.identity = identity;
  });
  return null;
}
const seen = () => seenBox.identity;

beforeEach(() => {
  seenBox.identity = null;
  push.mockClear();
});

test("guest-only mode: no Clerk, no accounts, and Google refuses", async () => {
  render(
    <IdentityRoot clerk={null} serverUser={null}>
      <Probe />
    </IdentityRoot>,
  );
  expect(screen.queryByTestId("clerk-root")).toBeNull();
  expect(seen()).toMatchObject({ clerkEnabled: false, signedIn: false, user: null });
  await expect(seen()!.signInWithGoogle()).rejects.toThrow();
});

test("accounts on, signed out: no Clerk on the page, and Google goes to the sign-in screen that loads it", async () => {
  render(
    <IdentityRoot clerk={{ publishableKey: "pk_test_x", withPage: false }} serverUser={null}>
      <Probe />
    </IdentityRoot>,
  );
  expect(screen.queryByTestId("clerk-root")).toBeNull();
  expect(seen()).toMatchObject({ clerkEnabled: true, signedIn: false });
  await seen()!.signInWithGoogle();
  expect(push).toHaveBeenCalledWith("/sign-in?with=google");
});

test("accounts on and the server says the page needs Clerk: the layout mounts it with the server's user", () => {
  const user = { id: "user_1", name: "Ana" };
  render(
    <IdentityRoot clerk={{ publishableKey: "pk_test_x", withPage: true }} serverUser={user}>
      <p>home</p>
    </IdentityRoot>,
  );
  expect(screen.getByTestId("clerk-root")).toHaveAttribute("data-server-user", JSON.stringify(user));
  expect(screen.getByText("home")).toBeInTheDocument();
});

test("a refresh of the server's tree that now says 'signed in' keeps the page's providers: nothing under them remounts", () => {
  let mounts = 0;
  function Counter() {
    useEffect(() => {
      mounts += 1;
    }, []);
    return <p>screen</p>;
  }
  const view = render(
    <IdentityRoot clerk={{ publishableKey: "pk_test_x", withPage: false }} serverUser={null}>
      <Counter />
    </IdentityRoot>,
  );
  view.rerender(
    <IdentityRoot clerk={{ publishableKey: "pk_test_x", withPage: true }} serverUser={{ id: "user_1" }}>
      <Counter />
    </IdentityRoot>,
  );
  expect(screen.queryByTestId("clerk-root")).toBeNull();
  expect(mounts).toBe(1);
});

test("the sign-in screen mounts Clerk itself only when the layout has none (a second ClerkProvider would throw)", () => {
  const page = (
    <ClerkForPage publishableKey="pk_test_x">
      <p>sign in</p>
    </ClerkForPage>
  );
  const alone = render(page);
  expect(screen.getAllByTestId("clerk-root")).toHaveLength(1);
  alone.unmount();

  render(<ClerkPresenceContext.Provider value={true}>{page}</ClerkPresenceContext.Provider>);
  expect(screen.queryByTestId("clerk-root")).toBeNull();
  expect(screen.getByText("sign in")).toBeInTheDocument();
});
