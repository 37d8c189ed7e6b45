"use client";

import type { useSignIn, useSignUp } from "@clerk/nextjs/legacy";

import { AUTH_MESSAGES, resetCompletionFailure, resetRequestFailure, signInFailure, signUpFailure, toAuthError } from "@/lib/domain/auth/messages";
import { signUpOutcome, type AuthScreenEvent } from "@/lib/domain/auth/screen-machine";
import { withDeadline } from "@/lib/domain/with-deadline";

import { AUTH_TEXTS } from "./texts";

// The calls of the sign-in / sign-up screen through Clerk's client (spec part 2 section 7 "Authentication calls"). Each
// flow returns the event the screen's reducer takes, so the screen only dispatches it.

type LoadedSignIn = Extract<ReturnType<typeof useSignIn>, { isLoaded: true }>;
type LoadedSignUp = Extract<ReturnType<typeof useSignUp>, { isLoaded: true }>;
export type SignInResource = LoadedSignIn["signIn"];
export type SignUpResource = LoadedSignUp["signUp"];
export type SetActive = LoadedSignIn["setActive"];

const failed = (message: string): AuthScreenEvent => ({ type: "FAILED", message });

/**
 * How long one flow waits for Clerk's answers, all its calls together. Clerk's calls have no time-out of their own: a stalled
 * connection would keep the screen on "Please wait…" with every form blocked.
 */
export const CLERK_FLOW_WAIT_MS = 20_000;

/** Clerk did not answer within the flow's bound; the flow ends in its failure and starts no further call. */
class ClerkDidNotAnswer extends Error {
  constructor() {
    super(`Clerk did not answer within ${CLERK_FLOW_WAIT_MS / 1000} s`);
  }
}

const late = (error: unknown) => error instanceof ClerkDidNotAnswer;

type Bounded = <T>(call: Promise<T>) => Promise<T>;

/** One bound for all the Clerk calls of one flow: each call gets what is left of it. */
function flowDeadline(): Bounded {
  const end = Date.now() + CLERK_FLOW_WAIT_MS;
  return (call) => withDeadline(call, Math.max(0, end - Date.now()), () => new ClerkDidNotAnswer());
}

async function activate(bounded: Bounded, setActive: SetActive, sessionId: string | null, message?: string): Promise<AuthScreenEvent> {
  if (!sessionId) return failed(AUTH_MESSAGES.unexpectedSignUpStatus);
  await bounded(setActive({ session: sessionId }));
  return { type: "COMPLETED", message };
}

/** Sign-in create with identifier and password; a complete sign-in activates its session. */
export async function signInWithPassword(signIn: SignInResource, setActive: SetActive, email: string, password: string): Promise<AuthScreenEvent> {
  const bounded = flowDeadline();
  try {
    const result = await bounded(signIn.create({ identifier: email, password }));
    if (result.status === "complete") return await activate(bounded, setActive, result.createdSessionId);
    return { type: "SIGN_IN_FAILED", failure: { kind: "other", message: AUTH_MESSAGES.furtherStepRequired } };
  } catch (error) {
    // Not the spec's default "Invalid email or password": nothing says the credentials are wrong, only that Clerk is unreachable.
    if (late(error)) return { type: "SIGN_IN_FAILED", failure: { kind: "other", message: AUTH_TEXTS.signInUnavailable } };
    return { type: "SIGN_IN_FAILED", failure: signInFailure(toAuthError(error)) };
  }
}

/** Verification by link (back to the site's root), or by a 6-digit code when the link cannot be sent. */
async function sendEmailVerification(bounded: Bounded, signUp: SignUpResource, origin: string): Promise<AuthScreenEvent> {
  try {
    await bounded(signUp.prepareEmailAddressVerification({ strategy: "email_link", redirectUrl: `${origin}/` }));
    return { type: "SIGN_UP_LINK_SENT", message: AUTH_MESSAGES.verificationLinkSent };
  } catch (error) {
    // A link Clerk did not answer for is not a link it cannot send: no code is tried on the flow's spent time.
    if (late(error)) return failed(AUTH_MESSAGES.signUpFailed);
    try {
      await bounded(signUp.prepareEmailAddressVerification({ strategy: "email_code" }));
      return { type: "SIGN_UP_CODE_SENT", message: AUTH_MESSAGES.verificationCodeSent };
    } catch (codeError) {
      return failed(late(codeError) ? AUTH_MESSAGES.signUpFailed : AUTH_MESSAGES.verificationNotConfigured);
    }
  }
}

