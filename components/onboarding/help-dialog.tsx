"use client";

import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import type { RefObject } from "react";

import { Button } from "@/components/ui/button";

import { HELP_TEXTS as T } from "./texts";

/**
 * The Help / about dialog itself (spec part 2 section 2), loaded the first time a HelpButton opens it (help-modal.tsx):
 * Radix's dialog (focus trap, portal, dismissable layer) is not part of the first screen. Closing returns focus to the
 * button that opened it.
 */
export function HelpDialog({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // No Radix trigger: the opener is a plain button, given focus back here.
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none"
        >
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
