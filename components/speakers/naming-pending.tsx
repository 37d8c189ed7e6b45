import { SPEAKER_TEXTS as T } from "./texts";

/** "Processing speaker information..." while the naming screen is on its way (spec part 2 section 2). */
export function NamingPending() {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="naming-pending-message"
      className="fixed inset-0 z-50 flex items-center justify-center bg-cream-50 p-6"
    >
      <div className="text-center" role="status">
        <div
          aria-hidden
          className="mx-auto mb-4 h-12 w-12 animate-spin rounded-full border-4 border-deep-teal-100 border-t-deep-teal-700 motion-reduce:animate-none"
        />
        <h2 className="font-serif text-xl font-semibold text-ink">{T.title}</h2>
        <p id="naming-pending-message" className="mt-2 text-ink-soft">
          {T.loading}
        </p>
      </div>
    </div>
  );
}
