"use client";

import Link from "next/link";

import { SectionCard } from "@/components/ui/section-card";

import { HISTORY_TEXTS as T } from "./texts";

/** "You are not signed in…", with the way to an account when accounts are on. */
export function GuestBanner({ clerkEnabled }: { clerkEnabled: boolean }) {
  return (
    <p className="mt-3 rounded-2xl bg-sunflower-100 p-3 text-sm leading-relaxed text-ink">
      {T.guestBanner}{" "}
      {clerkEnabled ? (
        <Link href="/sign-up" className="font-semibold text-deep-teal-800 underline underline-offset-4">
          {T.createAccount}
        </Link>
      ) : null}
    </p>
  );
}

/**
 * The history card before its code has loaded (lazy-session-history.tsx): the same heading and banner as the list, and,
 * when this device is known to have nothing to list, the list's own empty text.
 */
export function HistoryPlaceholder({ signedIn, clerkEnabled, empty }: { signedIn: boolean; clerkEnabled: boolean; empty: boolean }) {
  return (
    <SectionCard id="history-heading" title={T.heading} focusableHeading>
      {!signedIn ? <GuestBanner clerkEnabled={clerkEnabled} /> : null}
      {empty ? <p className="mt-4 text-ink-soft">{T.empty}</p> : null}
    </SectionCard>
  );
}
