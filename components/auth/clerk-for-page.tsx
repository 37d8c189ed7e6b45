"use client";

import { useContext, type ReactNode } from "react";

import { ClerkPresenceContext } from "./clerk-presence";
import { LazyClerkRoot } from "./lazy-clerk-root";

/**
 * Clerk for a page that needs it (the sign-in and sign-up screens): the layout's provider when the layout has one (a
 * signed-in user), else one of its own around the page. Checked on the client, not decided on the server: a client-side
 * navigation keeps the layout the page was first loaded with.
 */
export function ClerkForPage({ publishableKey, nonce, children }: { publishableKey: string; nonce?: string; children: ReactNode }) {
  const present = useContext(ClerkPresenceContext);
  if (present) return children;
  return (
    <LazyClerkRoot publishableKey={publishableKey} nonce={nonce} serverUser={null}>
      {children}
    </LazyClerkRoot>
  );
}
