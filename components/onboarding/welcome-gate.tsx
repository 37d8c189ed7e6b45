"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useReducer, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from "react";

import { useIdentity } from "@/components/auth/identity-context";
import { sayLoadFailed } from "@/components/shell/load-failed";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { useModalScreen } from "@/lib/client/hooks/use-modal-screen";
import { showAddToHomeScreenAfterOnboarding } from "@/lib/client/install/install-prompt";
import {
  readDisclaimerAccepted,
  readSkipWelcome,
  rememberDisclaimerAccepted,
  rememberDisclaimerCookie,
  setSkipWelcome,
} from "@/lib/client/onboarding/disclaimer-storage";
import { initialOnboarding, onboardingReducer, shouldShowWelcome } from "@/lib/domain/onboarding/machine";

import { IntroCards } from "./intro-cards";
import { ONBOARDING_TEXTS as T } from "./texts";
import { WelcomeCard } from "./welcome-card";

const noSubscribe = () => () => {};

// The example session brings the whole deck: it loads when "Try It Out" is pressed, not with the home screen.
const loadTutorial = () => import("./tutorial-session");
const TutorialSession = dynamic(() => loadTutorial().then((module) => module.TutorialSession), { ssr: false });

// Hidden from the first paint when the layout's head script found this device's acceptance (welcome-head-script.ts). Spelled
// out for Tailwind's class scanner; welcome-gate.test.tsx checks it names WELCOME_DONE_ATTRIBUTE.
export const HIDDEN_WHEN_DONE = "[[data-welcome-done]_&]:hidden";

/**
 * The first run over the home screen: welcome and disclaimer → five intro cards → the example session → the recorder.
 * The server renders the welcome card when the request has no acceptance cookie (`disclaimerAccepted`), so it is in the
 * HTML and paints before any JavaScript; in the browser the device's own record (localStorage) and the tab's skip flag
 * decide, from right after hydration: storage cleared is a device that never accepted (the head script then drops the
 * cookie too).
 */
export function WelcomeGate({ disclaimerAccepted }: { disclaimerAccepted: boolean }) {
  const identity = useIdentity();
  const router = useRouter();
  const [state, dispatch] = useReducer(onboardingReducer, initialOnboarding);
  // Once started, the flow runs to its end even though accepting the disclaimer already changed what storage says.
  const [started, setStarted] = useState(false);
  const welcomeTitle = useRef<HTMLHeadingElement>(null);
  const firstVisit = useSyncExternalStore(
    noSubscribe,
    () =>
      shouldShowWelcome({
        signedIn: identity.signedIn,
        disclaimerAccepted: readDisclaimerAccepted(),
        skipWelcome: readSkipWelcome(),
      }),
    () => shouldShowWelcome({ signedIn: identity.signedIn, disclaimerAccepted, skipWelcome: false }),
  );

  if (state.name === "done" || !(started || firstVisit)) return null;

  const accept = () => {
    setStarted(true);
    rememberDisclaimerAccepted();
    rememberDisclaimerCookie();
  };

  if (state.name === "tutorial") {
    // The deck is a full-screen dialog of its own.
    const done = () => {
      dispatch({ type: "TUTORIAL_FINISHED" });
      showAddToHomeScreenAfterOnboarding();
    };
    return (
      <LoadFailureBoundary
        onFailure={() => {
          sayLoadFailed();
          done();
        }}
      >
        <TutorialSession onDone={done} />
      </LoadFailureBoundary>
    );
  }

  return (
    <GateDialog initial={welcomeTitle}>
      {state.name === "welcome" ? (
        <WelcomeCard
          titleRef={welcomeTitle}
          ticked={state.disclaimerTicked}
          onTick={(ticked) => dispatch({ type: "TOGGLE_DISCLAIMER", ticked })}
          onTryItOut={() => {
            accept();
            // The spec's tutorial flag: this tab does not show the welcome screen again.
            setSkipWelcome();
            void loadTutorial();
            dispatch({ type: "TRY_IT_OUT" });
          }}
          onSignIn={
            identity.clerkEnabled
              ? () => {
                  accept();
                  router.push("/sign-in");
                }
              : undefined
          }
        />
      ) : null}
      {state.name === "intro" ? (
        <IntroCards
          card={state.card}
          onNext={() => dispatch({ type: "NEXT" })}
          onPrevious={() => dispatch({ type: "PREVIOUS" })}
          onSkip={() => dispatch({ type: "SKIP" })}
        />
      ) : null}
    </GateDialog>
  );
}

/**
 * The welcome's full-screen dialog. It comes last in the page, after the header and the recorder it covers: focus starts
 * on its title, and Tab stays in it, rather than walking the whole home page behind it first.
 */
function GateDialog({ initial, children }: { initial: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  const { dialogProps } = useModalScreen({ label: T.dialogLabel, title: initial });
  return (
    <div {...dialogProps} className={`fixed inset-0 z-50 overflow-y-auto bg-cream-50 ${HIDDEN_WHEN_DONE}`}>
      {children}
    </div>
  );
}
