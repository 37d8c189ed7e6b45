"use client";

import { ClerkProvider } from "@clerk/nextjs";
import type { ReactNode } from "react";

import { ClerkPresenceContext } from "./clerk-presence";
import type { AppUser } from "./identity-context";
import { ClerkIdentityProvider } from "./identity-provider";

/**
 * Clerk mode's providers: Clerk's client provider (it adds clerk-js's async <script>, with the page's nonce so it runs under
 * the Content-Security-Policy) around the app's identity. Reached only through LazyClerkRoot's dynamic import.
 */
export function ClerkRoot({
  publishableKey,
  nonce,
  serverUser,
  children,
}: {
  publishableKey: string;
  nonce?: string;
  serverUser: AppUser | null;
  children: ReactNode;
}) {
  return (
    // prefetchUI off: the sign-in screen is a custom flow on Clerk's hooks and no prebuilt widget is used, so Clerk's UI bundle
    // (a second script from Clerk's CDN) is not downloaded.
    <ClerkProvider publishableKey={publishableKey} nonce={nonce} prefetchUI={false}>
      <ClerkPresenceContext.Provider value={true}>
        <ClerkIdentityProvider serverUser={serverUser}>{children}</ClerkIdentityProvider>
      </ClerkPresenceContext.Provider>
    </ClerkProvider>
  );
}
