import { AUTH_MESSAGES } from "@/lib/domain/auth/messages";
import type { AuthScreenEvent } from "@/lib/domain/auth/screen-machine";

import {
  CLERK_FLOW_WAIT_MS,
  completePasswordReset,
  requestPasswordReset,
  resendVerification,
  signInWithPassword,
  signUpWithPassword,
  verifySignUpCode,
  type SetActive,
  type SignInResource,
  type SignUpResource,
} from "./auth-flows";
import { AUTH_TEXTS } from "./texts";

// The flows against stand-ins of Clerk's SignIn / SignUp resources: which calls they make, in which order, and which
// event each outcome becomes. The real client runs against a fake Frontend API in tests/e2e/auth.spec.ts.

const clerkError = (code: string, message: string) => Object.assign(new Error(message), { errors: [{ code, message, longMessage: message }] });

function setActiveMock() {
  return jest.fn(async () => undefined) as unknown as SetActive & jest.Mock;
}

describe("signInWithPassword", () => {
  it("activates the created session of a complete sign-in", async () => {
    const create = jest.fn(async () => ({ status: "complete", createdSessionId: "sess_1" }));
    const setActive = setActiveMock();
    const event = await signInWithPassword({ create } as unknown as SignInResource, setActive, "a@b.co", "password1");
    expect(create).toHaveBeenCalledWith({ identifier: "a@b.co", password: "password1" });
    expect(setActive).toHaveBeenCalledWith({ session: "sess_1" });
    expect(event).toEqual({ type: "COMPLETED", message: undefined });
  });

  it("maps Clerk's errors to the spec's sign-in messages", async () => {
    const failing = (error: Error) => ({ create: jest.fn(async () => Promise.reject(error)) }) as unknown as SignInResource;
    await expect(
      signInWithPassword(failing(clerkError("form_password_incorrect", "Password is incorrect. Try again.")), setActiveMock(), "a@b.co", "x"),
    ).resolves.toEqual({
      type: "SIGN_IN_FAILED",
      failure: { kind: "password", message: AUTH_MESSAGES.passwordIncorrect },
    });
    await expect(signInWithPassword(failing(clerkError("x", "Your email address is not verified yet")), setActiveMock(), "a@b.co", "x")).resolves.toMatchObject(
      {
        failure: { kind: "unverified", message: AUTH_MESSAGES.notVerified },
      },
    );
  });

  it.each(["needs_second_factor", "needs_client_trust", "needs_new_password"])(
    "a sign-in Clerk accepted but leaves at %s says a step is missing, not that the password is wrong",
    async (status) => {
      const create = jest.fn(async () => ({ status, createdSessionId: null }));
      await expect(signInWithPassword({ create } as unknown as SignInResource, setActiveMock(), "a@b.co", "x")).resolves.toEqual({
        type: "SIGN_IN_FAILED",
        failure: { kind: "other", message: AUTH_MESSAGES.furtherStepRequired },
      });
    },
  );
});

