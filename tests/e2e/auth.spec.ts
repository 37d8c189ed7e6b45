import type { BrowserContext, Locator, Page } from "@playwright/test";

import { AUTH_SCREEN_TEXTS as T } from "../../components/auth/texts";
import { AUTH_MESSAGES } from "../../lib/domain/auth/messages";
import { TEST_CLERK_FRONTEND_API } from "../helpers/clerk-test-auth";
import { checkScreen, expect, expectNoHorizontalScroll, Shell, test, visitSignedOut } from "./support/app";
import { FakeClerkFapi } from "./support/fake-clerk-fapi";
import { ACCOUNT_SERVER, GUEST_SERVER } from "./support/urls";

// The sign-in / sign-up screen with the real Clerk client (issue 12; spec part 2 sections 2, 4, 5 and 8): clerk-js from the
// @clerk/clerk-js package, Clerk's Frontend API faked at the network boundary (support/fake-clerk-fapi.ts), the app server
// verifying the fake's session tokens offline.

const PASSWORD = "correct-horse-9";

async function openAuth(page: Page, fapi: FakeClerkFapi, path: "/sign-in" | "/sign-up") {
  await fapi.install(page.context());
  await page.goto(`${ACCOUNT_SERVER.url}${path}`);
  // The forms stay disabled until Clerk's client has loaded.
  await expect(page.getByRole("textbox", { name: "Email" })).toBeEnabled({ timeout: 15_000 });
}

/**
 * Home after the screen's full load (window.location.replace): like goto and reload, wait for the load event before a tap,
 * or it can land on the server's HTML before React has hydrated it and do nothing.
 */
async function expectHomeLoaded(page: Page) {
  await expect(page).toHaveURL(`${ACCOUNT_SERVER.url}/`);
  await page.waitForLoadState("load");
}

/** From a signed-out home: Settings' "Sign in with Google", through the sign-in screen, until Google's sign-in has started. */
async function signInWithGoogleFromSettings(page: Page, fapi: FakeClerkFapi) {
  await fapi.install(page.context());
  await page.goto(`${ACCOUNT_SERVER.url}/`);
  const settings = await new Shell(page).openSettings();
  await settings.signInWithGoogle.click();
  await expect.poll(() => fapi.oauthStarts.length, { timeout: 15_000 }).toBe(1);
}

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).first();

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

