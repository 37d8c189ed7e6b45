// Texts of the quotes under an insight card (ours: the spec has no quotes on the cards).

import { formatMmSs } from "@/lib/domain/format-time";

export const EVIDENCE_TEXTS = {
  fromConversation: "From your conversation",
  /**
   * Heard before a quote's time and words, which make the rest of its name: a name that holds what is shown, so that saying
   * the words one sees reaches the button (WCAG 2.5.3).
   */
  openAtPrefix: "Open the transcript at ",
  time: (seconds: number) => formatMmSs(seconds),
} as const;
