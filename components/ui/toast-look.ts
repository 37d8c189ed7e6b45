import type { ToastVariant } from "@/lib/client/toast/toast-store";

/** The colours of a toast, shared by the toast viewport and its plain stand-in (plain-toast.tsx). */
export const TOAST_VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "bg-white text-ink border-cream-200",
  success: "bg-deep-teal-50 text-deep-teal-800 border-deep-teal-100",
  destructive: "bg-[#fdecea] text-[#8a1c12] border-[#f5c2bc]",
};
