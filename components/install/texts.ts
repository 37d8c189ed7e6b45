// Texts of the Add to Home Screen modal (spec part 2, section 2: 3 steps for Safari / Chrome).
export const INSTALL_TEXTS = {
  title: "Add to Home Screen",
  description: "Keep Relationship Retro one tap away. It opens full screen, and you can record even without a connection.",
  settingsButton: "Add to Home Screen",
  settingsHint: "Install the app on this device.",
  stepsLabel: {
    safari: "In Safari",
    chrome: "In Chrome",
  },
  steps: {
    safari: ["Tap the Share button in Safari's toolbar.", "Scroll down and tap “Add to Home Screen”.", "Tap “Add” in the top-right corner."],
    chrome: ["Tap the ⋮ menu in Chrome's toolbar.", "Tap “Add to Home screen” or “Install app”.", "Tap “Install” to confirm."],
  },
  installNow: "Install App",
  installed: "Installed! You'll find Relationship Retro on your home screen.",
  notNow: "Maybe Later",
} as const;
