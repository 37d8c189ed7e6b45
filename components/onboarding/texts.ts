// Texts of the first run: the welcome card, the five intro cards and the help / about modal (spec part 2 sections 2 and 5).
// Quoted words of the spec are word for word (button labels, card titles); the explanations are ours.

export const ONBOARDING_TEXTS = {
  dialogLabel: "Welcome",
  welcomeTitle: "Welcome to Relationship Retro",
  welcomeIntro: "Record a conversation together, and get warm, impartial insights on how you talk, with a small plan for next time.",
  disclaimerHeading: "Before you start",
  disclaimer:
    "I understand that this app is not therapy or mental-health treatment, that its AI insights may be inaccurate, and that I use it at my own risk. In a crisis I will contact a professional or emergency services.",
  disclaimerLinksPrefix: "Please read our",
  terms: "Terms of Service",
  and: "and",
  privacy: "Privacy Policy",
  tryItOut: "Try It Out",
  signIn: "Sign In",
  disabledHint: "Tick the box above to continue.",

  introLabel: "Introduction",
  progressLabel: (card: number, total: number) => `Card ${card} of ${total}`,
  skip: "Skip",
  next: "Next",
  previous: "Previous",
  start: "Start",
  swipeHint: "Swipe left for the next card.",
  introCards: [
    {
      title: "Friendly Elephant in the Room",
      body: "Pick a topic that has been sitting between you. Naming it together, kindly, is the first step.",
    },
    {
      // The spec's copy here claims a 92% statistic about couples (part 2 §1: "copy, not a computed value"). With no source
      // to cite, a number would be a claim we cannot stand behind in an app people trust with their relationship: the card
      // keeps the spec's title and says what it can.
      title: "Happier Together Proven!",
      body: "Couples who talk openly about small things handle the big things better. A few minutes a week makes a difference.",
    },
    {
      title: "Real Talk Reimagined",
      body: "Record your conversation, tell us who said what, and get insights on six dimensions of how you connect.",
    },
    {
      title: "Habits For A Stronger Bond",
      body: "Swipe the ideas that help, set a reminder, and come back to see how your conversations grow.",
    },
    {
      title: "Start With Appreciation",
      body: "Begin each talk with one thing you value about each other. Next, a short example shows you how it all works.",
    },
  ],
} as const;

export const HELP_TEXTS = {
  open: "Help and about",
  title: "About Relationship Retro",
  intro: "A coach for the conversations that matter: record a talk together, name who spoke, and get warm, impartial insights.",
  howHeading: "How it works",
  how: [
    "Tap the record button when you are both ready, and talk as you normally would.",
    "When you stop, the conversation is transcribed and you tell us who said what.",
    "Swipe through the insight cards: right if one helps, left to dismiss it.",
    "Finish with a personal summary and a reminder to check in again.",
  ],
  privacyHeading: "Your privacy",
  privacy:
    "Audio is deleted once it has been transcribed. As a guest your sessions stay on this device; with an account they are saved to it, and you can delete them at any time.",
  privacyLink: "Privacy Policy",
  notTherapyHeading: "Not therapy",
  notTherapy:
    "This app is not therapy or mental-health treatment, and its AI insights may be inaccurate. In a crisis, please contact a professional or emergency services.",
  termsLink: "Terms of Service",
  close: "Close",
} as const;
