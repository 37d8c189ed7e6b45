import { browserStorage, SESSION_KEYS, type KeyValueStorage } from "@/lib/client/storage/browser-keys";

// Where the first run is remembered. The disclaimer acceptance stays on the device (localStorage) and, once signed in, on
// the account (components/onboarding/use-account-disclaimer.ts); a cookie beside it tells the server, so the home page's
// HTML is already the right first screen; the skip-welcome flag lasts for this browser tab only.

import { DISCLAIMER_ACCEPTED_KEY, DISCLAIMER_COOKIE, DISCLAIMER_COOKIE_MAX_AGE_S } from "./keys";

export { DISCLAIMER_ACCEPTED_KEY };

/** The cookie's Set-Cookie-style string for document.cookie (Secure on https only: the browser tests run on http). */
export function disclaimerCookie(secure: boolean): string {
  return `${DISCLAIMER_COOKIE}=1; Path=/; Max-Age=${DISCLAIMER_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

type CookieDocument = { cookie: string; location?: { protocol: string } };

function browserDocument(): CookieDocument | null {
  return typeof document === "undefined" ? null : document;
}

/** Sets (or renews) the cookie the server reads; never throws (a browser refusing cookies gets the welcome HTML again). */
export function rememberDisclaimerCookie(doc: CookieDocument | null = browserDocument()): void {
  try {
    if (doc) doc.cookie = disclaimerCookie(doc.location?.protocol === "https:");
  } catch {
    // Cookies disabled: localStorage still decides in the browser.
  }
}

export function readDisclaimerAccepted(storage: KeyValueStorage | null = browserStorage()): boolean {
  try {
    return Boolean(storage?.getItem(DISCLAIMER_ACCEPTED_KEY));
  } catch {
    return false;
  }
}

export function rememberDisclaimerAccepted(at: Date = new Date(), storage: KeyValueStorage | null = browserStorage()): void {
  try {
    if (!storage?.getItem(DISCLAIMER_ACCEPTED_KEY)) storage?.setItem(DISCLAIMER_ACCEPTED_KEY, at.toISOString());
  } catch {
    // Private mode or full storage: the welcome screen shows again next time, which is the safe side.
  }
}

function tabStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Set by the tutorial and before Google sign-in: this tab skips the welcome screen. */
export function readSkipWelcome(storage: KeyValueStorage | null = tabStorage()): boolean {
  try {
    return storage?.getItem(SESSION_KEYS.skipWelcomeAfterAuth) === "true";
  } catch {
    return false;
  }
}

export function setSkipWelcome(storage: KeyValueStorage | null = tabStorage()): void {
  try {
    storage?.setItem(SESSION_KEYS.skipWelcomeAfterAuth, "true");
  } catch {
    // Without sessionStorage the welcome screen may show once more; nothing else depends on the flag.
  }
}
