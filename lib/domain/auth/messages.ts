// Every message of the sign-in, sign-up, resend and reset flows (spec part 2 section 8, word for word) and which one a
// failure gets. Clerk's errors arrive as { code, message, longMessage }; the spec maps most of them by their wording.

export const AUTH_MESSAGES = {
  notVerified: "Account not verified. Please check your email or resend verification.",
  passwordIncorrect: "Password is incorrect. Reset your password or try again.",
  signInDefault: "Invalid email or password",

  emailTaken: "This email is already registered. Please try signing in instead.",
  verificationNotConfigured: "Email verification not configured in Clerk. Please contact support or use Google sign-in.",
  needsMoreInfo: "Account requires additional information. Please contact support.",
  unexpectedSignUpStatus: "Unexpected signup status. Please try again or use Google sign-in.",
  signUpFailed: "Failed to create account. Please try again or use Google sign-in.",
  verificationLinkSent: "Verification email sent! Check your inbox and click the link to activate your account.",
  verificationCodeSent: "Verification code sent! Check your email for a 6-digit code.",

  resendSent: "Verification email sent! Please check your inbox and spam folder.",
  resendFailed: (supportEmail: string) => `Could not resend email. Please contact support at ${supportEmail}`,

  emailNotFound: "Email not found. Please check your email or create a new account.",
  resetNotEnabled: "Password reset is not enabled for this account. Please contact support or use Google sign-in.",
  resetRequestFailed: "Could not send reset email. Please try again or use Google sign-in.",
  resetEmailSent: "Password reset email sent! Check your inbox and spam folder for the reset code.",

  invalidCode: "Invalid or expired code. Please check the code in your email or request a new one.",
  passwordTooShort: "Password must be at least 8 characters long.",
  resetFailed: "Could not reset password. Please try again.",
  resetSucceeded: "Password reset successful! Redirecting...",

  /**
   * Ours: Clerk accepted the password (or the reset) but asks for a step this app has no screen for (a second factor, a
   * new device's check). "Invalid email or password" would send the user to reset a password that is right.
   */
  furtherStepRequired:
    "Your account asks for an extra sign-in step (such as two-step verification) that this app does not support yet. Please use Google sign-in or contact support.",
  emailRequired: "Please enter your email address first",
  /** Ours: the spec's text is for a missing address only, and "first" misleads when one was typed. */
  emailInvalid: "Please enter a valid email address.",
  resetFieldsRequired: "Please enter both the code and your new password",
  invalidVerificationCode: "Please enter the 6-digit code from your email.",
} as const;

/** What the screens need of an authentication error: Clerk's first error code and its most specific wording. */
export type AuthError = { code: string | null; message: string };

type ClerkLikeError = { errors?: { code?: unknown; message?: unknown; longMessage?: unknown; long_message?: unknown }[]; message?: unknown };

/** Reads Clerk's API error (or any thrown value) into one code and one message. */
export function toAuthError(error: unknown): AuthError {
  const clerk = (typeof error === "object" && error !== null ? error : {}) as ClerkLikeError;
  const first = Array.isArray(clerk.errors) ? clerk.errors[0] : undefined;
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
  const message =
    text(first?.longMessage) ?? text(first?.long_message) ?? text(first?.message) ?? text(clerk.message) ?? (typeof error === "string" ? error : "");
  return { code: text(first?.code), message };
}

export type SignInFailure = { message: string; kind: "unverified" | "password" | "other" };

/** Sign-in errors: unverified accounts get the resend button, password problems the reset option (spec section 8). */
export function signInFailure(error: AuthError): SignInFailure {
  const wording = `${error.message} ${error.code ?? ""}`.toLowerCase();
  if (wording.includes("verif") || wording.includes("not activated")) return { message: AUTH_MESSAGES.notVerified, kind: "unverified" };
  if (wording.includes("password") || wording.includes("incorrect") || wording.includes("invalid")) {
    return { message: AUTH_MESSAGES.passwordIncorrect, kind: "password" };
  }
  return { message: error.message || AUTH_MESSAGES.signInDefault, kind: "other" };
}

/** A failed sign-up create: a taken address switches the screen to sign-in. */
export function signUpFailure(error: AuthError): { message: string; switchToSignIn: boolean } {
  const wording = `${error.code ?? ""} ${error.message}`.toLowerCase();
  if (error.code === "form_identifier_exists" || /already (registered|exists|taken)|is taken/.test(wording)) {
    return { message: AUTH_MESSAGES.emailTaken, switchToSignIn: true };
  }
  return { message: AUTH_MESSAGES.signUpFailed, switchToSignIn: false };
}

/** A failed reset request (the sign-in create with the address, or preparing the reset code). */
export function resetRequestFailure(error: AuthError): string {
  const wording = `${error.code ?? ""} ${error.message}`.toLowerCase();
  if (error.code === "form_identifier_not_found" || wording.includes("not found") || wording.includes("couldn't find")) return AUTH_MESSAGES.emailNotFound;
  return AUTH_MESSAGES.resetRequestFailed;
}

/** A failed reset completion: a wrong or expired code, a password Clerk refuses, or anything else. */
export function resetCompletionFailure(error: AuthError): string {
  const wording = `${error.code ?? ""} ${error.message}`.toLowerCase();
  if (
    error.code === "form_code_incorrect" ||
    error.code === "verification_expired" ||
    error.code === "verification_failed" ||
    /\bcode\b|expired/.test(wording)
  ) {
    return AUTH_MESSAGES.invalidCode;
  }
  if (wording.includes("password")) return AUTH_MESSAGES.passwordTooShort;
  return AUTH_MESSAGES.resetFailed;
}
