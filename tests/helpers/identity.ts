import type { AppIdentity } from "@/components/auth/identity-context";

/** An identity for components' tests: a guest in guest-only mode (no Clerk) unless `overrides` say otherwise. */
export function testIdentity(overrides: Partial<AppIdentity> = {}): AppIdentity {
  return {
    clerkEnabled: false,
    signedIn: false,
    user: null,
    signInWithGoogle: async () => undefined,
    signOut: async () => undefined,
    endingAccount: () => undefined,
    ...overrides,
  };
}