/** Sign-up create with e-mail and password, then the outcome of spec section 4. */
export async function signUpWithPassword(
  signUp: SignUpResource,
  setActive: SetActive,
  email: string,
  password: string,
  origin: string,
): Promise<AuthScreenEvent> {
  const bounded = flowDeadline();
  let created: SignUpResource;
  try {
    created = await bounded(signUp.create({ emailAddress: email, password }));
  } catch (error) {
    if (late(error)) return failed(AUTH_MESSAGES.signUpFailed);
    const failure = signUpFailure(toAuthError(error));
    return failure.switchToSignIn ? { type: "EMAIL_TAKEN", message: failure.message } : failed(failure.message);
  }
  switch (signUpOutcome(created)) {
    case "complete":
      // Caught here too: a rejection would leave the screen busy for good.
      return activate(bounded, setActive, created.createdSessionId).catch(() => failed(AUTH_MESSAGES.signUpFailed));
    case "verify-email":
      return sendEmailVerification(bounded, created, origin);
    case "needs-info":
      return failed(AUTH_MESSAGES.needsMoreInfo);
    case "unexpected":
      return failed(AUTH_MESSAGES.unexpectedSignUpStatus);
  }
}

/** The 6-digit code of a sign-up whose link could not be sent. */
export async function verifySignUpCode(signUp: SignUpResource, setActive: SetActive, code: string): Promise<AuthScreenEvent> {
  const bounded = flowDeadline();
  try {
    const result = await bounded(signUp.attemptEmailAddressVerification({ code }));
    if (result.status === "complete") return await activate(bounded, setActive, result.createdSessionId);
    return failed(AUTH_MESSAGES.unexpectedSignUpStatus);
  } catch (error) {
    // An unanswered code is not a wrong one.
    return failed(late(error) ? AUTH_MESSAGES.signUpFailed : AUTH_MESSAGES.invalidCode);
  }
}

/** The unverified sub-state's button: a fresh verification link to the address. */
export async function resendVerification(signUp: SignUpResource, email: string, origin: string, supportEmail: string): Promise<AuthScreenEvent> {
  const bounded = flowDeadline();
  try {
    const created = await bounded(signUp.create({ emailAddress: email }));
    await bounded(created.prepareEmailAddressVerification({ strategy: "email_link", redirectUrl: `${origin}/` }));
    return { type: "SUCCEEDED", message: AUTH_MESSAGES.resendSent };
  } catch {
    return failed(AUTH_MESSAGES.resendFailed(supportEmail));
  }
}

/** Reset: a sign-in with the address, its reset_password_email_code factor, then the code sent to that address. */
export async function requestPasswordReset(signIn: SignInResource, email: string): Promise<AuthScreenEvent> {
  const bounded = flowDeadline();
  let created: SignInResource;
  try {
    created = await bounded(signIn.create({ identifier: email }));
  } catch (error) {
    return failed(late(error) ? AUTH_MESSAGES.resetRequestFailed : resetRequestFailure(toAuthError(error)));
  }
  const factor = created.supportedFirstFactors?.find((candidate) => candidate.strategy === "reset_password_email_code");
  if (!factor || !("emailAddressId" in factor)) return failed(AUTH_MESSAGES.resetNotEnabled);
  try {
    await bounded(created.prepareFirstFactor({ strategy: "reset_password_email_code", emailAddressId: factor.emailAddressId }));
    return { type: "RESET_CODE_SENT", message: AUTH_MESSAGES.resetEmailSent };
  } catch (error) {
    return failed(late(error) ? AUTH_MESSAGES.resetRequestFailed : resetRequestFailure(toAuthError(error)));
  }
}

/** The code and the new password; success signs in with 'Password reset successful! Redirecting...'. */
export async function completePasswordReset(signIn: SignInResource, setActive: SetActive, code: string, password: string): Promise<AuthScreenEvent> {
  const bounded = flowDeadline();
  try {
    const result = await bounded(signIn.attemptFirstFactor({ strategy: "reset_password_email_code", code, password }));
    if (result.status === "complete") return await activate(bounded, setActive, result.createdSessionId, AUTH_MESSAGES.resetSucceeded);
    // The password is changed already: "Could not reset password", then "Invalid or expired code" on a retry, would say otherwise.
    return failed(AUTH_MESSAGES.furtherStepRequired);
  } catch (error) {
    return failed(late(error) ? AUTH_MESSAGES.resetFailed : resetCompletionFailure(toAuthError(error)));
  }
}
