"use client";

import { useId, type ComponentPropsWithRef } from "react";

/** The app's input look (also for a select): tall enough to tap, on the cream field colour. */
export const FIELD_CLASSES = "block min-h-12 w-full rounded-xl border border-cream-200 bg-cream-50 px-3 text-base text-ink";

/** A visible label over a text input, tied by an id of its own, with an optional hint the input is described by. */
export function TextField({
  label,
  hint,
  className = "",
  ...inputProps
}: Omit<ComponentPropsWithRef<"input">, "id" | "className" | "aria-describedby"> & {
  label: string;
  hint?: string;
  /** Classes of the wrapper (margins); the input keeps the app's look. */
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <input id={id} aria-describedby={hint ? hintId : undefined} className={`mt-2 ${FIELD_CLASSES}`} {...inputProps} />
    </div>
  );
}
