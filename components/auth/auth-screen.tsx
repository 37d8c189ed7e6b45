"use client";

import { useSignIn, useSignUp } from "@clerk/nextjs/legacy";
import Link from "next/link";
import { useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { GOOGLE_SIGN_IN_PARAM } from "@/lib/client/auth/clerk-on-demand";
import { GOOGLE_CONTINUE_PARAM } from "@/lib/client/auth/google-return";
import { AUTH_MESSAGES, toAuthError } from "@/lib/domain/auth/messages";
import {
  authScreenReducer,
  initialAuthScreen,
  signUpOutcome,
  type AuthMode,
  type AuthScreenEvent,
  type AuthScreenState,
} from "@/lib/domain/auth/screen-machine";
import { checkCode, checkCredentials, checkEmail, checkResetCompletion } from "@/lib/domain/auth/validation";

import { completePasswordReset, requestPasswordReset, resendVerification, signInWithPassword, signUpWithPassword, verifySignUpCode } from "./auth-flows";
import { useIdentity } from "./identity-context";
import { AUTH_TEXTS, AUTH_SCREEN_TEXTS as T } from "./texts";
import { useClerkUnavailable } from "./use-clerk-unavailable";

/** Spec part 2 section 9: after a successful reset the screen waits 1 s before going home. */
const RESET_REDIRECT_MS = 1000;

/**
 * The sign-in / sign-up screen (spec part 2 section 2): a close button to /, Google, e-mail and password, a toggle between
 * the modes and the forgot-password flow, built on Clerk's sign-in and sign-up resources rather than its prebuilt widgets.
 */
export function AuthScreen({ initialMode, supportEmail }: { initialMode: AuthMode; supportEmail: string }) {
  const signInHook = useSignIn();
  const signUpHook = useSignUp();
  const identity = useIdentity();
  const [state, dispatch] = useReducer(authScreenReducer, initialMode, initialAuthScreen);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // Its own field: the sign-in password, rejected a moment ago, must not be what "Complete Password Reset" sets.
  const [newPassword, setNewPassword] = useState("");
  const [code, setCode] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = signInHook.isLoaded && signUpHook.isLoaded;
  const unavailable = useClerkUnavailable(loaded);
  const blocked = state.busy || !loaded;
  // Forms that cannot work are disabled, not busy: nothing is coming for them.
  const formBusy = blocked && !unavailable;

  const firstRender = useRef(true);
  useEffect(() => {
    // A new mode or step replaces the form: focus its heading so it is read out. Not on arrival, where the page starts.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [state.mode, state.step]);

  // The forms' controls are disabled while a request runs, which takes the focus from the one that had it (the submit
  // button, the field Enter was pressed in): it goes back there when they are enabled again, unless a new step's heading
  // has taken it, so a keyboard user whose sign-in failed is where they were rather than at the top of the page.
  const focusBeforeRequest = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (state.busy) return;
    const before = focusBeforeRequest.current;
    focusBeforeRequest.current = null;
    const active = document.activeElement;
    if (before?.isConnected && (active === null || active === document.body)) before.focus();
  }, [state.busy]);

  /** Runs one Clerk flow with the forms blocked, unless the fields are invalid. */
  async function run(invalid: string | null, flow: () => Promise<AuthScreenEvent>) {
    if (invalid) return dispatch({ type: "INVALID", message: invalid });
    if (!signInHook.isLoaded || !signUpHook.isLoaded) return;
    focusBeforeRequest.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dispatch({ type: "REQUEST_STARTED" });
    const event = await flow();
    dispatch(event);
    if (event.type === "COMPLETED") leave(event.message === AUTH_MESSAGES.resetSucceeded ? RESET_REDIRECT_MS : 0);
  }

  /** Signed in: Clerk's client holds the session (its cookie is set), so home renders signed in. Once, after `delayMs`. */
  function leave(delayMs: number) {
    // A full load, not a client-side navigation: this screen may have brought Clerk itself (a signed-out visit has none in
    // the layout), and home must come with the layout a signed-in user gets. The disclaimer acceptance reaches the account
    // through that layout's identity provider, whichever way the user signed in.
    window.setTimeout(() => window.location.replace("/"), delayMs);
  }

  function continueWithGoogle() {
    // Google's own failure, as it is (spec part 2 section 8: "any other message is shown as is"): not "Invalid email or
    // password", which names nothing the user typed.
    void identity
      .signInWithGoogle()
      .catch((error: unknown) => dispatch({ type: "FAILED", message: toAuthError(error).message || AUTH_TEXTS.signInUnavailable }));
  }

  // "Sign in with Google" from a page without Clerk comes here (GOOGLE_SIGN_IN_PATH): go on to Google once Clerk is ready,
  // unless this browser is signed in already.
  const googleStarted = useRef(false);
  useEffect(() => {
    if (!loaded || googleStarted.current) return;
    if (new URLSearchParams(window.location.search).get(GOOGLE_SIGN_IN_PARAM.name) !== GOOGLE_SIGN_IN_PARAM.value) return;
    googleStarted.current = true;
    if (identity.signedIn) {
      window.location.replace("/");
      return;
    }
    // Back from Google's screen must come to this screen, not to a page that sends the browser to Google again.
    const withoutGoogle = new URL(window.location.href);
    withoutGoogle.searchParams.delete(GOOGLE_SIGN_IN_PARAM.name);
    window.history.replaceState(null, "", `${withoutGoogle.pathname}${withoutGoogle.search}`);
    continueWithGoogle();
    // Once, when Clerk's client is ready; the identity is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  // A Google sign-up Clerk sent here to finish (GOOGLE_RETURN_ROUTES): the account asks for more than Google gives and this
  // app asks for nothing beyond e-mail and password, so it is the spec's "needs more information".
  useEffect(() => {
    if (!loaded || !signUpHook.signUp) return;
    if (new URLSearchParams(window.location.search).get(GOOGLE_CONTINUE_PARAM.name) !== GOOGLE_CONTINUE_PARAM.value) return;
    const outcome = signUpOutcome(signUpHook.signUp);
    if (outcome === "needs-info" || outcome === "verify-email") dispatch({ type: "FAILED", message: AUTH_MESSAGES.needsMoreInfo });
    // Once, when Clerk's client is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const origin = typeof window === "undefined" ? "" : window.location.origin;

  function submitCredentials(event: FormEvent) {
    event.preventDefault();
    const checked = checkCredentials(email, password);
    void run(checked.ok ? null : checked.message, async () => {
      if (!checked.ok || !signInHook.isLoaded || !signUpHook.isLoaded) return { type: "FAILED", message: AUTH_MESSAGES.signInDefault };
      const { email: address, password: secret } = checked.value;
      return state.mode === "sign-in"
        ? signInWithPassword(signInHook.signIn, signInHook.setActive, address, secret)
        : signUpWithPassword(signUpHook.signUp, signUpHook.setActive, address, secret, origin);
    });
  }

  function submitResetRequest(event: FormEvent) {
    event.preventDefault();
    const checked = checkEmail(email);
    void run(checked.ok ? null : checked.message, async () =>
      checked.ok && signInHook.isLoaded
        ? requestPasswordReset(signInHook.signIn, checked.value)
        : { type: "FAILED", message: AUTH_MESSAGES.resetRequestFailed },
    );
  }

  function submitResetCompletion(event: FormEvent) {
    event.preventDefault();
    const checked = checkResetCompletion(code, newPassword);
    void run(checked.ok ? null : checked.message, async () =>
      checked.ok && signInHook.isLoaded
        ? completePasswordReset(signInHook.signIn, signInHook.setActive, checked.value.code, checked.value.password)
        : { type: "FAILED", message: AUTH_MESSAGES.resetFailed },
    );
  }

  function submitSignUpCode(event: FormEvent) {
    event.preventDefault();
    const checked = checkCode(code);
    void run(checked.ok ? null : checked.message, async () =>
      checked.ok && signUpHook.isLoaded
        ? verifySignUpCode(signUpHook.signUp, signUpHook.setActive, checked.value)
        : { type: "FAILED", message: AUTH_MESSAGES.invalidCode },
    );
  }

  function resend() {
    const checked = checkEmail(email);
    void run(checked.ok ? null : checked.message, async () =>
      checked.ok && signUpHook.isLoaded
        ? resendVerification(signUpHook.signUp, checked.value, origin, supportEmail)
        : { type: "FAILED", message: AUTH_MESSAGES.resendFailed(supportEmail) },
    );
  }

  const title = titleOf(state);

  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 pb-10 pt-[max(0.5rem,env(safe-area-inset-top))]">
      <div className="flex justify-end">
        <Link href="/" aria-label={T.close} className="flex h-11 w-11 items-center justify-center rounded-full text-2xl text-ink-soft hover:bg-cream-100">
          <span aria-hidden>×</span>
        </Link>
      </div>
      <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl font-semibold text-ink outline-none">
        {title}
      </h1>
      {state.step === "normal" || state.step === "unverified" ? (
        <p className="mt-2 leading-relaxed text-ink-soft">{state.mode === "sign-in" ? T.signInIntro : T.signUpIntro}</p>
      ) : null}

      {unavailable ? (
        <p role="alert" className="mt-4 rounded-xl bg-[#fdecea] px-4 py-3 leading-relaxed text-[#8a1c12]">
          {AUTH_TEXTS.signInUnavailable}
        </p>
      ) : null}
      <Notice state={state} />

      {state.step === "normal" || state.step === "unverified" ? (
        <>
          <Button variant="secondary" className="mt-6 w-full" disabled={blocked} onClick={continueWithGoogle}>
            <GoogleMark />
            {T.continueWithGoogle}
          </Button>
          <p className="my-4 flex items-center gap-3 text-sm text-ink-soft before:h-px before:flex-1 before:bg-cream-200 after:h-px after:flex-1 after:bg-cream-200">
            {T.or}
          </p>
          <Form onSubmit={submitCredentials} busy={formBusy}>
            <EmailField value={email} onChange={setEmail} disabled={blocked} />
            <TextField
              label={T.password}
              hint={state.mode === "sign-up" ? T.passwordHint : undefined}
              type="password"
              name="password"
              required
              minLength={8}
              autoComplete={state.mode === "sign-in" ? "current-password" : "new-password"}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={blocked}
            />
            {state.mode === "sign-up" ? <p className="text-sm text-ink-soft">{T.ageNote}</p> : null}
            <Button type="submit" className="w-full" disabled={blocked}>
              {state.busy ? T.working : state.mode === "sign-in" ? T.signIn : T.signUp}
            </Button>
          </Form>
          {state.step === "unverified" ? (
            <Button variant="secondary" className="mt-3 w-full" disabled={blocked} onClick={resend}>
              {T.resendVerification}
            </Button>
          ) : null}
          {state.mode === "sign-in" ? (
            <Button
              variant="ghost"
              className={`mt-3 w-full ${state.offerReset ? "underline" : ""}`}
              disabled={blocked}
              onClick={() => dispatch({ type: "FORGOT_PASSWORD" })}
            >
              {T.forgotPassword}
            </Button>
          ) : null}
          <p className="mt-6 text-center text-ink-soft">
            {state.mode === "sign-in" ? T.toSignUp : T.toSignIn}{" "}
            <button
              type="button"
              disabled={blocked}
              onClick={() => dispatch({ type: "SWITCH_MODE", mode: state.mode === "sign-in" ? "sign-up" : "sign-in" })}
              className="min-h-11 font-semibold text-deep-teal-800 underline underline-offset-4"
            >
              {state.mode === "sign-in" ? T.toSignUpAction : T.toSignInAction}
            </button>
          </p>
        </>
      ) : null}

      {state.step === "forgot" ? (
        <>
          <p className="mt-2 leading-relaxed text-ink-soft">{T.resetIntro}</p>
          <Form onSubmit={submitResetRequest} busy={formBusy}>
            <EmailField value={email} onChange={setEmail} disabled={blocked} />
            <Button type="submit" className="w-full" disabled={blocked}>
              {T.resetPassword}
            </Button>
          </Form>
          <BackToSignIn disabled={blocked} onClick={() => dispatch({ type: "BACK_TO_SIGN_IN" })} />
        </>
      ) : null}

      {state.step === "code-sent" ? (
        <>
          <Form onSubmit={submitResetCompletion} busy={formBusy}>
            <CodeField label={T.resetCode} value={code} onChange={setCode} disabled={blocked} />
            <TextField
              label={T.newPassword}
              hint={T.passwordHint}
              type="password"
              name="new-password"
              required
              minLength={8}
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              disabled={blocked}
            />
            <Button type="submit" className="w-full" disabled={blocked}>
              {T.completeReset}
            </Button>
          </Form>
          <BackToSignIn disabled={blocked} onClick={() => dispatch({ type: "BACK_TO_SIGN_IN" })} />
        </>
      ) : null}

      {state.step === "verify-code" ? (
        <>
          <Form onSubmit={submitSignUpCode} busy={formBusy}>
            <CodeField label={T.verificationCode} value={code} onChange={setCode} disabled={blocked} />
            <Button type="submit" className="w-full" disabled={blocked}>
              {T.verify}
            </Button>
          </Form>
          {/* A code that never arrives is not a dead end: back to the forms, from where sign-up can start again. */}
          <BackToSignIn disabled={blocked} onClick={() => dispatch({ type: "BACK_TO_SIGN_IN" })} />
        </>
      ) : null}
    </main>
  );
}

function titleOf(state: AuthScreenState): string {
  if (state.step === "forgot" || state.step === "code-sent") return T.forgotTitle;
  if (state.step === "verify-code") return T.verifyTitle;
  return state.mode === "sign-in" ? T.signInTitle : T.signUpTitle;
}

function Notice({ state }: { state: AuthScreenState }) {
  // Always in the page, so screen readers announce what arrives in it.
  return (
    <div role="status" aria-live="polite" className="mt-4 empty:hidden">
      {state.notice ? (
        <p
          className={`rounded-xl px-4 py-3 leading-relaxed ${state.notice.tone === "error" ? "bg-[#fdecea] text-[#8a1c12]" : "bg-deep-teal-50 text-deep-teal-800"}`}
        >
          {state.notice.text}
        </p>
      ) : null}
    </div>
  );
}

function Form({ onSubmit, busy, children }: { onSubmit: (event: FormEvent) => void; busy: boolean; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} className="mt-4 flex flex-col gap-4">
      {children}
    </form>
  );
}

function EmailField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <TextField
      label={T.email}
      type="email"
      name="email"
      required
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
    />
  );
}

function CodeField({ label, value, onChange, disabled }: { label: string; value: string; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <TextField
      label={label}
      hint={T.verificationCodeHint}
      name="code"
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={7}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
    />
  );
}

function BackToSignIn({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="ghost" className="mt-3 w-full" disabled={disabled} onClick={onClick}>
      {T.backToSignIn}
    </Button>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden width="20" height="20" viewBox="0 0 48 48">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
