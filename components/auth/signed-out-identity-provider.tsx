"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, type ReactNode } from "react";

import { setRequestAuth } from "@/lib/client/api/request";
import { GOOGLE_SIGN_IN_PATH } from "@/lib/client/auth/clerk-on-demand";
import { keepPageCachesToTheirAccount } from "@/lib/client/install/page-caches";

import { IdentityContext, type AppIdentity } from "./identity-context";
import { AUTH_TEXTS } from "./texts";

const GUEST_AUTH = { signedIn: false } as const;

/**
 * A signed-out page with no Clerk code: guest-only mode (`accounts` false: Clerk is not configured, nothing calls Clerk's
 * servers), or a signed-out visitor where accounts exist, whose Google sign-in goes through the sign-in screen (it loads
 * Clerk). In a file of its own, apart from ClerkIdentityProvider: a client module's imports load with it, and
 * @clerk/nextjs's hooks weigh as much as the home screen's own code.
 */
export function SignedOutIdentityProvider({ accounts, children }: { accounts: boolean; children: ReactNode }) {
  const router = useRouter();
  const value = useMemo<AppIdentity>(
    () => ({
      clerkEnabled: accounts,
      signedIn: false,
      user: null,
      signInWithGoogle: async () => {
        if (!accounts) throw new Error(AUTH_TEXTS.signInUnavailable);
        router.push(GOOGLE_SIGN_IN_PATH);
      },
      signOut: async () => {},
      endingAccount: () => {},
    }),
    [accounts, router],
  );
  setRequestAuth(GUEST_AUTH);
  // A session that ended without the app's sign-out (it expired, or ended in another tab) left its pages' offline copies.
  useEffect(() => {
    void keepPageCachesToTheirAccount(false);
  }, []);
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}
