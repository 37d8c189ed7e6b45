import type { SignInFailure } from "./messages";

// The sign-in / sign-up screen (spec part 2 section 4 "Sign-in sub-states" and "Sign-up outcomes"): one screen, two modes.
// Sign-in sub-states: normal, unverified (resend button), forgot (email + 'Reset Password'), code-sent (code + new password +
// 'Complete Password Reset'); 'Back to Sign In' resets them. Sign-up adds the code step when the link cannot be sent.

export type AuthMode = "sign-in" | "sign-up";
export type AuthStep = "normal" | "unverified" | "forgot" | "code-sent" | "verify-code" | "redirecting";
export type Notice = { tone: "error" | "success"; text: string } | null;

export type AuthScreenState = {
  mode: AuthMode;
  step: AuthStep;
  notice: Notice;
  /** A request is in flight: every form is blocked (spec section 5). */
  busy: boolean;
  /** Shown after a password error: the way to the forgot-password form. */
  offerReset: boolean;
};

export type AuthScreenEvent =
  | { type: "SWITCH_MODE"; mode: AuthMode }
  | { type: "REQUEST_STARTED" }
  | { type: "INVALID"; message: string }
  | { type: "SIGN_IN_FAILED"; failure: SignInFailure }
  | { type: "FORGOT_PASSWORD" }
  | { type: "BACK_TO_SIGN_IN" }
  | { type: "RESET_CODE_SENT"; message: string }
  | { type: "SIGN_UP_LINK_SENT"; message: string }
  | { type: "SIGN_UP_CODE_SENT"; message: string }
  | { type: "EMAIL_TAKEN"; message: string }
  | { type: "FAILED"; message: string }
  | { type: "SUCCEEDED"; message: string }
  | { type: "COMPLETED"; message?: string };

export function initialAuthScreen(mode: AuthMode): AuthScreenState {
  return { mode, step: "normal", notice: null, busy: false, offerReset: false };
}

const error = (text: string): Notice => ({ tone: "error", text });
const success = (text: string): Notice => ({ tone: "success", text });

export function authScreenReducer(state: AuthScreenState, event: AuthScreenEvent): AuthScreenState {
  // On the way out nothing changes the screen any more.
  if (state.step === "redirecting") return state;
  switch (event.type) {
    case "SWITCH_MODE":
      return initialAuthScreen(event.mode);
    case "REQUEST_STARTED":
      return { ...state, busy: true, notice: null };
    case "INVALID":
      return { ...state, busy: false, notice: error(event.message) };
    case "SIGN_IN_FAILED":
      return {
        ...state,
        busy: false,
        notice: error(event.failure.message),
        step: event.failure.kind === "unverified" ? "unverified" : "normal",
        offerReset: event.failure.kind === "password",
      };
    case "FORGOT_PASSWORD":
      return { mode: "sign-in", step: "forgot", notice: null, busy: false, offerReset: false };
    case "BACK_TO_SIGN_IN":
      return initialAuthScreen("sign-in");
    case "RESET_CODE_SENT":
      return { ...state, busy: false, step: "code-sent", notice: success(event.message) };
    case "SIGN_UP_LINK_SENT":
      return { ...state, busy: false, step: "normal", notice: success(event.message) };
    case "SIGN_UP_CODE_SENT":
      return { ...state, busy: false, step: "verify-code", notice: success(event.message) };
    case "EMAIL_TAKEN":
      return { ...initialAuthScreen("sign-in"), notice: error(event.message) };
    case "FAILED":
      return { ...state, busy: false, notice: error(event.message) };
    case "SUCCEEDED":
      return { ...state, busy: false, notice: success(event.message) };
    case "COMPLETED":
      return { ...state, busy: true, step: "redirecting", notice: event.message ? success(event.message) : null };
  }
}

export type SignUpOutcome = "complete" | "verify-email" | "needs-info" | "unexpected";

/** What a created sign-up asks for next (spec section 4 "Sign-up outcomes"). */
export function signUpOutcome(signUp: { status: string | null; missingFields?: readonly string[]; unverifiedFields?: readonly string[] }): SignUpOutcome {
  if (signUp.status === "complete") return "complete";
  if (signUp.status === "missing_requirements") {
    const missing = signUp.missingFields ?? [];
    const unverified = signUp.unverifiedFields ?? [];
    if (unverified.includes("email_address") && missing.length === 0) return "verify-email";
    return "needs-info";
  }
  return "unexpected";
}