test.describe("accounts with the real Clerk client", () => {
  test.beforeEach(({ context }) => visitSignedOut(context, ACCOUNT_SERVER));

  test("sign-up verified by a 6-digit code when links cannot be sent, then signed in at home with the disclaimer on the account", async ({
    page,
  }, testInfo) => {
    const fapi = new FakeClerkFapi({ emailLinks: false });
    const email = `new-${Date.now()}@example.com`;
    await openAuth(page, fapi, "/sign-up");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Close" })).toHaveAttribute("href", "/");
    await expectNoHorizontalScroll(page);
    await checkScreen(page, "auth-sign-up", testInfo);

    // The rules before any call: a short password is refused on the device.
    await fillCredentials(page, email, "short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(notice(page)).toHaveText("Password must be at least 8 characters long.");
    expect(fapi.calls.filter((call) => call.includes("sign_ups"))).toEqual([]);

    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(notice(page)).toHaveText("Verification code sent! Check your email for a 6-digit code.");
    await expect(page.getByRole("heading", { name: "Verify Email" })).toBeVisible();
    await page.getByRole("textbox", { name: "Verification code" }).fill("000000");
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(notice(page)).toHaveText("Invalid or expired code. Please check the code in your email or request a new one.");
    await page.getByRole("textbox", { name: "Verification code" }).fill(fapi.lastEmail(email, "verification-code")!.code!);
    await page.getByRole("button", { name: "Verify Email" }).click();

    // Home, signed in: the profile button in the header, no welcome gate; the disclaimer is now on the account too.
    await expectHomeLoaded(page);
    const shell = new Shell(page);
    await expect(shell.profileButton).toBeVisible();
    await expect.poll(() => fapi.users.get(email)?.unsafeMetadata["disclaimerAcceptedAt"]).toMatch(/^\d{4}-/);

    // Sign out from Profile Settings: "Logged out", and the header offers the profile no more.
    await shell.profileButton.click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("listitem").getByText("Logged out", { exact: true })).toBeVisible();
    await expect(shell.profileButton).toBeHidden();

    expect(fapi.unhandled).toEqual([]);
  });

  test("sign-in: wrong password, unverified with resend, and success", async ({ page }, testInfo) => {
    const fapi = new FakeClerkFapi({ emailLinks: true });
    fapi.addUser("sam@example.com", PASSWORD);
    fapi.addUser("pending@example.com", PASSWORD, false);
    await openAuth(page, fapi, "/sign-in");
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await checkScreen(page, "auth-sign-in", testInfo);

    // By keyboard: Enter in the password field. The field is disabled while Clerk answers; the focus comes back to it.
    await fillCredentials(page, "sam@example.com", "wrong-password");
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(notice(page)).toHaveText("Password is incorrect. Reset your password or try again.");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

    await fillCredentials(page, "pending@example.com", PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(notice(page)).toHaveText("Account not verified. Please check your email or resend verification.");
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(notice(page)).toHaveText("Verification email sent! Please check your inbox and spam folder.");
    expect(fapi.lastEmail("pending@example.com", "verification-link")).toBeTruthy();

    // The toggle: sign-up mode and back.
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await fillCredentials(page, "sam@example.com", PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(notice(page)).toHaveText("This email is already registered. Please try signing in instead.");
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();

    await fillCredentials(page, "sam@example.com", PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectHomeLoaded(page);
    await expect(new Shell(page).profileButton).toBeVisible();
    expect(fapi.unhandled).toEqual([]);
  });

  test("forgot password: the reset code and a new password, 'Password reset successful! Redirecting...', then home", async ({ page }, testInfo) => {
    const fapi = new FakeClerkFapi();
    fapi.addUser("alex@example.com", PASSWORD);
    await openAuth(page, fapi, "/sign-in");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(notice(page)).toHaveText("Please enter your email address first");

    await page.getByRole("textbox", { name: "Email" }).fill("nobody@example.com");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(notice(page)).toHaveText("Email not found. Please check your email or create a new account.");

    await page.getByRole("textbox", { name: "Email" }).fill("alex@example.com");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(notice(page)).toHaveText("Password reset email sent! Check your inbox and spam folder for the reset code.");
    await checkScreen(page, "auth-reset", testInfo);

    await page.getByRole("button", { name: "Complete Password Reset" }).click();
    await expect(notice(page)).toHaveText("Please enter both the code and your new password");
    await page.getByRole("textbox", { name: "Reset code" }).fill("111111");
    await page.getByLabel("New password").fill("brand-new-pass");
    await page.getByRole("button", { name: "Complete Password Reset" }).click();
    await expect(notice(page)).toHaveText("Invalid or expired code. Please check the code in your email or request a new one.");

    await page.getByRole("textbox", { name: "Reset code" }).fill(fapi.lastEmail("alex@example.com", "reset-code")!.code!);
    await page.getByRole("button", { name: "Complete Password Reset" }).click();
    await expect(notice(page)).toHaveText("Password reset successful! Redirecting...");
    await expectHomeLoaded(page);
    await expect(new Shell(page).profileButton).toBeVisible();
    expect(fapi.users.get("alex@example.com")!.password).toBe("brand-new-pass");

    expect(fapi.unhandled).toEqual([]);
  });
});

/**
 * Clerk's Frontend API answers one kind of call itself, ahead of the fake (a route added after `fapi.install` runs first):
 * `method` on a path matching `pathname`, with `status` and `json`. The fake answers everything else, CORS preflights too.
 */
async function clerkAnswers(context: BrowserContext, method: string, pathname: RegExp, status: number, json: unknown) {
  const answered: string[] = [];
  const matches = (url: URL) => url.host === TEST_CLERK_FRONTEND_API && pathname.test(url.pathname);
  await context.route(matches, (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if ((url.searchParams.get("_method") ?? request.method()).toUpperCase() !== method) return route.fallback();
    answered.push(url.pathname);
    const cors = { "access-control-allow-origin": request.headers()["origin"] ?? "*", "access-control-allow-credentials": "true", vary: "origin" };
    return route.fulfill({ status, headers: cors, json });
  });
  return { answered, stop: () => context.unroute(matches) };
}

/** Clerk's error shape. */
const clerkError = (code: string, message: string, longMessage: string) => ({
  errors: [{ code, message, long_message: longMessage, meta: {} }],
  clerk_trace_id: "fake",
});

const INTERNAL_ERROR = clerkError(
  "internal_clerk_error",
  "Oops, an unexpected error occurred",
  "There was an internal error on our servers. We've been notified.",
);

/** After a failure the form is still there as the user left it: every field keeps what was typed, the button works again. */
async function expectFormKept(fields: [Locator, string][], button: Locator) {
  for (const [field, value] of fields) {
    await expect(field).toHaveValue(value);
    await expect(field).toBeEnabled();
  }
  await expect(button).toBeEnabled();
}

/** Sign Up with `email` ends in `message`: the screen stays, with the form as the user left it. */
async function expectSignUpRefused(page: Page, email: string, message: string) {
  const signUp = page.getByRole("button", { name: T.signUp, exact: true });
  await fillCredentials(page, email, PASSWORD);
  await signUp.click();
  await expect(notice(page)).toHaveText(message);
  await expect(page.getByRole("heading", { name: T.signUpTitle })).toBeVisible();
  await expectFormKept(
    [
      [page.getByRole("textbox", { name: T.email }), email],
      [page.getByLabel(T.password, { exact: true }), PASSWORD],
    ],
    signUp,
  );
}

test.describe("Clerk's refusals on the sign-in / sign-up screen (spec part 2 section 8)", () => {
  test.beforeEach(({ context }) => visitSignedOut(context, ACCOUNT_SERVER));

  test("sign-in refused: Clerk's own message as is (429); one left needing a step this app lacks says so; the form keeps what was typed", async ({
    page,
    context,
  }) => {
    const fapi = new FakeClerkFapi();
    fapi.addUser("kim@example.com", PASSWORD);
    await openAuth(page, fapi, "/sign-in");
    const email = page.getByRole("textbox", { name: T.email });
    const password = page.getByLabel(T.password, { exact: true });
    const signIn = page.getByRole("button", { name: T.signIn, exact: true });

    const tooMany = "Too many requests. Please try again in a bit.";
    const limited = await clerkAnswers(context, "POST", /\/client\/sign_ins$/, 429, clerkError("too_many_requests", "Too many requests", tooMany));
    await fillCredentials(page, "kim@example.com", PASSWORD);
    await signIn.click();
    await expect(notice(page)).toHaveText(tooMany);
    expect(limited.answered).toHaveLength(1);
    await expectFormKept(
      [
        [email, "kim@example.com"],
        [password, PASSWORD],
      ],
      signIn,
    );
    await limited.stop();

    // A sign-in Clerk leaves unfinished without a word (it wants a second factor this app does not offer).
    const unfinished = await clerkAnswers(context, "POST", /\/client\/sign_ins$/, 200, {
      response: {
        object: "sign_in",
        id: "sia_second_factor",
        status: "needs_second_factor",
        supported_identifiers: ["email_address"],
        identifier: "kim@example.com",
        user_data: { first_name: null, last_name: null, image_url: "", has_image: false },
        supported_first_factors: [],
        supported_second_factors: [{ strategy: "totp" }],
        first_factor_verification: null,
        second_factor_verification: null,
        created_session_id: null,
        abandon_at: Date.now() + 86_400_000,
      },
      client: null,
    });
    await signIn.click();
    // Not "Invalid email or password": the password was right.
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.furtherStepRequired);
    expect(unfinished.answered).toHaveLength(1);
    await expectFormKept(
      [
        [email, "kim@example.com"],
        [password, PASSWORD],
      ],
      signIn,
    );
    await expect(page.getByRole("heading", { name: T.signInTitle })).toBeVisible();
    expect(fapi.unhandled).toEqual([]);
  });

  test("sign-up refused by Clerk (500): 'Failed to create account...', and the form keeps what was typed", async ({ page, context }) => {
    const fapi = new FakeClerkFapi();
    await openAuth(page, fapi, "/sign-up");
    const refused = await clerkAnswers(context, "POST", /\/client\/sign_ups$/, 500, INTERNAL_ERROR);
    await expectSignUpRefused(page, "lee@example.com", AUTH_MESSAGES.signUpFailed);
    expect(refused.answered).toHaveLength(1);
    expect(fapi.users.has("lee@example.com")).toBe(false);
    expect(fapi.unhandled).toEqual([]);
  });

  test("password reset: sending the e-mail failing, a 7-character new password, completing it failing; each time the form keeps what was typed", async ({
    page,
    context,
  }) => {
    const fapi = new FakeClerkFapi();
    fapi.addUser("ash@example.com", PASSWORD);
    await openAuth(page, fapi, "/sign-in");
    await page.getByRole("button", { name: T.forgotPassword }).click();
    await expect(page.getByRole("heading", { name: T.forgotTitle })).toBeVisible();
    const email = page.getByRole("textbox", { name: T.email });
    const resetPassword = page.getByRole("button", { name: T.resetPassword, exact: true });

    const notSent = await clerkAnswers(context, "POST", /\/client\/sign_ins\/[^/]+\/prepare_first_factor$/, 500, INTERNAL_ERROR);
    await email.fill("ash@example.com");
    await resetPassword.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.resetRequestFailed);
    expect(notSent.answered).toHaveLength(1);
    expect(fapi.outbox).toEqual([]);
    await expectFormKept([[email, "ash@example.com"]], resetPassword);
    await notSent.stop();

    // Again, now that Clerk sends it.
    await resetPassword.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.resetEmailSent);
    const code = page.getByRole("textbox", { name: T.resetCode });
    const newPassword = page.getByLabel(T.newPassword);
    const complete = page.getByRole("button", { name: T.completeReset });
    const sentCode = fapi.lastEmail("ash@example.com", "reset-code")!.code!;

    // Seven characters: refused on the device, Clerk is not asked.
    await code.fill(sentCode);
    await newPassword.fill("seven77");
    await complete.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.passwordTooShort);
    expect(fapi.calls.filter((call) => call.endsWith("/attempt_first_factor"))).toEqual([]);
    await expectFormKept(
      [
        [code, sentCode],
        [newPassword, "seven77"],
      ],
      complete,
    );

    const notReset = await clerkAnswers(context, "POST", /\/client\/sign_ins\/[^/]+\/attempt_first_factor$/, 500, INTERNAL_ERROR);
    await newPassword.fill("brand-new-pass");
    await complete.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.resetFailed);
    expect(notReset.answered).toHaveLength(1);
    await expectFormKept(
      [
        [code, sentCode],
        [newPassword, "brand-new-pass"],
      ],
      complete,
    );
    await expect(page.getByRole("heading", { name: T.forgotTitle })).toBeVisible();
    expect(fapi.users.get("ash@example.com")!.password).toBe(PASSWORD);
    expect(fapi.unhandled).toEqual([]);
  });

  test("sign-up whose address the instance cannot verify (no link, no code): 'Email verification not configured...', the form kept", async ({ page }) => {
    const fapi = new FakeClerkFapi({ emailLinks: false, emailCodes: false });
    await openAuth(page, fapi, "/sign-up");
    await expectSignUpRefused(page, "noor@example.com", AUTH_MESSAGES.verificationNotConfigured);
    // Both ways of verifying were asked for, and neither was sent.
    expect(fapi.calls.filter((call) => call.endsWith("/prepare_verification"))).toHaveLength(2);
    expect(fapi.outbox).toEqual([]);
    expect(fapi.unhandled).toEqual([]);
  });

  test("sign-up that Clerk answers with a status the app does not expect (abandoned): 'Unexpected signup status...', the form kept", async ({ page }) => {
    const fapi = new FakeClerkFapi({ abandonSignUps: true });
    await openAuth(page, fapi, "/sign-up");
    await expectSignUpRefused(page, "quinn@example.com", AUTH_MESSAGES.unexpectedSignUpStatus);
    expect(fapi.calls.filter((call) => call.endsWith("/prepare_verification"))).toEqual([]);
    expect(fapi.unhandled).toEqual([]);
  });

  test("password reset the instance does not offer: 'Password reset is not enabled...', no e-mail, the address kept", async ({ page }) => {
    const fapi = new FakeClerkFapi({ passwordReset: false });
    fapi.addUser("rio@example.com", PASSWORD);
    await openAuth(page, fapi, "/sign-in");
    await page.getByRole("button", { name: T.forgotPassword }).click();
    const email = page.getByRole("textbox", { name: T.email });
    const resetPassword = page.getByRole("button", { name: T.resetPassword, exact: true });
    await email.fill("rio@example.com");
    await resetPassword.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.resetNotEnabled);
    expect(fapi.calls.filter((call) => call.endsWith("/prepare_first_factor"))).toEqual([]);
    expect(fapi.outbox).toEqual([]);
    await expect(page.getByRole("heading", { name: T.forgotTitle })).toBeVisible();
    await expectFormKept([[email, "rio@example.com"]], resetPassword);
    expect(fapi.unhandled).toEqual([]);
  });

  test("Verify Email with a 3-digit code: 'Please enter the 6-digit code from your email.', Clerk is not asked, the code stays", async ({ page }) => {
    const fapi = new FakeClerkFapi({ emailLinks: false });
    await openAuth(page, fapi, "/sign-up");
    await fillCredentials(page, "ray@example.com", PASSWORD);
    await page.getByRole("button", { name: T.signUp, exact: true }).click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.verificationCodeSent);
    await expect(page.getByRole("heading", { name: T.verifyTitle })).toBeVisible();

    const code = page.getByRole("textbox", { name: T.verificationCode });
    const verify = page.getByRole("button", { name: T.verify });
    await code.fill("123");
    await verify.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.invalidVerificationCode);
    expect(fapi.calls.filter((call) => call.endsWith("/attempt_verification"))).toEqual([]);
    await expectFormKept([[code, "123"]], verify);
    await expect(page.getByRole("heading", { name: T.verifyTitle })).toBeVisible();
    expect(fapi.unhandled).toEqual([]);
  });

  test("resend of the verification e-mail failing: 'Could not resend email. Please contact support at {email}' with the site's contact address", async ({
    page,
    context,
  }) => {
    // The address the site gives for contact (FEEDBACK_EMAIL) is the one the message names.
    const terms = await (await page.request.get(`${ACCOUNT_SERVER.url}/terms-of-service`)).text();
    const supportEmail = /href="mailto:([^"?]+)"/.exec(terms)![1]!;
    const fapi = new FakeClerkFapi({ emailLinks: true });
    fapi.addUser("pat@example.com", PASSWORD, false);
    await openAuth(page, fapi, "/sign-in");
    await fillCredentials(page, "pat@example.com", PASSWORD);
    await page.getByRole("button", { name: T.signIn, exact: true }).click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.notVerified);

    const notSent = await clerkAnswers(context, "POST", /\/client\/sign_ups\/[^/]+\/prepare_verification$/, 500, INTERNAL_ERROR);
    const resend = page.getByRole("button", { name: T.resendVerification });
    await resend.click();
    await expect(notice(page)).toHaveText(AUTH_MESSAGES.resendFailed(supportEmail));
    expect(notSent.answered).toHaveLength(1);
    expect(fapi.outbox).toEqual([]);
    await expectFormKept(
      [
        [page.getByRole("textbox", { name: T.email }), "pat@example.com"],
        [page.getByLabel(T.password, { exact: true }), PASSWORD],
      ],
      resend,
    );
    await expect(page.getByRole("button", { name: T.signIn, exact: true })).toBeEnabled();
    expect(fapi.unhandled).toEqual([]);
  });
});

