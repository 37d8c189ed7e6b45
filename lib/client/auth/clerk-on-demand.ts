// Clerk's client code (its provider and hooks, about 72 KiB gzip, then clerk-js from Clerk's servers) loads with a page only
// where the page needs it (issue 14 §1): for a signed-in user, whose session token clerk-js keeps fresh; on the sign-in and
// sign-up screens, which bring it themselves; and on the page a Google sign-in returns to, where clerk-js completes it. A
// signed-out visitor's home page loads none of it.

/** Set just before the browser leaves for Google: the page it comes back to loads Clerk (read by the root layout). */
export const AUTH_RETURN_COOKIE = "auth_return";
/** Long enough for Google's screens, short enough that an abandoned sign-in stops loading Clerk soon. */
export const AUTH_RETURN_MAX_AGE_S = 15 * 60;

/** The sign-in screen's query that starts Google as soon as Clerk is ready. */
export const GOOGLE_SIGN_IN_PARAM = { name: "with", value: "google" } as const;
/** Where "Sign in with Google" goes from a page without Clerk: the sign-in screen, which loads it and starts Google at once. */
export const GOOGLE_SIGN_IN_PATH = `/sign-in?${GOOGLE_SIGN_IN_PARAM.name}=${GOOGLE_SIGN_IN_PARAM.value}`;

/** The cookie's value is when it was set, so the page that sets it can tell it apart from the page it returns to. */
export function markAuthReturn(now = Date.now()): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${AUTH_RETURN_COOKIE}=${now}; Path=/; Max-Age=${AUTH_RETURN_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Whether this page is the one a sign-in came back to: the cookie was set by a page before it. */
export function arrivedFromAuthRedirect(pageStartedAt = performance.timeOrigin): boolean {
  const match = document.cookie.split("; ").find((entry) => entry.startsWith(`${AUTH_RETURN_COOKIE}=`));
  if (!match) return false;
  const setAt = Number(match.slice(AUTH_RETURN_COOKIE.length + 1));
  return !(Number.isFinite(setAt) && setAt >= pageStartedAt);
}

/**
 * Clears the cookie on the page a sign-in came back to (set before this page started loading); a cookie set by this very page
 * (it is leaving for Google) stays.
 */
export function clearAuthReturnAfterArrival(pageStartedAt = performance.timeOrigin): void {
  if (arrivedFromAuthRedirect(pageStartedAt)) clearAuthReturn();
}

/** The browser did not leave after all (Google's sign-in could not start). */
export function clearAuthReturn(): void {
  document.cookie = `${AUTH_RETURN_COOKIE}=; Path=/; Max-Age=0`;
}
