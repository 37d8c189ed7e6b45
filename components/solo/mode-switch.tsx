"use client";

import type { RecordingMode } from "@/lib/domain/session-flow/machine";

import { MODE_TEXTS as T } from "./texts";

const OPTIONS: { mode: RecordingMode; label: string }[] = [
  { mode: "solo", label: T.solo },
  { mode: "relationship", label: T.relationship },
];

/** The recorder's mode switch (spec part 1 section 2): Solo Journal / Relationship, as a two-option radio group. */
export function ModeSwitch({ mode, disabled, onChange }: { mode: RecordingMode; disabled: boolean; onChange: (mode: RecordingMode) => void }) {
  return (
    <div role="radiogroup" aria-label={T.label} className="grid grid-cols-2 gap-1 rounded-full bg-cream-200 p-1">
      {OPTIONS.map((option) => {
        const checked = option.mode === mode;
        return (
          <button
            key={option.mode}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled && !checked}
            onClick={() => (checked ? undefined : onChange(option.mode))}
            className={`min-h-11 rounded-full px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
              checked ? "bg-white text-deep-teal-800 shadow-card" : "text-ink-soft hover:text-deep-teal-800"
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
