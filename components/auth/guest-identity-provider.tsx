"use client";

import { useMemo, type ReactNode } from "react";

import { setRequestAuth } from "@/lib/client/api/request";

import { IdentityContext, type AppIdentity } from "./identity-context";
import { AUTH_TEXTS } from "./texts";

const GUEST_AUTH = { signedIn: false } as const;

/**
 * Guest-only mode: Clerk is not configured, so no Clerk code runs and nothing calls Clerk's servers. In a file of its own,
 * apart from ClerkIdentityProvider: a client module's imports load with it, and @clerk/nextjs's hooks weigh as much as the
 * home screen's own code.
 */
export function GuestOnlyIdentityProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AppIdentity>(
    () => ({
      clerkEnabled: false,
      signedIn: false,
      user: null,
      signInWithGoogle: async () => {
        throw new Error(AUTH_TEXTS.signInUnavailable);
      },
      signOut: async () => {},
    }),
    [],
  );
  setRequestAuth(GUEST_AUTH);
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}
