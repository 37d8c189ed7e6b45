"use client";

import type { useSignIn, useSignUp } from "@clerk/nextjs/legacy";

import { AUTH_MESSAGES, resetCompletionFailure, resetRequestFailure, signInFailure, signUpFailure, toAuthError } from "@/lib/domain/auth/messages";
import { signUpOutcome, type AuthScreenEvent } from "@/lib/domain/auth/screen-machine";

// The calls of the sign-in / sign-up screen through Clerk's client (spec part 2 section 7 "Authentication calls"). Each
// flow returns the event the screen's reducer takes, so the screen only dispatches it.

type LoadedSignIn = Extract<ReturnType<typeof useSignIn>, { isLoaded: true }>;
type LoadedSignUp = Extract<ReturnType<typeof useSignUp>, { isLoaded: true }>;
export type SignInResource = LoadedSignIn["signIn"];
export type SignUpResource = LoadedSignUp["signUp"];
export type SetActive = LoadedSignIn["setActive"];

const failed = (message: string): AuthScreenEvent => ({ type: "FAILED", message });

async function activate(setActive: SetActive, sessionId: string | null, message?: string): Promise<AuthScreenEvent> {
  if (!sessionId) return failed(AUTH_MESSAGES.unexpectedSignUpStatus);
  await setActive({ session: sessionId });
  return { type: "COMPLETED", message };
}

/** Sign-in create with identifier and password; a complete sign-in activates its session. */
export async function signInWithPassword(signIn: SignInResource, setActive: SetActive, email: string, password: string): Promise<AuthScreenEvent> {
  try {
    const result = await signIn.create({ identifier: email, password });
    if (result.status === "complete") return await activate(setActive, result.createdSessionId);
    return { type: "SIGN_IN_FAILED", failure: signInFailure({ code: null, message: "" }) };
  } catch (error) {
    return { type: "SIGN_IN_FAILED", failure: signInFailure(toAuthError(error)) };
  }
}

/** Verification by link (back to the site's root), or by a 6-digit code when the link cannot be sent. */
async function sendEmailVerification(signUp: SignUpResource, origin: string): Promise<AuthScreenEvent> {
  try {
    await signUp.prepareEmailAddressVerification({ strategy: "email_link", redirectUrl: `${origin}/` });
    return { type: "SIGN_UP_LINK_SENT", message: AUTH_MESSAGES.verificationLinkSent };
  } catch {
    try {
      await signUp.prepareEmailAddressVerification({ strategy: "email_code" });
      return { type: "SIGN_UP_CODE_SENT", message: AUTH_MESSAGES.verificationCodeSent };
    } catch {
      return failed(AUTH_MESSAGES.verificationNotConfigured);
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
  let created: SignUpResource;
  try {
    created = await signUp.create({ emailAddress: email, password });
  } catch (error) {
    const failure = signUpFailure(toAuthError(error));
    return failure.switchToSignIn ? { type: "EMAIL_TAKEN", message: failure.message } : failed(failure.message);
  }
  switch (signUpOutcome(created)) {
    case "complete":
      return activate(setActive, created.createdSessionId);
    case "verify-email":
      return sendEmailVerification(created, origin);
    case "needs-info":
      return failed(AUTH_MESSAGES.needsMoreInfo);
    case "unexpected":
      return failed(AUTH_MESSAGES.unexpectedSignUpStatus);
  }
}

/** The 6-digit code of a sign-up whose link could not be sent. */
export async function verifySignUpCode(signUp: SignUpResource, setActive: SetActive, code: string): Promise<AuthScreenEvent> {
  try {
    const result = await signUp.attemptEmailAddressVerification({ code });
    if (result.status === "complete") return await activate(setActive, result.createdSessionId);
    return failed(AUTH_MESSAGES.unexpectedSignUpStatus);
  } catch {
    return failed(AUTH_MESSAGES.invalidCode);
  }
}

/** The unverified sub-state's button: a fresh verification link to the address. */
export async function resendVerification(signUp: SignUpResource, email: string, origin: string, supportEmail: string): Promise<AuthScreenEvent> {
  try {
    const created = await signUp.create({ emailAddress: email });
    await created.prepareEmailAddressVerification({ strategy: "email_link", redirectUrl: `${origin}/` });
    return { type: "SUCCEEDED", message: AUTH_MESSAGES.resendSent };
  } catch {
    return failed(AUTH_MESSAGES.resendFailed(supportEmail));
  }
}

/** Reset: a sign-in with the address, its reset_password_email_code factor, then the code sent to that address. */
export async function requestPasswordReset(signIn: SignInResource, email: string): Promise<AuthScreenEvent> {
  let created: SignInResource;
  try {
    created = await signIn.create({ identifier: email });
  } catch (error) {
    return failed(resetRequestFailure(toAuthError(error)));
  }
  const factor = created.supportedFirstFactors?.find((candidate) => candidate.strategy === "reset_password_email_code");
  if (!factor || !("emailAddressId" in factor)) return failed(AUTH_MESSAGES.resetNotEnabled);
  try {
    await created.prepareFirstFactor({ strategy: "reset_password_email_code", emailAddressId: factor.emailAddressId });
    return { type: "RESET_CODE_SENT", message: AUTH_MESSAGES.resetEmailSent };
  } catch (error) {
    return failed(resetRequestFailure(toAuthError(error)));
  }
}

/** The code and the new password; success signs in with 'Password reset successful! Redirecting...'. */
export async function completePasswordReset(signIn: SignInResource, setActive: SetActive, code: string, password: string): Promise<AuthScreenEvent> {
  try {
    const result = await signIn.attemptFirstFactor({ strategy: "reset_password_email_code", code, password });
    if (result.status === "complete") return await activate(setActive, result.createdSessionId, AUTH_MESSAGES.resetSucceeded);
    return failed(AUTH_MESSAGES.resetFailed);
  } catch (error) {
    return failed(resetCompletionFailure(toAuthError(error)));
  }
}
