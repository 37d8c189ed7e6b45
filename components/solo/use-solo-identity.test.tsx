/** @jest-environment jsdom */
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";

import { IdentityContext, type AppIdentity } from "@/components/auth/identity-context";
import { testIdentity } from "@/tests/helpers/identity";

import { useSoloIdentity } from "./use-solo-identity";

function identityWith(signedIn: boolean, name?: string): AppIdentity {
  return testIdentity({ clerkEnabled: true, signedIn, user: signedIn ? { id: "user_1", name } : null });
}

function soloIdentityOf(identity: AppIdentity) {
  const wrapper = ({ children }: { children: ReactNode }) => <IdentityContext.Provider value={identity}>{children}</IdentityContext.Provider>;
  return renderHook(() => useSoloIdentity(), { wrapper }).result.current;
}

beforeEach(() => window.localStorage.clear());

// Spec part 1 section 6: live transcript turns are labelled "the user's name or 'You'".
describe("useSoloIdentity", () => {
  it("labels a signed-in user by their name", () => {
    expect(soloIdentityOf(identityWith(true, "Sam Doe"))).toEqual({ signedIn: true, userName: "Sam Doe" });
  });

  it("labels a signed-in user without any name 'You', not the profile's stand-in 'User'", () => {
    expect(soloIdentityOf(identityWith(true))).toEqual({ signedIn: true, userName: "You" });
  });

  it("labels a guest 'You'", () => {
    expect(soloIdentityOf(identityWith(false))).toEqual({ signedIn: false, userName: "You" });
  });
});
