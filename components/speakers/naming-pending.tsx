"use client";

import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";

import { SPEAKER_TEXTS as T } from "./texts";

/**
 * "Processing speaker information..." while the naming screen is on its way (spec part 2 section 2). A modal screen like
 * the one it stands in for: its title takes the focus, so it is read out, and the page behind is hidden meanwhile.
 */
export function NamingPending() {
  const { dialogProps, titleProps } = useModalScreen({ label: T.loading });
  return (
    <div {...dialogProps} className="fixed inset-0 z-50 flex items-center justify-center bg-cream-50 p-6">
      <div className="text-center" role="status">
        <div
          aria-hidden
          className="mx-auto mb-4 h-12 w-12 animate-spin rounded-full border-4 border-deep-teal-100 border-t-deep-teal-700 motion-reduce:animate-none"
        />
        <h2 {...titleProps} className="font-serif text-xl font-semibold text-ink outline-none">
          {T.title}
        </h2>
        <p className="mt-2 text-ink-soft">{T.loading}</p>
      </div>
    </div>
  );
}
