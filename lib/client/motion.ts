/**
 * How a script should scroll: smoothly, unless the user asked their system for less motion. A script's
 * `behavior: "smooth"` wins over the stylesheet's reduced-motion rule (which only resets CSS scroll-behavior), so each
 * scripted scroll asks here.
 */
export function preferredScrollBehavior(): ScrollBehavior {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}
