"use client";

import { ActionDialog, type DialogAction } from "./action-dialog";

/**
 * The spec's Confirmation dialog (part 1 section 2): a title, a message, a primary and an optional secondary action (and,
 * where a failure dialog needs it, a third), plus a reassuring note, e.g. that the transcript is safely kept.
 */
export function ConfirmationDialog({
  open,
  onClose,
  title,
  message,
  note,
  primary,
  secondary,
  cancel,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  note?: string | null;
  primary: DialogAction;
  secondary?: DialogAction;
  cancel?: DialogAction;
  returnFocus?: () => HTMLElement | null;
}) {
  const actions = [
    primary,
    ...(secondary ? [{ variant: "secondary" as const, ...secondary }] : []),
    ...(cancel ? [{ variant: "ghost" as const, ...cancel }] : []),
  ];
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={message}
      actions={actions}
      returnFocus={returnFocus}
    >
      {note ? (
        <p className="mt-3 flex items-start gap-2 rounded-2xl bg-deep-teal-50 p-3 text-sm font-medium text-deep-teal-800">
          <span aria-hidden>✓</span>
          {note}
        </p>
      ) : null}
    </ActionDialog>
  );
}
