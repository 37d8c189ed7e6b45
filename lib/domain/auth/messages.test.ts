import { AUTH_MESSAGES, resetCompletionFailure, resetRequestFailure, signInFailure, signUpFailure, toAuthError } from "./messages";

const clerkError = (code: string, message: string, longMessage?: string) => ({ errors: [{ code, message, longMessage }] });

describe("toAuthError", () => {
  it("reads Clerk's first error, preferring its long message", () => {
    expect(toAuthError(clerkError("form_password_incorrect", "is incorrect", "Password is incorrect. Try again."))).toEqual({
      code: "form_password_incorrect",
      message: "Password is incorrect. Try again.",
    });
    expect(toAuthError(clerkError("x", "short"))).toEqual({ code: "x", message: "short" });
  });

  it("falls back to an Error's message, a string, or nothing", () => {
    expect(toAuthError(new Error("network down"))).toEqual({ code: null, message: "network down" });
    expect(toAuthError("plain")).toEqual({ code: null, message: "plain" });
    expect(toAuthError(undefined)).toEqual({ code: null, message: "" });
    expect(toAuthError({ errors: "nonsense" })).toEqual({ code: null, message: "" });
  });
});

describe("sign-in errors (spec section 8)", () => {
  it.each([
    ["Your email address is not verified yet", "unverified", AUTH_MESSAGES.notVerified],
    ["Account not activated", "unverified", AUTH_MESSAGES.notVerified],
    ["Password is incorrect. Try again, or use another method.", "password", AUTH_MESSAGES.passwordIncorrect],
    ["Identifier is invalid.", "password", AUTH_MESSAGES.passwordIncorrect],
    ["Something incorrect happened", "password", AUTH_MESSAGES.passwordIncorrect],
    ["Too many requests. Please try again in a bit.", "other", "Too many requests. Please try again in a bit."],
    ["", "other", AUTH_MESSAGES.signInDefault],
  ])("%j → %s", (message, kind, expected) => {
    expect(signInFailure({ code: null, message })).toEqual({ kind, message: expected });
  });

  it("checks 'verif' before 'invalid', as the unverified case needs the resend button", () => {
    expect(signInFailure({ code: null, message: "Invalid: verification required" }).kind).toBe("unverified");
  });
});

describe("sign-up errors", () => {
  it("a taken address says so and switches to sign-in", () => {
    expect(signUpFailure({ code: "form_identifier_exists", message: "That email address is taken. Please try another." })).toEqual({
      message: AUTH_MESSAGES.emailTaken,
      switchToSignIn: true,
    });
    expect(signUpFailure({ code: null, message: "This email is already registered" }).switchToSignIn).toBe(true);
  });

  it("anything else is the generic failure and stays in sign-up", () => {
    expect(signUpFailure({ code: "form_password_pwned", message: "Password has been found in an online data breach." })).toEqual({
      message: AUTH_MESSAGES.signUpFailed,
      switchToSignIn: false,
    });
  });
});

describe("reset request errors", () => {
  it.each([
    [{ code: "form_identifier_not_found", message: "Couldn't find your account." }, AUTH_MESSAGES.emailNotFound],
    [{ code: null, message: "User not found" }, AUTH_MESSAGES.emailNotFound],
    [{ code: "too_many_requests", message: "Slow down" }, AUTH_MESSAGES.resetRequestFailed],
  ])("%j", (error, expected) => {
    expect(resetRequestFailure(error)).toBe(expected);
  });
});

describe("reset completion errors", () => {
  it.each([
    [{ code: "form_code_incorrect", message: "Incorrect code" }, AUTH_MESSAGES.invalidCode],
    [{ code: "verification_expired", message: "This verification has expired." }, AUTH_MESSAGES.invalidCode],
    [{ code: "form_password_length_too_short", message: "Passwords must be 8 characters or more." }, AUTH_MESSAGES.passwordTooShort],
    [{ code: "form_password_pwned", message: "Password has been found in an online data breach." }, AUTH_MESSAGES.passwordTooShort],
    [{ code: null, message: "Network error" }, AUTH_MESSAGES.resetFailed],
  ])("%j", (error, expected) => {
    expect(resetCompletionFailure(error)).toBe(expected);
  });
});

describe("texts", () => {
  it("the resend failure names the support address", () => {
    expect(AUTH_MESSAGES.resendFailed("help@example.com")).toBe("Could not resend email. Please contact support at help@example.com");
  });
});
