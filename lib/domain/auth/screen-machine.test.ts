import { AUTH_MESSAGES } from "./messages";
import { authScreenReducer, initialAuthScreen, signUpOutcome, type AuthScreenEvent, type AuthScreenState } from "./screen-machine";

const run = (events: AuthScreenEvent[], from: AuthScreenState = initialAuthScreen("sign-in")) => events.reduce(authScreenReducer, from);

describe("auth screen machine", () => {
  it("a request blocks the forms and clears the old message", () => {
    const state = run([{ type: "INVALID", message: "x" }, { type: "REQUEST_STARTED" }]);
    expect(state).toMatchObject({ busy: true, notice: null });
  });

  it("an unverified sign-in shows the resend sub-state; a password error offers the reset", () => {
    const unverified = run([{ type: "REQUEST_STARTED" }, { type: "SIGN_IN_FAILED", failure: { kind: "unverified", message: AUTH_MESSAGES.notVerified } }]);
    expect(unverified).toMatchObject({ step: "unverified", busy: false, offerReset: false, notice: { tone: "error", text: AUTH_MESSAGES.notVerified } });
    const wrong = run([{ type: "SIGN_IN_FAILED", failure: { kind: "password", message: AUTH_MESSAGES.passwordIncorrect } }]);
    expect(wrong).toMatchObject({ step: "normal", offerReset: true });
  });

  it("forgot → code-sent → Back to Sign In resets every sub-state", () => {
    const codeSent = run([{ type: "FORGOT_PASSWORD" }, { type: "REQUEST_STARTED" }, { type: "RESET_CODE_SENT", message: AUTH_MESSAGES.resetEmailSent }]);
    expect(codeSent).toMatchObject({ mode: "sign-in", step: "code-sent", busy: false, notice: { tone: "success", text: AUTH_MESSAGES.resetEmailSent } });
    expect(run([{ type: "BACK_TO_SIGN_IN" }], codeSent)).toEqual(initialAuthScreen("sign-in"));
    expect(run([{ type: "BACK_TO_SIGN_IN" }], { ...initialAuthScreen("sign-in"), step: "unverified", offerReset: true })).toEqual(initialAuthScreen("sign-in"));
  });

  it("switching modes starts the other mode afresh", () => {
    const state = run([
      { type: "FAILED", message: "boom" },
      { type: "SWITCH_MODE", mode: "sign-up" },
    ]);
    expect(state).toEqual(initialAuthScreen("sign-up"));
  });

  it("sign-up: a taken address switches to sign-in with its message; the code step follows a failed link", () => {
    expect(run([{ type: "EMAIL_TAKEN", message: AUTH_MESSAGES.emailTaken }], initialAuthScreen("sign-up"))).toMatchObject({
      mode: "sign-in",
      notice: { tone: "error", text: AUTH_MESSAGES.emailTaken },
    });
    expect(run([{ type: "SIGN_UP_CODE_SENT", message: AUTH_MESSAGES.verificationCodeSent }], initialAuthScreen("sign-up"))).toMatchObject({
      mode: "sign-up",
      step: "verify-code",
    });
    expect(run([{ type: "SIGN_UP_LINK_SENT", message: AUTH_MESSAGES.verificationLinkSent }], initialAuthScreen("sign-up"))).toMatchObject({
      step: "normal",
      notice: { tone: "success" },
    });
  });

  it("once completed, the screen stays busy and ignores everything while it redirects", () => {
    const done = run([{ type: "COMPLETED", message: AUTH_MESSAGES.resetSucceeded }]);
    expect(done).toMatchObject({ step: "redirecting", busy: true, notice: { tone: "success", text: AUTH_MESSAGES.resetSucceeded } });
    expect(run([{ type: "BACK_TO_SIGN_IN" }, { type: "FAILED", message: "x" }], done)).toBe(done);
  });
});

describe("signUpOutcome (spec section 4)", () => {
  it.each([
    [{ status: "complete" }, "complete"],
    [{ status: "missing_requirements", missingFields: [], unverifiedFields: ["email_address"] }, "verify-email"],
    [{ status: "missing_requirements", missingFields: ["first_name"], unverifiedFields: ["email_address"] }, "needs-info"],
    [{ status: "missing_requirements", missingFields: ["phone_number"], unverifiedFields: [] }, "needs-info"],
    [{ status: "abandoned" }, "unexpected"],
    [{ status: null }, "unexpected"],
  ] as const)("%j → %s", (signUp, outcome) => {
    expect(signUpOutcome(signUp)).toBe(outcome);
  });
});