describe("signUpWithPassword", () => {
  const unverified = (prepare: jest.Mock) => ({
    status: "missing_requirements",
    missingFields: [],
    unverifiedFields: ["email_address"],
    prepareEmailAddressVerification: prepare,
  });

  it("sends a verification link back to the site root", async () => {
    const prepare = jest.fn(async () => undefined);
    const create = jest.fn(async () => unverified(prepare));
    const event = await signUpWithPassword({ create } as unknown as SignUpResource, setActiveMock(), "a@b.co", "password1", "https://app.test");
    expect(create).toHaveBeenCalledWith({ emailAddress: "a@b.co", password: "password1" });
    expect(prepare).toHaveBeenCalledWith({ strategy: "email_link", redirectUrl: "https://app.test/" });
    expect(event).toEqual({ type: "SIGN_UP_LINK_SENT", message: AUTH_MESSAGES.verificationLinkSent });
  });

  it("falls back to a 6-digit code when the link cannot be sent, and says so when neither can", async () => {
    const codeOnly = jest.fn(async ({ strategy }: { strategy: string }) => (strategy === "email_code" ? undefined : Promise.reject(new Error("not allowed"))));
    await expect(
      signUpWithPassword({ create: jest.fn(async () => unverified(codeOnly)) } as unknown as SignUpResource, setActiveMock(), "a@b.co", "password1", ""),
    ).resolves.toEqual({ type: "SIGN_UP_CODE_SENT", message: AUTH_MESSAGES.verificationCodeSent });
    const neither = jest.fn(async () => Promise.reject(new Error("not allowed")));
    await expect(
      signUpWithPassword({ create: jest.fn(async () => unverified(neither)) } as unknown as SignUpResource, setActiveMock(), "a@b.co", "password1", ""),
    ).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.verificationNotConfigured });
  });

  it("complete, other requirements, unknown status and a taken address", async () => {
    const setActive = setActiveMock();
    const signUp = (result: object) => ({ create: jest.fn(async () => result) }) as unknown as SignUpResource;
    await expect(signUpWithPassword(signUp({ status: "complete", createdSessionId: "sess_2" }), setActive, "a@b.co", "p", "")).resolves.toEqual({
      type: "COMPLETED",
      message: undefined,
    });
    expect(setActive).toHaveBeenCalledWith({ session: "sess_2" });
    await expect(
      signUpWithPassword(signUp({ status: "missing_requirements", missingFields: ["phone_number"], unverifiedFields: [] }), setActive, "a@b.co", "p", ""),
    ).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.needsMoreInfo });
    await expect(signUpWithPassword(signUp({ status: "abandoned" }), setActive, "a@b.co", "p", "")).resolves.toEqual({
      type: "FAILED",
      message: AUTH_MESSAGES.unexpectedSignUpStatus,
    });
    const taken = {
      create: jest.fn(async () => Promise.reject(clerkError("form_identifier_exists", "That email address is taken."))),
    } as unknown as SignUpResource;
    await expect(signUpWithPassword(taken, setActive, "a@b.co", "p", "")).resolves.toEqual({ type: "EMAIL_TAKEN", message: AUTH_MESSAGES.emailTaken });
  });
});

describe("verifySignUpCode and resendVerification", () => {
  it("a right code activates the session; a wrong one says so", async () => {
    const setActive = setActiveMock();
    const ok = { attemptEmailAddressVerification: jest.fn(async () => ({ status: "complete", createdSessionId: "sess_3" })) } as unknown as SignUpResource;
    await expect(verifySignUpCode(ok, setActive, "123456")).resolves.toEqual({ type: "COMPLETED", message: undefined });
    const wrong = {
      attemptEmailAddressVerification: jest.fn(async () => Promise.reject(clerkError("form_code_incorrect", "Incorrect code"))),
    } as unknown as SignUpResource;
    await expect(verifySignUpCode(wrong, setActive, "000000")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.invalidCode });
  });

  it("resend sends a new link, or names the support address", async () => {
    const prepare = jest.fn(async () => undefined);
    const signUp = { create: jest.fn(async () => ({ prepareEmailAddressVerification: prepare })) } as unknown as SignUpResource;
    await expect(resendVerification(signUp, "a@b.co", "https://app.test", "help@x.test")).resolves.toEqual({
      type: "SUCCEEDED",
      message: AUTH_MESSAGES.resendSent,
    });
    expect(prepare).toHaveBeenCalledWith({ strategy: "email_link", redirectUrl: "https://app.test/" });
    const broken = { create: jest.fn(async () => Promise.reject(new Error("boom"))) } as unknown as SignUpResource;
    await expect(resendVerification(broken, "a@b.co", "", "help@x.test")).resolves.toEqual({
      type: "FAILED",
      message: "Could not resend email. Please contact support at help@x.test",
    });
  });
});

