"use client";

import { useId, type ComponentPropsWithRef } from "react";

/** The app's input look (also for a select): tall enough to tap, on the cream field colour. */
// The placeholder in the soft ink: the browsers' own (half the text colour, Safari's grey) fall below 4.5:1 on cream. The
// border at 3.2:1 on cream and white, so the field's edge can be seen (WCAG 1.4.11: 3:1 for a control's boundary).
export const FIELD_CLASSES = "block min-h-12 w-full rounded-xl border border-soft-brown/80 bg-cream-50 px-3 text-base text-ink placeholder:text-ink-soft";

/**
 * A visible label over a text input, tied by an id of its own, with an optional hint and an optional error the input is
 * described by (the error also marks it invalid and is said at once, as an alert).
 */
export function TextField({
  label,
  hint,
  error,
  className = "",
  ...inputProps
}: Omit<ComponentPropsWithRef<"input">, "id" | "className" | "aria-describedby" | "aria-invalid"> & {
  label: string;
  hint?: string;
  error?: string | null;
  /** Classes of the wrapper (margins); the input keeps the app's look. */
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
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
      <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={`mt-2 ${FIELD_CLASSES}`} {...inputProps} />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-[#8a1c12]">
          {error}
        </p>
      ) : null}
    </div>
  );
}
