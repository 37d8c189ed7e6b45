"use client";

import * as Toast from "@radix-ui/react-toast";
import { useSyncExternalStore } from "react";

import { currentToast, dismissToast, subscribeToasts, TOAST_DURATION_MS } from "@/lib/client/toast/toast-store";

import { TOAST_CLOSE_CLASSES, TOAST_CLOSE_LABEL, TOAST_VARIANT_CLASSES } from "./toast-look";

export { TOAST_DURATION_MS };
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** The app's single toast viewport: one toast at a time, 5 s, swipe right 50 px to dismiss, F8 to focus. */
export function Toaster() {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, () => null);

  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification (F8)">
      {toast ? (
        <Toast.Root
          key={toast.id}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-card data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[state=open]:animate-[toast-in_200ms_ease-out] ${TOAST_VARIANT_CLASSES[toast.variant]}`}
        >
          <div className="min-w-0 flex-1">
            <Toast.Title className="font-semibold leading-snug">{toast.title}</Toast.Title>
            {toast.description ? <Toast.Description className="mt-1 text-sm leading-relaxed opacity-90">{toast.description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label={TOAST_CLOSE_LABEL} className={TOAST_CLOSE_CLASSES}>
            <span aria-hidden>×</span>
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport
        data-toast-viewport
        hotkey={["F8"]}
        className="fixed inset-x-0 bottom-0 z-[100] mx-auto flex w-full max-w-md flex-col gap-2 p-4 outline-none sm:bottom-4"
      />
    </Toast.Provider>
  );
}
