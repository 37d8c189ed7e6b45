"use client";

import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { useState } from "react";

import { Button } from "@/components/ui/button";

import { HELP_TEXTS as T } from "./texts";

/**
 * The Help / about modal (spec part 2 section 2), opened from the header and from the info icon on the privacy card.
 * Each opener owns its dialog, so focus returns to the button that opened it.
 */
export function HelpButton({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={T.open}
        className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${tone === "dark" ? "text-deep-teal-800 hover:bg-deep-teal-50" : "text-white hover:bg-white/10"}`}
      >
        <InfoIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none">
          <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{T.title}</Dialog.Title>
          <Dialog.Description className="mt-2 leading-relaxed text-ink-soft">{T.intro}</Dialog.Description>
          <h3 className="mt-5 font-semibold text-ink">{T.howHeading}</h3>
          <ol className="mt-2 flex list-decimal flex-col gap-2 pl-5 leading-relaxed text-ink">
            {T.how.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <h3 className="mt-5 font-semibold text-ink">{T.privacyHeading}</h3>
          <p className="mt-2 leading-relaxed text-ink">
            {T.privacy}{" "}
            <Link href="/privacy-policy" className="font-semibold text-deep-teal-800 underline underline-offset-4">
              {T.privacyLink}
            </Link>
          </p>
          <h3 className="mt-5 font-semibold text-ink">{T.notTherapyHeading}</h3>
          <p className="mt-2 leading-relaxed text-ink">
            {T.notTherapy}{" "}
            <Link href="/terms-of-service" className="font-semibold text-deep-teal-800 underline underline-offset-4">
              {T.termsLink}
            </Link>
          </p>
          <Dialog.Close asChild>
            <Button className="mt-6 w-full">{T.close}</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function InfoIcon() {
  return (
    <svg aria-hidden width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 11v6" />
      <circle cx="12" cy="7.5" r="0.6" fill="currentColor" />
    </svg>
  );
}
