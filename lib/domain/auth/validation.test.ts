import { AUTH_MESSAGES } from "./messages";
import { checkCode, checkCredentials, checkEmail, checkResetCompletion, CODE_LENGTH, PASSWORD_MIN_LENGTH } from "./validation";

describe("auth validation (spec sections 5 and 9)", () => {
  it("password: at least 8 characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(checkCredentials("a@b.co", "1234567")).toEqual({ ok: false, message: AUTH_MESSAGES.passwordTooShort });
    expect(checkCredentials("a@b.co", "12345678")).toEqual({ ok: true, value: { email: "a@b.co", password: "12345678" } });
    expect(checkCredentials("a@b.co", "x".repeat(257)).ok).toBe(false);
  });

  it("email: required, trimmed, an address", () => {
    expect(checkEmail("")).toEqual({ ok: false, message: AUTH_MESSAGES.emailRequired });
    expect(checkEmail("   ")).toEqual({ ok: false, message: AUTH_MESSAGES.emailRequired });
    expect(checkEmail("not-an-address")).toEqual({ ok: false, message: AUTH_MESSAGES.emailInvalid });
    expect(checkCredentials("anna@gmail", "12345678")).toEqual({ ok: false, message: "Please enter a valid email address." });
    expect(checkEmail(" sam@example.com ")).toEqual({ ok: true, value: "sam@example.com" });
    expect(checkEmail(`${"a".repeat(250)}@b.co`).ok).toBe(false);
  });

  it.each([
    ["123456", true],
    ["123 456", true],
    ["12345", false],
    ["1234567", false],
    ["12345a", false],
    ["", false],
  ])("code %j valid: %s", (code, valid) => {
    expect(CODE_LENGTH).toBe(6);
    expect(checkCode(code).ok).toBe(valid);
  });

  it("reset completion needs both fields, then a 6-digit code and an 8-character password", () => {
    expect(checkResetCompletion("", "longenough")).toEqual({ ok: false, message: AUTH_MESSAGES.resetFieldsRequired });
    expect(checkResetCompletion("123456", "")).toEqual({ ok: false, message: AUTH_MESSAGES.resetFieldsRequired });
    expect(checkResetCompletion("12", "longenough")).toEqual({ ok: false, message: AUTH_MESSAGES.invalidVerificationCode });
    expect(checkResetCompletion("123456", "short")).toEqual({ ok: false, message: AUTH_MESSAGES.passwordTooShort });
    expect(checkResetCompletion(" 123456 ", "longenough")).toEqual({ ok: true, value: { code: "123456", password: "longenough" } });
  });
});
