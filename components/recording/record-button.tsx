"use client";

import { RECORDING_TEXTS as T } from "./texts";

/** The one record button on the page (Relationship or Solo Journal): where focus goes back after a failed recording. */
export const RECORD_BUTTON_ID = "record-button";

/** The large round record button; while recording, the area around it stops too (spec: "Tap button or area around it"). */
export function RecordButton({ recording, disabled, onPress }: { recording: boolean; disabled?: boolean; onPress: () => void }) {
  return (
    <div className="flex w-full justify-center py-4" onClick={recording ? onPress : undefined}>
      <button
        id={RECORD_BUTTON_ID}
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          onPress();
        }}
        disabled={disabled}
        // The name says the state (Start / Stop recording): no aria-pressed as well, or a screen reader says
        // "Stop recording, toggle button, pressed", which reads as if pressing it would start again.
        aria-label={recording ? T.stopLabel : T.startLabel}
        className={`relative flex h-36 w-36 items-center justify-center rounded-full shadow-card transition-colors disabled:opacity-60 ${recording ? "bg-soft-tangerine-700" : "bg-deep-teal-700 hover:bg-deep-teal-800"}`}
      >
        {recording ? <span aria-hidden className="absolute inset-0 animate-ping rounded-full bg-soft-tangerine/30 motion-reduce:animate-none" /> : null}
        {recording ? (
          <span aria-hidden className="relative h-12 w-12 rounded-xl bg-white" />
        ) : (
          <svg
            aria-hidden
            width="56"
            height="56"
            viewBox="0 0 24 24"
            fill="none"
            stroke="white"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="relative"
          >
            <rect x="9" y="3" width="6" height="11" rx="3" fill="white" />
            <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
          </svg>
        )}
      </button>
    </div>
  );
}
