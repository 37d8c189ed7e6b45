"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";

import { Button } from "./button";
import { useFocusReturn } from "./focus-return";

export type DialogAction = {
  label: string;
  onSelect: () => void;
  variant?: "primary" | "secondary" | "ghost";
  /** Shown and announced as unavailable, and does nothing; it keeps the keyboard's focus (a disabled button drops it). */
  disabled?: boolean;
  /** Takes the focus when the dialog opens, instead of the first action: the safe way out of a dialog whose first is not. */
  autoFocus?: boolean;
};

/**
 * A centred dialog with a title, a message and up to three actions, primary first. Closing gives focus back to what had
 * it before; a dialog opened from state, after the screen that had focus went (a failure after the progress screen), has
 * nothing to give it back to and names where focus goes instead (`returnFocus`), unless the next screen has taken it.
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  actions,
  children,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  actions: DialogAction[];
  children?: ReactNode;
  returnFocus?: () => HTMLElement | null;
}) {
  const focusFirst = useRef<HTMLButtonElement | null>(null);
  const returnFocusOnClose = useFocusReturn(open, returnFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content
          // Scrolls within the screen: a long list of commitments, a small phone or a large text size would cut its actions off.
          className="fixed left-1/2 top-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card outline-none"
          onOpenAutoFocus={(event) => {
            if (focusFirst.current) {
              event.preventDefault();
              focusFirst.current.focus();
            }
          }}
          onCloseAutoFocus={returnFocusOnClose}
        >
          <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 leading-relaxed text-ink-soft">{description}</Dialog.Description>
          {children}
          <div className="mt-5 flex flex-col gap-2">
            {actions.map((action, index) => (
              <Button
                key={action.label}
                ref={action.autoFocus ? focusFirst : undefined}
                variant={action.variant ?? (index === 0 ? "primary" : "secondary")}
                onClick={action.disabled ? undefined : action.onSelect}
                aria-disabled={action.disabled || undefined}
              >
                {action.label}
              </Button>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
