"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

import { useFocusReturn } from "./focus-return";

/** A full-screen sheet on phones, a centred panel on wider screens. Radix handles focus trap, Escape and focus return. */
export function FullScreenOverlay({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  // Remembered before the content's own effects run: a transcript opened at a quote focuses its line at once, and Radix,
  // finding the focus inside already, never calls onOpenAutoFocus.
  const returnFocusOnClose = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-cream-50 outline-none sm:inset-x-auto sm:left-1/2 sm:top-8 sm:bottom-8 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:rounded-card sm:shadow-card"
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={returnFocusOnClose}
        >
          <div className="sticky top-0 z-10 border-b border-cream-200 bg-cream-50/95 px-5 pb-3 pt-[max(1rem,env(safe-area-inset-top))] backdrop-blur">
            <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{title}</Dialog.Title>
            {description ? <Dialog.Description className="mt-1 text-sm text-ink-soft">{description}</Dialog.Description> : null}
          </div>
          <div className="flex-1 px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DialogClose = Dialog.Close;
