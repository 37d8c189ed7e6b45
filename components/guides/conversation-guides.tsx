"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { sayLoadFailed } from "@/components/shell/load-failed";
import { Button } from "@/components/ui/button";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { useOpenedOnce } from "@/lib/client/hooks/use-opened-once";
import { isCapturing, overlayStep } from "@/lib/domain/session-flow/machine";

import { GUIDES_TEXTS as T } from "./texts";

// The overlay (the guide deck, with Radix's dialog) loads when a pointer goes down on the button or it gets focus, so it is
// there by the time the click lands; it is not part of the first screen.
const loadGuidesOverlay = () => import("./guides-overlay");
const GuidesOverlay = dynamic(() => loadGuidesOverlay().then((module) => module.GuidesOverlay), { ssr: false });
const prefetch = () => void loadGuidesOverlay();

/**
 * The home screen's "Conversation Guides" button and overlay (spec part 1 section 2, part 2 section 2): shown while no
 * analysis step runs. In Solo Journal a chosen guide goes to the coach; in Relationship mode the cards are starters only.
 */
export function ConversationGuides() {
  const { state, actions } = useSessionFlow();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  if (overlayStep(state) !== null || state.phase.name === "results") return null;
  const solo = state.mode === "solo";
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)} onPointerDown={prefetch} onFocus={prefetch}>
        <svg
          aria-hidden
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 5h11a3 3 0 0 1 3 3v11H7a3 3 0 0 1-3-3z" />
          <path d="M8 9h6M8 13h4" />
        </svg>
        {T.button}
      </Button>
      {opened ? (
        <LoadFailureBoundary
          onFailure={() => {
            sayLoadFailed();
            setOpen(false);
          }}
        >
          <GuidesOverlay
            open={open}
            onOpenChange={setOpen}
            recording={isCapturing(state)}
            canChoose={solo}
            chosenHeadline={solo ? state.solo.guideHeadline : null}
            onChoose={(guide) => {
              actions.solo.chooseGuide({ headline: guide.headline, description: guide.subheadline });
              // While talking the user goes straight back to the coach; before Start they may keep browsing.
              if (isCapturing(state)) setOpen(false);
            }}
          />
        </LoadFailureBoundary>
      ) : null}
    </>
  );
}
