// Every text of the insight deck and its completion screen. Spec part 2: sections 2, 3 (defaults), 5 and 8; strings in
// quotes there are word for word. The rest (explanations, steps, hints) is ours: warm, plain, never clinical. The server's
// fallback summary text ("Session saved with generic summary due to an error.") comes as the summary itself
// (SERVER_FALLBACK_SUMMARY_TEXT in lib/domain/analysis/summary.ts).
import { ANALYSIS_DEFAULTS } from "@/lib/domain/analysis/analysis-defaults";

export const DECK_TEXTS = {
  dialogLabel: "Session insights",
  tutorialDialogLabel: "Tutorial",
  close: "Close",

  // Coach response.
  conversationSummary: "Conversation Summary",
  continueToInsights: "Continue to Insights",
  viewTranscript: "View transcript",
  coachResponseDefault: ANALYSIS_DEFAULTS.coachResponse,
  offlineLabel: "Offline analysis",
  offlineExplanation: "Computed from your conversation's patterns on our server, without an AI model, because no AI provider is set up.",

  // Explainer.
  howCoachWorks: "How Your Coach Works",
  coachPoints: [
    { title: "An AI coach", body: "Your coach is an AI that reads the conversation you recorded and reflects back what it notices." },
    { title: "Impartial", body: "It takes no sides. Both of you are heard the same way." },
    { title: "Non-judgmental", body: "There is no score and no blame, just patterns and gentle ideas to try." },
    { title: "Private", body: "Your conversation is used only to write your insights, and your sessions are yours to keep or delete." },
  ],
  aboutCards: "About the Insight Cards",
  aboutCardsIntro: "Each card looks at one part of how you talked together, with a few ideas to try.",
  aboutSwipeRight: "Swipe right if a card is helpful.",
  aboutSwipeLeft: "Swipe left to dismiss it.",
  aboutButtons: "The Helpful and Dismiss buttons under each card do the same.",
  startSwipingPractice: "Start Swiping Practice",

  // Cards.
  tryThis: "Try this",
  dismiss: "Dismiss",
  helpful: "Helpful",
  notHelpful: "Not Helpful",
  tutorialPractice: "Tutorial Practice",
  tutorialPracticeHint: "Practise here: swipe right if a card feels helpful, left to dismiss it.",
  keyboardHint: "Press the right arrow key for Helpful or the left arrow key to dismiss.",
  nextCard: "Next Card",
  cardOf: (position: number, total: number) => `Card ${position} of ${total}`,

  // Tutorial welcome.
  welcomeTutorial: "Welcome to Tutorial!",
  welcomeIntro: "This is a practice run with an example conversation, so you can see how it works before recording your own.",
  howItWorks: "How it works",
  tutorialSteps: [
    "Record a conversation about a topic that matters to you, together or on your own.",
    "We turn the recording into a transcript.",
    "You tell us who said what.",
    "Your coach writes a neutral summary of the conversation.",
    "Insight cards show what went well and what to try next time.",
    "Swipe right on the cards that help, left on the ones that don't.",
    "You get a personal summary and can set a reminder to check in again.",
  ],
  continueToAnalysis: "Continue to Analysis",

  // Completion.
  sessionCompleted: "Session Completed",
  tutorialCompleted: "Tutorial Completed",
  tutorialComplete: "Tutorial Complete!",
  tutorialCompleteBody: "You know how it works now. Your own conversations will get insights written just for you.",
  nextSteps: "Next Steps",
  nextStepsItems: [
    "Record your first real conversation from the home screen.",
    "Open the Conversation Guides if you'd like a topic to start with.",
    "Choose a calm moment when neither of you is rushed.",
  ],
  generatingSummary: "Generating your personalized summary...",
  // Ours, for screen readers: said when the summary replaces the loading text.
  summaryReady: "Your summary is ready.",
  whatResonated: "What Resonated",
  focusOn: "Focus On",
  keepGoing: "Keep Going",
  setReminder: "Set Reminder",
  createGrowth: "Create Mutual Growth Commitment",
  reminderNote: "We'll remind you to check in again in 2 weeks",
  setReminderTutorial: "Set Reminder for Next Sunday 10 AM",
  finishSession: "Finish Session",
} as const;

/** Spec part 2 section 3 ("Defaults when missing") and section 5 (three default recommendations). */
export const SUMMARY_DEFAULTS = {
  summary: "Session summary not available",
  encouragement: ANALYSIS_DEFAULTS.encouragement,
} as const;

/** Spec part 2 section 8, session flow. The deck only shows text; its parent raises these. */
export const SESSION_DIALOG_TEXTS = {
  failedSaveTitle: "Failed to Save Session",
  failedSaveBody: "We couldn't save your session to the cloud. Your follow-up conversations and recommendations may be lost if you don't save them.",
  retryCloudSave: "Retry Cloud Save",
  saveLocallyOnly: "Save Locally Only",
} as const;

export const SESSION_TOASTS = {
  sessionSaved: {
    title: "Session Saved",
    localBody: "Your insights and recommendations have been saved locally.",
    serverBody: "Your session has been saved and will appear in your history.",
    cloudRetryBody: "Your session has been saved successfully to the cloud!",
  },
  saveError: { title: "Save Error", body: "Your session insights were created but couldn't be saved to the server. We've saved a local backup." },
  summaryError: {
    title: "Summary Error",
    body: "There was a problem generating your summary, but we saved your session.",
  },
  savedLocally: { title: "Session Saved Locally", body: "Your session has been saved to this device only. It won't sync across devices." },
  /** The spec gives the body as "the calendar date and time"; `when` is that, already formatted. */
  reminderSet: { title: "Reminder Set!", body: (when: string) => `Your check-in is on ${when}.` },
  analysisError: {
    title: "Analysis Error",
    body: "We couldn't generate insights from your conversation. Please try recording a longer conversation.",
  },
} as const;

/** The safety card shown before any coaching when the words raise a safety concern (hardening issue, section 6). */
export const SAFETY_TEXTS = {
  title: "Before anything else",
  body: "Some of what was said sounds like someone may be hurt, threatened, or thinking about harming themselves. This app is not the right tool for this, and you do not have to go through it alone.",
  emergency: "If anyone is in danger right now, call your local emergency number:",
  linesHeading: "People trained to help, free and confidential",
  elsewhere: "In another country? findahelpline.com lists helplines everywhere.",
  continue: "I understand, show the summary",
} as const;
