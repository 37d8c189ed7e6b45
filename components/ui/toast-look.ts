import type { ToastVariant } from "@/lib/client/toast/toast-store";

/** The colours of a toast, shared by the toast viewport and its plain stand-in (plain-toast.tsx). */
export const TOAST_VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "bg-white text-ink border-cream-200",
  success: "bg-deep-teal-50 text-deep-teal-800 border-deep-teal-100",
  destructive: "bg-[#fdecea] text-[#8a1c12] border-[#f5c2bc]",
};

/** The accessible name of a toast's × button (ours: the spec names no such button). */
export const TOAST_CLOSE_LABEL = "Dismiss notification";

/** The × button: 32 px square, so it is an easy target on a phone (WCAG 2.2 2.5.8 asks 24 px at the least). */
export const TOAST_CLOSE_CLASSES =
  "-m-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-lg leading-none opacity-70 hover:opacity-100";
