"use client";

import { useState } from "react";

import { useSessionFlow } from "@/components/session-flow/session-flow-provider";
import { Button } from "@/components/ui/button";
import { isCapturing, overlayStep } from "@/lib/domain/session-flow/machine";

import { GuidesOverlay } from "./guides-overlay";
import { GUIDES_TEXTS as T } from "./texts";

/**
 * The home screen's "Conversation Guides" button and overlay (spec part 1 section 2, part 2 section 2): shown while no
 * analysis step runs. In Solo Journal a chosen guide goes to the coach; in Relationship mode the cards are starters only.
 */
export function ConversationGuides() {
  const { state, actions } = useSessionFlow();
  const [open, setOpen] = useState(false);
  if (overlayStep(state) !== null || state.phase.name === "results") return null;
  const solo = state.mode === "solo";
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
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
    </>
  );
}
