import { DONATION_TEXTS as T } from "./texts";

/** Spec part 1, section 8: PayPal has not loaded within 5 s (or was blocked), with the ad-blocker suggestion. */
export function LoadTimeout() {
  return (
    <div role="alert" className="rounded-2xl bg-sunflower-100 p-3 text-sm text-ink">
      <p className="font-semibold">{T.loadTimeout}</p>
      <p className="mt-1">{T.loadTimeoutHint}</p>
    </div>
  );
}