test.describe("Google", () => {
  // A first visit straight to /sign-up, with no disclaimer accepted on the device.
  test.use({ disclaimerAccepted: false });

  test("Continue with Google sets skipWelcomeAfterAuth before leaving, and home reads it: no welcome screen on the way back", async ({ page, context }) => {
    await visitSignedOut(context, ACCOUNT_SERVER);
    const fapi = new FakeClerkFapi();
    await openAuth(page, fapi, "/sign-up");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    // Polled: /sign-up is on the same origin, so the page's address alone cannot tell that the redirect has happened.
    await expect.poll(() => fapi.oauthStarts.length, { timeout: 15_000 }).toBe(1);
    await expect(page).not.toHaveURL(/\/sign-up/);
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem("skipWelcomeAfterAuth"))).toBe("true");
    await expect(page.getByRole("dialog", { name: "Welcome" })).toHaveCount(0);
    expect(fapi.unhandled).toEqual([]);
  });
});

test.describe("Clerk only where a page needs it", () => {
  test.beforeEach(({ context }) => visitSignedOut(context, ACCOUNT_SERVER));

  test("a signed-out visitor's home loads no Clerk code; the sign-up screen it links to brings Clerk, and signing in comes home signed in", async ({
    page,
  }) => {
    const fapi = new FakeClerkFapi();
    fapi.addUser("dana@example.com", PASSWORD);
    await fapi.install(page.context());
    const clerkScripts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/npm/@clerk/")) clerkScripts.push(request.url());
    });
    await page.goto(`${ACCOUNT_SERVER.url}/`);
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => "Clerk" in window)).toBe(false);
    expect(clerkScripts).toEqual([]);
    expect(fapi.calls).toEqual([]);

    // A client-side navigation: the layout stays the signed-out one, the screen mounts Clerk itself.
    await page.getByRole("region", { name: "Session History" }).getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(`${ACCOUNT_SERVER.url}/sign-up`);
    await expect(page.getByRole("textbox", { name: "Email" })).toBeEnabled({ timeout: 15_000 });
    expect(clerkScripts.length).toBeGreaterThan(0);

    // Closed and opened again: Clerk's provider unmounts with the screen and mounts again on the clerk-js already loaded.
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    await page.getByRole("region", { name: "Session History" }).getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeEnabled({ timeout: 15_000 });

    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await fillCredentials(page, "dana@example.com", PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // Home after a full load: the server renders the signed-in layout, with Clerk in it.
    await expect(new Shell(page).profileButton).toBeVisible({ timeout: 15_000 });
    await expectHomeLoaded(page);
    expect(fapi.unhandled).toEqual([]);
  });

  test("Settings' 'Sign in with Google' goes through the sign-in screen to Google, and the page it returns to loads Clerk once", async ({ page, context }) => {
    const fapi = new FakeClerkFapi();
    await signInWithGoogleFromSettings(page, fapi);
    // The fake Google sends the browser straight back to /, signed out.
    await expectHomeLoaded(page);
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => "Clerk" in window), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === "auth_return")).toBe(false);

    // Back from home is the sign-in screen, which does not send the browser to Google again.
    await page.goBack();
    await expect(page).toHaveURL(`${ACCOUNT_SERVER.url}/sign-in`);
    await expect(page.getByRole("textbox", { name: "Email" })).toBeEnabled({ timeout: 15_000 });
    expect(fapi.oauthStarts).toHaveLength(1);
    await page.goForward();
    await expectHomeLoaded(page);

    // Back to a signed-out page without Clerk.
    await page.reload();
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => "Clerk" in window)).toBe(false);
    expect(fapi.unhandled).toEqual([]);
  });
});

