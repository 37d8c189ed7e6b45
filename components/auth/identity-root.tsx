"use client";

import { useState, type ReactNode } from "react";

import type { AppUser } from "./identity-context";
import { LazyClerkRoot } from "./lazy-clerk-root";
import { SignedOutIdentityProvider } from "./signed-out-identity-provider";

/**
 * The identity of the page: guest-only when Clerk is not configured; with Clerk configured, Clerk's own when the server says
 * the page needs it (`withPage`: a signed-in user, or the return from Google), else signed out without Clerk's code (the
 * sign-in and sign-up screens bring it, components/auth/clerk-for-page.tsx).
 */
export function IdentityRoot({
  clerk,
  nonce,
  serverUser,
  children,
}: {
  clerk: { publishableKey: string; withPage: boolean } | null;
  nonce?: string;
  serverUser: AppUser | null;
  children: ReactNode;
}) {
  // Decided once per page load: a refresh of the server's tree (Clerk refreshes the router when a session starts on the
  // sign-in screen) must not swap the providers around the page, which would remount it and lose its state mid-flow. A
  // signed-in user gets Clerk in the layout at the next full load (the sign-in screen ends with one).
  const [withPage] = useState(clerk?.withPage ?? false);
  if (!clerk || !withPage) return <SignedOutIdentityProvider accounts={clerk !== null}>{children}</SignedOutIdentityProvider>;
  return (
    <LazyClerkRoot publishableKey={clerk.publishableKey} nonce={nonce} serverUser={serverUser}>
      {children}
    </LazyClerkRoot>
  );
}
