"use client";

import { createContext, useContext } from "react";

import type { ToastInput } from "@/lib/client/toast/toast-store";

export type AppUser = { id: string; name?: string; email?: string; imageUrl?: string };

export type AppIdentity = {
  /** Clerk keys are configured; false means guest-only mode (no sign-in UI at all). */
  clerkEnabled: boolean;
  signedIn: boolean;
  user: AppUser | null;
  /** Starts Google sign-in through Clerk; rejects when Clerk's browser script is unavailable. */
  signInWithGoogle: () => Promise<void>;
  /** Ends the session; `said` is the toast that says so (default "Logged out"), shown after a reload too. */
  signOut: (said?: ToastInput) => Promise<void>;
  /**
   * This tab is deleting the account (true) or gave up doing so (false): the account going before `signOut` is then this
   * tab's doing, and the page does not reload as when another tab signs out.
   */
  endingAccount: (ending: boolean) => void;
};

export const IdentityContext = createContext<AppIdentity | null>(null);

export function useIdentity(): AppIdentity {
  const identity = useContext(IdentityContext);
  if (!identity) throw new Error("useIdentity must be used inside <IdentityProvider>");
  return identity;
}
