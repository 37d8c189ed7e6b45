"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";

import { Button } from "./button";

export type DialogAction = { label: string; onSelect: () => void; variant?: "primary" | "secondary" | "ghost"; disabled?: boolean };

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
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-[70] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-card outline-none"
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus || opener.current?.isConnected) return;
            event.preventDefault();
            const active = document.activeElement;
            if (active === null || active === document.body) returnFocus()?.focus();
          }}
        >
          <Dialog.Title className="font-serif text-2xl font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 leading-relaxed text-ink-soft">{description}</Dialog.Description>
          {children}
          <div className="mt-5 flex flex-col gap-2">
            {actions.map((action, index) => (
              <Button
                key={action.label}
                variant={action.variant ?? (index === 0 ? "primary" : "secondary")}
                onClick={action.onSelect}
                disabled={action.disabled}
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
