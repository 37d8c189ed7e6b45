"use client";

import { useRef, type KeyboardEvent } from "react";

import type { RecordingMode } from "@/lib/domain/session-flow/machine";

import { MODE_TEXTS as T } from "./texts";

const OPTIONS: { mode: RecordingMode; label: string }[] = [
  { mode: "solo", label: T.solo },
  { mode: "relationship", label: T.relationship },
];

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp"]);

/**
 * The recorder's mode switch (spec part 1 section 2): Solo Journal / Relationship, as a two-option radio group with the
 * keyboard a radio group has (WAI-ARIA): one tab stop on the checked option, arrow keys move the choice and the focus.
 */
export function ModeSwitch({ mode, disabled, onChange }: { mode: RecordingMode; disabled: boolean; onChange: (mode: RecordingMode) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = NEXT_KEYS.has(event.key) ? 1 : PREVIOUS_KEYS.has(event.key) ? -1 : 0;
    if (step === 0 || disabled) return;
    event.preventDefault();
    const current = OPTIONS.findIndex((option) => option.mode === mode);
    const next = (current + step + OPTIONS.length) % OPTIONS.length;
    onChange(OPTIONS[next]!.mode);
    buttons.current[next]?.focus();
  };

  return (
    <div role="radiogroup" aria-label={T.label} className="grid grid-cols-2 gap-1 rounded-full bg-cream-200 p-1" onKeyDown={onKeyDown}>
      {OPTIONS.map((option, index) => {
        const checked = option.mode === mode;
        return (
          <button
            key={option.mode}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={disabled && !checked}
            onClick={() => (checked ? undefined : onChange(option.mode))}
            className={`min-h-11 rounded-full px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
              checked ? "bg-white text-deep-teal-800 shadow-card ring-2 ring-deep-teal-700" : "text-ink-soft hover:text-deep-teal-800"
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
