import { z } from "zod";

import { AUTH_MESSAGES } from "./messages";

// The auth forms' rules (spec part 2 sections 5 and 9): password at least 8 characters, verification code 6 digits.
// Limits on length keep a pasted novel out of Clerk's requests.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const CODE_LENGTH = 6;

export const emailSchema = z.string().trim().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.emailInvalid).pipe(z.email(AUTH_MESSAGES.emailInvalid));
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort).max(PASSWORD_MAX_LENGTH);
export const codeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, AUTH_MESSAGES.invalidVerificationCode));

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };

function check<T>(schema: z.ZodType<T>, input: unknown): FieldCheck<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? AUTH_MESSAGES.signInDefault };
}

export const checkCredentials = (email: string, password: string) => check(credentialsSchema, { email, password });

/** Resend and reset both need the address first: 'Please enter your email address first'. */
export const checkEmail = (email: string) => check(emailSchema, email);

export const checkCode = (code: string) => check(codeSchema, code);

/** Completing a reset needs both fields ('Please enter both the code and your new password'), then a 6-digit code and 8 characters. */
export function checkResetCompletion(code: string, password: string): FieldCheck<{ code: string; password: string }> {
  if (code.trim() === "" || password === "") return { ok: false, message: AUTH_MESSAGES.resetFieldsRequired };
  const codeCheck = checkCode(code);
  if (!codeCheck.ok) return codeCheck;
  const passwordCheck = check(passwordSchema, password);
  if (!passwordCheck.ok) return passwordCheck;
  return { ok: true, value: { code: codeCheck.value, password: passwordCheck.value } };
}
