/** localStorage key: the ISO time the disclaimer was accepted on this device. Browser tests pre-set it (tests/e2e/support/app.ts). */
export const DISCLAIMER_ACCEPTED_KEY = "disclaimerAcceptedAt";