describe("password reset", () => {
  it("finds the reset_password_email_code factor and prepares it with its address id", async () => {
    const prepareFirstFactor = jest.fn(async () => undefined);
    const created = {
      supportedFirstFactors: [{ strategy: "password" }, { strategy: "reset_password_email_code", emailAddressId: "idn_1" }],
      prepareFirstFactor,
    };
    const signIn = { create: jest.fn(async () => created) } as unknown as SignInResource;
    await expect(requestPasswordReset(signIn, "a@b.co")).resolves.toEqual({ type: "RESET_CODE_SENT", message: AUTH_MESSAGES.resetEmailSent });
    expect(prepareFirstFactor).toHaveBeenCalledWith({ strategy: "reset_password_email_code", emailAddressId: "idn_1" });
  });

  it("unknown address, no reset factor, failing preparation", async () => {
    const notFound = {
      create: jest.fn(async () => Promise.reject(clerkError("form_identifier_not_found", "Couldn't find your account."))),
    } as unknown as SignInResource;
    await expect(requestPasswordReset(notFound, "a@b.co")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.emailNotFound });
    const noFactor = { create: jest.fn(async () => ({ supportedFirstFactors: [{ strategy: "password" }] })) } as unknown as SignInResource;
    await expect(requestPasswordReset(noFactor, "a@b.co")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.resetNotEnabled });
    const failing = {
      create: jest.fn(async () => ({
        supportedFirstFactors: [{ strategy: "reset_password_email_code", emailAddressId: "idn_1" }],
        prepareFirstFactor: jest.fn(async () => Promise.reject(new Error("mail down"))),
      })),
    } as unknown as SignInResource;
    await expect(requestPasswordReset(failing, "a@b.co")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.resetRequestFailed });
  });

  it("completing: success activates the session with the spec's message; errors map to theirs", async () => {
    const setActive = setActiveMock();
    const attemptFirstFactor = jest.fn(async () => ({ status: "complete", createdSessionId: "sess_4" }));
    await expect(completePasswordReset({ attemptFirstFactor } as unknown as SignInResource, setActive, "123456", "newpassword")).resolves.toEqual({
      type: "COMPLETED",
      message: "Password reset successful! Redirecting...",
    });
    expect(attemptFirstFactor).toHaveBeenCalledWith({ strategy: "reset_password_email_code", code: "123456", password: "newpassword" });
    const wrongCode = {
      attemptFirstFactor: jest.fn(async () => Promise.reject(clerkError("form_code_incorrect", "Incorrect code"))),
    } as unknown as SignInResource;
    await expect(completePasswordReset(wrongCode, setActive, "000000", "newpassword")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.invalidCode });
    const weak = {
      attemptFirstFactor: jest.fn(async () => Promise.reject(clerkError("form_password_pwned", "Password has been found in an online data breach."))),
    } as unknown as SignInResource;
    await expect(completePasswordReset(weak, setActive, "123456", "password")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.passwordTooShort });
    const secondFactor = { attemptFirstFactor: jest.fn(async () => ({ status: "needs_second_factor", createdSessionId: null })) } as unknown as SignInResource;
    await expect(completePasswordReset(secondFactor, setActive, "123456", "newpassword")).resolves.toEqual({
      type: "FAILED",
      message: AUTH_MESSAGES.furtherStepRequired,
    });
  });
});

