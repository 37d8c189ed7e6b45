"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * For a Radix dialog opened from state rather than a Dialog.Trigger: Radix gives the focus back to a trigger only, so
 * without one, closing dropped the keyboard's focus to the top of the page. The element that had the focus is remembered
 * as the dialog opens (before the content's own effects can move it) and focused again as it closes; one no longer on
 * the page gives way to `fallback`. Focus something else has taken meanwhile (the next screen) is left where it is.
 * Answers the dialog's onCloseAutoFocus.
 */
export function useFocusReturn(open: boolean, fallback?: () => HTMLElement | null): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event) => {
    event.preventDefault();
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null);
    target?.focus();
  };
}
