// Texts of the legal pages' frame (spec part 2 section 2, "Privacy policy and terms pages"): the two ways back to the app
// and the last-updated line. The policies' own wording is in privacy-content.tsx and terms-content.tsx.
export const LEGAL_TEXTS = {
  privacyTitle: "Privacy Policy",
  termsTitle: "Terms of Service",
  navLabel: "Page",
  back: "Back",
  backToApp: "Back to App",
  lastUpdated: "Last updated:",
  opensInNewTab: " (opens in a new tab)",
} as const;
