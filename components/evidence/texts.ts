// Texts of the quotes under an insight card (ours: the spec has no quotes on the cards).

import { formatMmSs } from "@/lib/domain/format-time";

export const EVIDENCE_TEXTS = {
  fromConversation: "From your conversation",
  /** The accessible name of a quote that opens the transcript. */
  openAt: (seconds: number, quote: string) => `Open the transcript at ${formatMmSs(seconds)}: “${quote}”`,
  time: (seconds: number) => formatMmSs(seconds),
} as const;
