"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";

import { GuestOnlyIdentityProvider } from "./guest-identity-provider";
import type { AppUser } from "./identity-context";

// Every client module the root layout imports loads on every page, whether it renders or not: a layout importing
// ClerkProvider made guest-only pages load Clerk's client code (@clerk/react and @clerk/shared, as much as the home screen's
// own code). Behind this dynamic import it loads only where Clerk is configured: rendered on the server, its chunk is
// preloaded with the page, so Clerk mode hydrates as before.
const ClerkRoot = dynamic(() => import("./clerk-root").then((module) => module.ClerkRoot));

/** The identity of the page: Clerk's when it is configured (from the server's configuration), else guest-only. */
export function IdentityRoot({
  clerk,
  nonce,
  serverUser,
  children,
}: {
  clerk: { publishableKey: string } | null;
  nonce?: string;
  serverUser: AppUser | null;
  children: ReactNode;
}) {
  if (!clerk) return <GuestOnlyIdentityProvider>{children}</GuestOnlyIdentityProvider>;
  return (
    <ClerkRoot publishableKey={clerk.publishableKey} nonce={nonce} serverUser={serverUser}>
      {children}
    </ClerkRoot>
  );
}
