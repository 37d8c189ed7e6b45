"use client";

import { createContext, useContext } from "react";

export type AppUser = { id: string; name?: string; email?: string; imageUrl?: string };

export type AppIdentity = {
  /** Clerk keys are configured; false means guest-only mode (no sign-in UI at all). */
  clerkEnabled: boolean;
  signedIn: boolean;
  user: AppUser | null;
  /** Starts Google sign-in through Clerk; rejects when Clerk's browser script is unavailable. */
  signInWithGoogle: () => Promise<void>;
  signOut: () => Promise<void>;
};

export const IdentityContext = createContext<AppIdentity | null>(null);

export function useIdentity(): AppIdentity {
  const identity = useContext(IdentityContext);
  if (!identity) throw new Error("useIdentity must be used inside <IdentityProvider>");
  return identity;
}
