"use client";

import Link from "next/link";
import { useId, type Ref } from "react";

import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/client/hooks/use-hydrated";

import { ONBOARDING_TEXTS as T } from "./texts";

/** The first screen of a signed-out first visit: the disclaimer must be ticked before either button works. */
export function WelcomeCard({
  ticked,
  onTick,
  onTryItOut,
  onSignIn,
  titleRef,
}: {
  ticked: boolean;
  onTick: (ticked: boolean) => void;
  onTryItOut: () => void;
  /** Absent when accounts are off (no Clerk keys): then no button points to /sign-in. */
  onSignIn?: () => void;
  /** The title takes focus when the welcome opens over the page (tabIndex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const checkboxId = useId();
  const hintId = useId();
  // The card is in the server's HTML and paints before the page's JavaScript has run: until then a tick could not reach
  // React (and would be undone when it takes over), so the box waits for it, like the buttons wait for the tick.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="welcome-title" className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-8">
      <div>
        <h1 ref={titleRef} id="welcome-title" tabIndex={-1} className="font-serif text-3xl font-semibold leading-tight text-ink outline-none">
          {T.welcomeTitle}
        </h1>
        <p className="mt-3 leading-relaxed text-ink-soft">{T.welcomeIntro}</p>
      </div>
      <div className="rounded-card border border-cream-200 bg-white p-5 shadow-card">
        <h2 className="font-serif text-xl font-semibold text-deep-teal-800">{T.disclaimerHeading}</h2>
        <div className="mt-3 flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={ticked}
            disabled={!hydrated}
            onChange={(event) => onTick(event.target.checked)}
            className="mt-1 h-6 w-6 shrink-0 accent-deep-teal-700"
          />
          <label htmlFor={checkboxId} className="leading-relaxed text-ink">
            {T.disclaimer}
          </label>
        </div>
        <p className="mt-4 text-sm leading-relaxed text-ink-soft">
          {T.disclaimerLinksPrefix}{" "}
          <Link href="/terms-of-service" className="font-semibold text-deep-teal-800 underline underline-offset-4">
            {T.terms}
          </Link>{" "}
          {T.and}{" "}
          <Link href="/privacy-policy" className="font-semibold text-deep-teal-800 underline underline-offset-4">
            {T.privacy}
          </Link>
          .
        </p>
      </div>
      <div className="flex flex-col gap-3">
        <Button onClick={onTryItOut} disabled={!ticked} aria-describedby={ticked ? undefined : hintId}>
          {T.tryItOut}
        </Button>
        {onSignIn ? (
          <Button variant="secondary" onClick={onSignIn} disabled={!ticked} aria-describedby={ticked ? undefined : hintId}>
            {T.signIn}
          </Button>
        ) : null}
        {ticked ? null : (
          <p id={hintId} className="text-center text-sm text-ink-soft">
            {T.disabledHint}
          </p>
        )}
      </div>
    </section>
  );
}
