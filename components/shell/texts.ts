// Texts of the app shell (header, home, 404).
import { LEGAL_TEXTS } from "@/components/legal/texts";

export const SHELL_TEXTS = {
  productTitle: "Relationship Retro",
  /** Starts with the title it shows, so that saying what one sees ("Relationship Retro") reaches it too (WCAG 2.5.3). */
  goHome: "Relationship Retro: go to home",
  openSettings: "Settings",
  openProfile: "Open Profile Settings",
  notFoundTitle: "Page Not Found",
  notFoundBody: "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
  notFoundAction: LEGAL_TEXTS.backToApp,
  /** A part of the app whose code could not be downloaded (components/ui/load-failure-boundary.tsx). */
  loadFailedTitle: "Could not open",
  loadFailedBody: "This part of the app did not arrive. Check your connection, then reload the page.",
} as const;

export const PRIVACY_CARD = {
  title: "Privacy by Design",
  bullets: [
    "Your conversations are processed in memory and analysed by AI without being linked to you.",
    "No history is kept unless you choose to save it: as a guest, sessions stay on this device.",
    "Audio is deleted once it has been transcribed. You can delete any session at any time.",
  ],
} as const;

export const HOME_TEXTS = {
  welcome: "Welcome",
  privacyLink: "Privacy Policy",
  termsLink: "Terms of Service",
  welcomeBack: "Welcome back",
  title: "Talk it through, together.",
  intro: "Record a conversation with your partner, name who spoke, and get warm, impartial insights with a small plan for next time.",
  dimensionsHeading: "Six dimensions of connection",
  dimensionsIntro: "Each conversation is read across the same six dimensions, so you can see how you grow from one talk to the next.",
  dimensionsLabel: "The six dimensions",
  dimensions: ["Curiosity", "Clarity", "Emotional Connection", "Timing", "Respect & Repair", "Appreciation"],
  /** A session picked in the history that could not be opened (spec part 1 section 8, "Home"). */
  errorTitle: "Error",
  prepareError: "Could not prepare session data. Please try again.",
} as const;
