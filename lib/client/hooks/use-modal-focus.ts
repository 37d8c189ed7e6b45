"use client";

import { hideOthers } from "aria-hidden";
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard and screen-reader focus for a modal screen we draw ourselves (not a Radix dialog): the page behind is hidden
 * from screen readers while it shows (aria-hidden, the toasts excepted); on opening, focus moves to
 * `initial` (its heading, with tabIndex={-1}), so the screen is announced and the keys act in it; Tab and Shift+Tab cycle
 * through its enabled controls rather than reaching the page it covers (with none enabled yet, focus stays on `initial`);
 * on closing, focus that was left on nothing returns to the control that opened it, or, when that control has gone (the
 * screen came after another screen, not from a control), to `fallback`. Focus that the next screen has taken (its field,
 * its heading) is left there.
 */
export function useModalFocus(dialog: RefObject<HTMLElement | null>, initial: RefObject<HTMLElement | null>, fallback?: () => HTMLElement | null): void {
  // Kept across React's development double run of effects, in which the second run would find focus already moved.
  const openerRef = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(() => {
    if (openerRef.current === undefined) {
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    const opener = openerRef.current;
    // Screen readers that do not honour aria-modal (TalkBack, VoiceOver in part) would read, and act on, the page behind:
    // it is hidden from them while the screen shows, as Radix hides the page behind its dialogs. The toasts stay heard.
    const root = dialog.current;
    const showOthers = root ? hideOthers([root, ...document.querySelectorAll<HTMLElement>("[data-toast-viewport]")]) : null;
    initial.current?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      const root = dialog.current;
      if (event.key !== "Tab" || event.defaultPrevented || !root) return;
      const active = document.activeElement;
      const inside = active !== null && root.contains(active);
      // Focus in another dialog opened over this one is that dialog's business.
      if (!inside && active !== null && active !== document.body) return;
      const controls = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = controls[0];
      const last = controls[controls.length - 1];
      let target: HTMLElement | null | undefined;
      if (!first || !last) target = initial.current;
      else if (!inside || !controls.includes(active as HTMLElement)) target = event.shiftKey ? last : first;
      else if (event.shiftKey && active === first) target = last;
      else if (!event.shiftKey && active === last) target = first;
      else return; // between two of its controls: the browser's own Tab
      event.preventDefault();
      target?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      showOthers?.();
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      const target = opener?.isConnected ? opener : fallback?.();
      target?.focus({ preventScroll: true });
    };
    // Once per opening: the refs are stable, and `fallback` looks its element up when called.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
