import {
  canContinue,
  initialOnboarding,
  INTRO_CARD_COUNT,
  introProgress,
  isLastIntroCard,
  onboardingReducer,
  shouldShowWelcome,
  type OnboardingEvent,
  type OnboardingState,
} from "./machine";

const run = (events: OnboardingEvent[], from: OnboardingState = initialOnboarding) => events.reduce(onboardingReducer, from);

describe("onboarding machine", () => {
  it("starts on the welcome card with the disclaimer unticked, and Try It Out does nothing until it is ticked", () => {
    expect(initialOnboarding).toEqual({ name: "welcome", disclaimerTicked: false });
    expect(canContinue(initialOnboarding)).toBe(false);
    expect(run([{ type: "TRY_IT_OUT" }])).toEqual(initialOnboarding);
  });

  it("ticking enables continuing; unticking disables it again", () => {
    const ticked = run([{ type: "TOGGLE_DISCLAIMER", ticked: true }]);
    expect(canContinue(ticked)).toBe(true);
    expect(canContinue(run([{ type: "TOGGLE_DISCLAIMER", ticked: false }], ticked))).toBe(false);
  });

  it("walks the five intro cards with Next, the last one leading to the tutorial", () => {
    let state = run([{ type: "TOGGLE_DISCLAIMER", ticked: true }, { type: "TRY_IT_OUT" }]);
    const seen: number[] = [];
    while (state.name === "intro") {
      seen.push(state.card);
      state = onboardingReducer(state, { type: "NEXT" });
    }
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(INTRO_CARD_COUNT).toBe(5);
    expect(state).toEqual({ name: "tutorial" });
  });

  it("Skip goes from any intro card to the tutorial; Previous stops at the first card", () => {
    expect(run([{ type: "SKIP" }], { name: "intro", card: 2 })).toEqual({ name: "tutorial" });
    expect(run([{ type: "PREVIOUS" }], { name: "intro", card: 2 })).toEqual({ name: "intro", card: 1 });
    expect(run([{ type: "PREVIOUS" }], { name: "intro", card: 0 })).toEqual({ name: "intro", card: 0 });
  });

  it("the tutorial's end (finished or closed) completes onboarding, which then ignores everything", () => {
    const done = run([{ type: "TUTORIAL_FINISHED" }], { name: "tutorial" });
    expect(done).toEqual({ name: "done" });
    expect(run([{ type: "NEXT" }, { type: "TOGGLE_DISCLAIMER", ticked: false }, { type: "SKIP" }], done)).toEqual(done);
  });

  it("ignores events that do not belong to the current step", () => {
    expect(run([{ type: "NEXT" }, { type: "SKIP" }, { type: "TUTORIAL_FINISHED" }])).toEqual(initialOnboarding);
    expect(run([{ type: "TOGGLE_DISCLAIMER", ticked: false }], { name: "intro", card: 1 })).toEqual({ name: "intro", card: 1 });
    expect(run([{ type: "NEXT" }], { name: "tutorial" })).toEqual({ name: "tutorial" });
  });

  it.each([
    [0, 0.2, false],
    [3, 0.8, false],
    [4, 1, true],
  ])("card %i: progress %f, last %s", (card, progress, last) => {
    expect(introProgress(card)).toBeCloseTo(progress);
    expect(isLastIntroCard(card)).toBe(last);
  });
});

describe("shouldShowWelcome", () => {
  it.each([
    [{ signedIn: false, disclaimerAccepted: false, skipWelcome: false }, true],
    [{ signedIn: true, disclaimerAccepted: false, skipWelcome: false }, false],
    [{ signedIn: false, disclaimerAccepted: true, skipWelcome: false }, false],
    [{ signedIn: false, disclaimerAccepted: false, skipWelcome: true }, false],
  ])("%j → %s", (input, expected) => {
    expect(shouldShowWelcome(input)).toBe(expected);
  });
});
