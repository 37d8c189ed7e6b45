"use client";

import { useClerk } from "@clerk/nextjs";
import { useEffect, useState } from "react";

/**
 * How long the sign-in screen waits for Clerk before it says sign-in is unavailable. Longer than Clerk's own 15 s for its
 * script, so a script that fails is reported by Clerk's "error" status first; this bound also ends a load that stalls after
 * the script has arrived (Clerk's calls to its servers).
 */
export const CLERK_LOAD_WAIT_MS = 20_000;

/**
 * Whether Clerk cannot serve the sign-in screen: it reports an error (its script was blocked or failed, or its load failed),
 * or it has not loaded within CLERK_LOAD_WAIT_MS. Clerk loading late after all makes it available again.
 */
export function useClerkUnavailable(loaded: boolean): boolean {
  const { status } = useClerk();
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const timer = window.setTimeout(() => setWaitedOut(true), CLERK_LOAD_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [loaded]);
  return !loaded && (status === "error" || waitedOut);
}
