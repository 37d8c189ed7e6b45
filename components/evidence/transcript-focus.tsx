"use client";

import { createContext, useContext } from "react";

// A quote's time opens the transcript at the line that holds it (issue 11 "Evidence you can check", issue 17's signal
// quotes). Whoever can show the transcript provides the opener; a quote rendered with no provider is plain text.

type OpenTranscriptAt = (seconds: number) => void;

const TranscriptFocusContext = createContext<OpenTranscriptAt | null>(null);

export const TranscriptFocusProvider = TranscriptFocusContext.Provider;

/** Opens the transcript at a time in seconds, or null where no transcript can be shown. */
export function useOpenTranscriptAt(): OpenTranscriptAt | null {
  return useContext(TranscriptFocusContext);
}
