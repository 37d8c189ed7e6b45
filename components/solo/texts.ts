// Solo Journal's screen texts (spec part 1 sections 2, 4, 5 and 8; part 2 section 2). The live coach's error texts are in
// lib/domain/solo/realtime-texts.ts, beside the client that raises them.
import { OWN_NAME_FALLBACK } from "@/lib/domain/display-name";

export const MODE_TEXTS = {
  label: "Recording mode",
  solo: "Solo Journal",
  relationship: "Relationship",
} as const;

export const SOLO_TEXTS = {
  heading: "Solo Journal",
  bullets: ["Find a quiet moment for yourself", "Talk freely: your coach listens and answers by voice", "Your journal stays private by default"],
  readinessQuestion: "Take a breath. When you start, your coach greets you while the countdown runs.",
  readinessHint: "Swipe right to continue, left to stop.",
  skip: "Skip",
  start: "Start",
  stop: "Stop",
  continue: "Continue",
  status: {
    connecting: "Connecting to your coach...",
    listening: "Listening...",
    thinking: "Thinking...",
    speaking: "Your coach is speaking...",
    unavailable: "Recording your journal",
  },
  coachUnavailable: "The live coach is unavailable right now. Keep talking: your journal is recorded and analysed when you stop.",
  guestNote: "The live voice coach is for signed-in users. Without it your journal is still recorded, analysed and kept on this device.",
  signInForCoach: "Sign in for the live coach",
  wrappingUp: "Wrapping up your session...",
  complete: "Session complete. Review your insights.",
  cancelled: "Session cancelled",
  nothingTitle: "Nothing to analyze",
  nothingBody: "Try speaking for a little longer so the coach has context.",
  guideTopic: (headline: string) => `Topic: ${headline}`,
} as const;

export const LIVE_TRANSCRIPT_TEXTS = {
  title: (turns: number) => `Live Transcript (${turns} turns)`,
  coach: "Coach",
  you: OWN_NAME_FALLBACK,
} as const;
