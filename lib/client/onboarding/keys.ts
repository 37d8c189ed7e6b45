/** localStorage key: the ISO time the disclaimer was accepted on this device. Browser tests pre-set it (tests/e2e/support/app.ts). */
export const DISCLAIMER_ACCEPTED_KEY = "disclaimerAcceptedAt";

/**
 * Cookie that tells the server the disclaimer was accepted on this device, so the home page's HTML already is the recorder
 * (or, without it, the welcome card: it paints before any JavaScript runs). Set with the localStorage record, which stays
 * the device's own; a device that has only the localStorage record gets the cookie on its next page load (the layout's
 * head script). Not a secret and not a session: readable by the page's script, SameSite=Lax.
 */
export const DISCLAIMER_COOKIE = "disclaimer_accepted";

/** 400 days, the longest lifetime browsers keep a cookie for; every page load that finds the acceptance renews it. */
export const DISCLAIMER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Attribute the layout's head script puts on <html> before the first paint when this device accepted the disclaimer (or
 * this tab skips the welcome): the welcome dialog is hidden by CSS from the start, whatever HTML the page came with (a
 * first visit's copy kept by the service worker for offline use shows the welcome card).
 */
export const WELCOME_DONE_ATTRIBUTE = "data-welcome-done";
