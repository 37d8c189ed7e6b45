// Texts of the app shell (header, home, 404).
export const SHELL_TEXTS = {
  productTitle: "Relationship Retro",
  goHome: "Go to home",
  openSettings: "Settings",
  openProfile: "Open Profile Settings",
  notFoundTitle: "Page Not Found",
  notFoundBody: "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
  notFoundAction: "Back to App",
} as const;

export const PRIVACY_CARD = {
  title: "Privacy by Design",
  bullets: [
    "Your conversations are processed in memory and analysed by AI without being linked to you.",
    "No history is kept unless you choose to save it: as a guest, sessions stay on this device.",
    "Audio is deleted once it has been transcribed. You can delete any session at any time.",
  ],
} as const;