describe("a Clerk call that never answers", () => {
  // A stalled connection: Clerk's promise neither resolves nor rejects.
  const never = () => jest.fn(() => new Promise<never>(() => {}));

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The flow's event once the bound has passed, after checking it had not ended a moment before. */
  async function afterBound(flow: Promise<AuthScreenEvent>): Promise<AuthScreenEvent> {
    let ended = false;
    void flow.finally(() => (ended = true));
    await jest.advanceTimersByTimeAsync(CLERK_FLOW_WAIT_MS - 1);
    expect(ended).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    return flow;
  }

  it("sign-in: ends after the bound in a failure that blames the connection, not the password", async () => {
    const signIn = { create: never() } as unknown as SignInResource;
    await expect(afterBound(signInWithPassword(signIn, setActiveMock(), "a@b.co", "password1"))).resolves.toEqual({
      type: "SIGN_IN_FAILED",
      failure: { kind: "other", message: AUTH_TEXTS.signInUnavailable },
    });
  });

  it("sign-in: a session activation that never answers, within the same bound", async () => {
    const create = jest.fn(async () => ({ status: "complete", createdSessionId: "sess_1" }));
    const setActive = never() as unknown as SetActive;
    await expect(afterBound(signInWithPassword({ create } as unknown as SignInResource, setActive, "a@b.co", "password1"))).resolves.toEqual({
      type: "SIGN_IN_FAILED",
      failure: { kind: "other", message: AUTH_TEXTS.signInUnavailable },
    });
  });

  it("sign-up: the create, the activation and the verification link each end in the sign-up failure", async () => {
    const failure = { type: "FAILED", message: AUTH_MESSAGES.signUpFailed };
    await expect(afterBound(signUpWithPassword({ create: never() } as unknown as SignUpResource, setActiveMock(), "a@b.co", "password1", ""))).resolves.toEqual(
      failure,
    );

    const complete = { create: jest.fn(async () => ({ status: "complete", createdSessionId: "sess_2" })) } as unknown as SignUpResource;
    await expect(afterBound(signUpWithPassword(complete, never() as unknown as SetActive, "a@b.co", "password1", ""))).resolves.toEqual(failure);

    // No code is asked for once the link has used up the flow's time: that failure would wrongly say verification is not set up.
    const prepare = never();
    const unverified = { status: "missing_requirements", missingFields: [], unverifiedFields: ["email_address"], prepareEmailAddressVerification: prepare };
    const signUp = { create: jest.fn(async () => unverified) } as unknown as SignUpResource;
    await expect(afterBound(signUpWithPassword(signUp, setActiveMock(), "a@b.co", "password1", ""))).resolves.toEqual(failure);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it("the flow's calls share one bound: a slow create leaves the rest of it to the next call", async () => {
    const create = jest.fn(
      () => new Promise((resolve) => setTimeout(() => resolve({ status: "complete", createdSessionId: "sess_1" }), CLERK_FLOW_WAIT_MS / 2)),
    );
    const setActive = never() as unknown as SetActive;
    await expect(afterBound(signInWithPassword({ create } as unknown as SignInResource, setActive, "a@b.co", "password1"))).resolves.toMatchObject({
      type: "SIGN_IN_FAILED",
    });
  });

  it("sign-up code, resend and both steps of the reset end in their flow's failure", async () => {
    await expect(
      afterBound(verifySignUpCode({ attemptEmailAddressVerification: never() } as unknown as SignUpResource, setActiveMock(), "123456")),
    ).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.signUpFailed });

    await expect(afterBound(resendVerification({ create: never() } as unknown as SignUpResource, "a@b.co", "", "help@x.test"))).resolves.toEqual({
      type: "FAILED",
      message: AUTH_MESSAGES.resendFailed("help@x.test"),
    });

    await expect(afterBound(requestPasswordReset({ create: never() } as unknown as SignInResource, "a@b.co"))).resolves.toEqual({
      type: "FAILED",
      message: AUTH_MESSAGES.resetRequestFailed,
    });
    const stalledPrepare = {
      create: jest.fn(async () => ({
        supportedFirstFactors: [{ strategy: "reset_password_email_code", emailAddressId: "idn_1" }],
        prepareFirstFactor: never(),
      })),
    } as unknown as SignInResource;
    await expect(afterBound(requestPasswordReset(stalledPrepare, "a@b.co"))).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.resetRequestFailed });

    await expect(
      afterBound(completePasswordReset({ attemptFirstFactor: never() } as unknown as SignInResource, setActiveMock(), "123456", "newpassword")),
    ).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.resetFailed });
  });
});

describe("a session activation that fails after a complete sign-up", () => {
  it("ends in the sign-up failure instead of leaving the screen busy", async () => {
    const complete = { create: jest.fn(async () => ({ status: "complete", createdSessionId: "sess_2" })) } as unknown as SignUpResource;
    const setActive = jest.fn(async () => Promise.reject(new Error("network"))) as unknown as SetActive;
    await expect(signUpWithPassword(complete, setActive, "a@b.co", "password1", "")).resolves.toEqual({ type: "FAILED", message: AUTH_MESSAGES.signUpFailed });
  });
});
