import type { ButtonHTMLAttributes, Ref } from "react";

type Variant = "primary" | "secondary" | "ghost";

// aria-disabled looks as disabled does: a button that must keep the focus while it is unavailable uses it.
const VARIANTS: Record<Variant, string> = {
  primary: "bg-deep-teal-700 text-white hover:bg-deep-teal-800 disabled:bg-deep-teal-700/50 aria-disabled:bg-deep-teal-700/50",
  secondary: "bg-white text-deep-teal-800 border border-deep-teal-100 hover:bg-deep-teal-50 disabled:opacity-60 aria-disabled:opacity-60",
  ghost: "bg-transparent text-deep-teal-800 hover:bg-deep-teal-50 disabled:opacity-60 aria-disabled:opacity-60",
};

export const buttonClasses = (variant: Variant = "primary", extra = "") =>
  `inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-5 py-3 text-base font-semibold transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; ref?: Ref<HTMLButtonElement> }) {
  return <button ref={ref} type={type} className={buttonClasses(variant, className)} {...props} />;
}
