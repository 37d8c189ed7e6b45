"use client";

import { useEffect, useSyncExternalStore } from "react";

import { currentToast, dismissToast, subscribeToasts, TOAST_DURATION_MS } from "@/lib/client/toast/toast-store";

import { TOAST_CLOSE_CLASSES, TOAST_CLOSE_LABEL, TOAST_VARIANT_CLASSES } from "./toast-look";

/**
 * The toast, shown without the viewport's code when that code could not be loaded (lazy-overlays.tsx): the messages that
 * say what went wrong and what was kept still reach the user. A live region, one toast at a time, gone after 5 s or on ×.
 */
export function PlainToast() {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div role="status" aria-live="polite" data-toast-viewport className="fixed inset-x-0 bottom-0 z-[100] mx-auto w-full max-w-md p-4">
      {toast ? (
        <div className={`flex w-full items-start gap-3 rounded-2xl border p-4 shadow-card ${TOAST_VARIANT_CLASSES[toast.variant]}`}>
          <div className="min-w-0 flex-1">
            <p className="font-semibold leading-snug">{toast.title}</p>
            {toast.description ? <p className="mt-1 text-sm leading-relaxed opacity-90">{toast.description}</p> : null}
          </div>
          <button type="button" aria-label={TOAST_CLOSE_LABEL} onClick={() => dismissToast(toast.id)} className={TOAST_CLOSE_CLASSES}>
            <span aria-hidden>×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
