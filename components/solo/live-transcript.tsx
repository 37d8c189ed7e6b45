"use client";

import { useState } from "react";

import type { TranscriptTurn } from "@/lib/domain/session-flow/machine";

import { LIVE_TRANSCRIPT_TEXTS as T } from "./texts";

/** "Live Transcript (N turns)": collapsible, the coach's turns under its label, the user's under their name (part 2 section 2). */
export function LiveTranscript({ turns, userLabel }: { turns: TranscriptTurn[]; userLabel: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="mt-4 rounded-2xl border border-cream-200 bg-cream-50">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="live-transcript"
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-12 w-full items-center justify-between gap-3 px-4 text-left font-semibold text-deep-teal-800"
        >
          {T.title(turns.length)}
          <span aria-hidden className={`transition-transform ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
      </h3>
      {open ? (
        // A long journal scrolls inside the card: the scrolling region takes the keyboard's focus, so it scrolls without a
        // pointer too, and is named for the screen reader that lands on it.
        <div id="live-transcript" role="region" aria-label={T.title(turns.length)} tabIndex={0} className="max-h-80 overflow-y-auto rounded-b-2xl px-4 pb-4">
          {/* Not a live region: read aloud, each turn would talk over the coach's voice (and the user's own words too). */}
          <ol className="flex flex-col gap-2">
            {turns.map((turn, index) => (
              <li key={`${turn.timestamp}-${index}`} className={`rounded-2xl px-3 py-2 ${turn.role === "assistant" ? "bg-deep-teal-50" : "bg-white"}`}>
                <span className="block text-xs font-semibold uppercase tracking-wide text-ink-soft">{turn.role === "assistant" ? T.coach : userLabel}</span>
                <span dir="auto" className="block text-ink wrap-anywhere">
                  {turn.text}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
