"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";

import { sayLoadFailed } from "@/components/shell/load-failed";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { useOpenedOnce } from "@/lib/client/hooks/use-opened-once";

import { HELP_TEXTS as T } from "./texts";

// The dialog (with Radix) loads when a finger or pointer goes down on the button, or it gets focus, so it is there by the
// time the click lands; the button itself is plain and paints with the page.
const loadHelpDialog = () => import("./help-dialog");
const HelpDialog = dynamic(() => loadHelpDialog().then((module) => module.HelpDialog), { ssr: false });
const prefetch = () => void loadHelpDialog();

/**
 * The Help / about modal (spec part 2 section 2), opened from the header and from the info icon on the privacy card.
 * Each opener owns its dialog, so focus returns to the button that opened it.
 */
export function HelpButton({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={T.open}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
        className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${tone === "dark" ? "text-deep-teal-800 hover:bg-deep-teal-50" : "text-white hover:bg-white/10 focus-visible:outline-white"}`}
      >
        <InfoIcon />
      </button>
      {opened ? (
        <LoadFailureBoundary
          onFailure={() => {
            sayLoadFailed();
            setOpen(false);
          }}
        >
          <HelpDialog open={open} onOpenChange={setOpen} opener={button} />
        </LoadFailureBoundary>
      ) : null}
    </>
  );
}

function InfoIcon() {
  return (
    <svg aria-hidden width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 11v6" />
      <circle cx="12" cy="7.5" r="0.6" fill="currentColor" />
    </svg>
  );
}