test.describe("Google's answer, completed on home (the spec's redirect target)", () => {
  test.beforeEach(({ context }) => visitSignedOut(context, ACCOUNT_SERVER));

  test("an account Google signs in comes home signed in", async ({ page }) => {
    const fapi = new FakeClerkFapi();
    fapi.addUser("gia@example.com", PASSWORD);
    fapi.googleAccount = "gia@example.com";
    await signInWithGoogleFromSettings(page, fapi);
    await expect(new Shell(page).profileButton).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${ACCOUNT_SERVER.url}/`);
    // The session Google's sign-in created is made the active one (the session shows before that step is done).
    await expect.poll(() => fapi.calls.some((call) => /^POST \/client\/sessions\/[^/]+\/touch$/.test(call)), { timeout: 15_000 }).toBe(true);
    expect(fapi.unhandled).toEqual([]);
  });

  test("a Google account new here becomes an account (Clerk's transfer) and comes home signed in", async ({ page }) => {
    const fapi = new FakeClerkFapi();
    fapi.googleAccount = "new-to-us@example.com";
    await signInWithGoogleFromSettings(page, fapi);
    await expect(new Shell(page).profileButton).toBeVisible({ timeout: 15_000 });
    expect(fapi.users.get("new-to-us@example.com")?.verified).toBe(true);
    expect(fapi.calls).toContain("POST /client/sign_ups");
    await expect(page).toHaveURL(`${ACCOUNT_SERVER.url}/`);
    expect(fapi.unhandled).toEqual([]);
  });

  test("a Google account new here, for which the account would need more than Google gives, is told so on the sign-up screen", async ({ page }, testInfo) => {
    const fapi = new FakeClerkFapi();
    fapi.googleAccount = "needs-more@example.com";
    fapi.googleSignUpMissing = ["username"];
    await signInWithGoogleFromSettings(page, fapi);
    await expect(page).toHaveURL(`${ACCOUNT_SERVER.url}/sign-up?continue=google`, { timeout: 15_000 });
    await expect(notice(page)).toHaveText("Account requires additional information. Please contact support.");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(new Shell(page).profileButton).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await checkScreen(page, "auth-google-needs-more", testInfo);
    expect(fapi.unhandled).toEqual([]);
  });
});

test("with Clerk's servers out of reach (an ad blocker, an outage), the sign-in screen says sign-in is unavailable and keeps its form disabled", async ({
  page,
  context,
}) => {
  // Clerk gives up on its script after its own 15 s, the screen's bound is 20 s: both come after the default test time-out.
  test.setTimeout(60_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await context.route(`https://${TEST_CLERK_FRONTEND_API}/**`, (route) => route.abort("blockedbyclient"));
  await page.goto(`${ACCOUNT_SERVER.url}/sign-in`);
  const unavailable = "Sign-in is not available right now. Please check your connection and try again.";
  await expect(page.getByRole("alert").filter({ hasText: unavailable })).toBeVisible({ timeout: 25_000 });
  await expect(page.getByRole("textbox", { name: "Email" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeDisabled();
});

test("the guest banner's 'Create an account' goes to /sign-up; without Clerk there is none", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(`${ACCOUNT_SERVER.url}/`);
  const history = page.getByRole("region", { name: "Session History" });
  await expect(history.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
  await page.goto(`${GUEST_SERVER.url}/`);
  await expect(page.getByRole("region", { name: "Session History" })).toContainText("You are not signed in");
  await expect(page.getByRole("region", { name: "Session History" }).getByRole("link", { name: "Create an account" })).toHaveCount(0);
});

test("without Clerk, /sign-in and /sign-up are 404s", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up", "/sign-in/factor-one"]) {
    const response = await page.goto(`${GUEST_SERVER.url}${path}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  }
});
