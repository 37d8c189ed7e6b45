// Texts of the Settings overlay (spec part 1, section 2).
export const SETTINGS_TEXTS = {
  title: "Settings",
  aboutHeading: "About",
  about:
    "Relationship Retro helps couples look back on a conversation together. Record a talk, name who spoke, and get warm, impartial insight cards across six dimensions of connection, a personal summary and a gentle plan for next time. It is a coaching tool, not therapy.",
  privacyHeading: "Privacy by Design",
  privacyDescription: "Keep conversations private by default: they are processed in memory and not linked to you.",
  languageLabel: "Recording Language",
  languageHint: "The language spoken in your recordings.",
  accountHeading: "Account",
  signInWithGoogle: "Sign in with Google",
  signInHint: "Sign in to keep your sessions in your account across devices.",
  feedback: "Send us feedback",
  returnToApp: "Return to App",
} as const;
