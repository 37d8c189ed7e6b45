// The first-run flow of a signed-out visitor (spec part 2 section 4 "Onboarding"): the welcome card with its disclaimer,
// the five intro cards, the example session in the tutorial deck, then done. Pure: the screen renders the state.

export const INTRO_CARD_COUNT = 5;

export type OnboardingState = { name: "welcome"; disclaimerTicked: boolean } | { name: "intro"; card: number } | { name: "tutorial" } | { name: "done" };

export type OnboardingEvent =
  | { type: "TOGGLE_DISCLAIMER"; ticked: boolean }
  | { type: "TRY_IT_OUT" }
  | { type: "NEXT" }
  | { type: "PREVIOUS" }
  | { type: "SKIP" }
  | { type: "TUTORIAL_FINISHED" };

export const initialOnboarding: OnboardingState = { name: "welcome", disclaimerTicked: false };

/** Both welcome buttons stay disabled until the disclaimer is ticked (spec part 2 section 5). */
export function canContinue(state: OnboardingState): boolean {
  return state.name === "welcome" && state.disclaimerTicked;
}

export function onboardingReducer(state: OnboardingState, event: OnboardingEvent): OnboardingState {
  switch (state.name) {
    case "welcome":
      if (event.type === "TOGGLE_DISCLAIMER") return { name: "welcome", disclaimerTicked: event.ticked };
      if (event.type === "TRY_IT_OUT" && state.disclaimerTicked) return { name: "intro", card: 0 };
      return state;
    case "intro":
      if (event.type === "NEXT") return state.card + 1 < INTRO_CARD_COUNT ? { name: "intro", card: state.card + 1 } : { name: "tutorial" };
      if (event.type === "PREVIOUS") return state.card > 0 ? { name: "intro", card: state.card - 1 } : state;
      if (event.type === "SKIP") return { name: "tutorial" };
      return state;
    case "tutorial":
      return event.type === "TUTORIAL_FINISHED" ? { name: "done" } : state;
    case "done":
      return state;
  }
}

/** The progress bar of the intro cards: 1/5 on the first card, 5/5 on the last. */
export function introProgress(card: number): number {
  return Math.min(INTRO_CARD_COUNT, Math.max(1, card + 1)) / INTRO_CARD_COUNT;
}

/** The last intro card reads "Start" instead of "Next". */
export function isLastIntroCard(card: number): boolean {
  return card === INTRO_CARD_COUNT - 1;
}

/**
 * Whether the welcome screen shows on the home page: signed-out visitors who have not accepted the disclaimer on this
 * device, unless this browser tab has just come back from a sign-in (skipWelcomeAfterAuth) or already ran the tutorial.
 */
export function shouldShowWelcome(input: { signedIn: boolean; disclaimerAccepted: boolean; skipWelcome: boolean }): boolean {
  return !input.signedIn && !input.disclaimerAccepted && !input.skipWelcome;
}
