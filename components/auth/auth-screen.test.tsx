/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen } from "@testing-library/react";

import { GOOGLE_SIGN_IN_PARAM } from "@/lib/client/auth/clerk-on-demand";
import { testIdentity } from "@/tests/helpers/identity";

import { CLERK_FLOW_WAIT_MS } from "./auth-flows";
import { AuthScreen } from "./auth-screen";
import { IdentityContext } from "./identity-context";
import { AUTH_SCREEN_TEXTS, AUTH_TEXTS } from "./texts";
import { CLERK_LOAD_WAIT_MS } from "./use-clerk-unavailable";

// Every wait of the sign-in screen has an end: Clerk that fails or never loads, and a Clerk call that never answers, leave the
// user with the screen's message instead of a form disabled, or "Please wait…", for good.

const clerk: { status: "loading" | "ready" | "error" | "degraded"; signIn: { create: jest.Mock }; signUp: { create: jest.Mock } } = {
  status: "loading",
  signIn: { create: jest.fn() },
  signUp: { create: jest.fn() },
};
const setActive = jest.fn(async () => undefined);
const loaded = () => clerk.status === "ready" || clerk.status === "degraded";
jest.mock("@clerk/nextjs/legacy", () => ({
  useSignIn: () => (loaded() ? { isLoaded: true, signIn: clerk.signIn, setActive } : { isLoaded: false }),
  useSignUp: () => (loaded() ? { isLoaded: true, signUp: clerk.signUp, setActive } : { isLoaded: false }),
}));
jest.mock("@clerk/nextjs", () => ({ useClerk: () => ({ status: clerk.status }) }));

const identity = testIdentity({ clerkEnabled: true, signInWithGoogle: jest.fn(async () => {}) });

function Screen() {
  return (
    <IdentityContext.Provider value={identity}>
      <AuthScreen initialMode="sign-in" supportEmail="help@x.test" />
    </IdentityContext.Provider>
  );
}

const submit = () => screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.signIn });

function expectFormDisabled() {
  expect(screen.getByLabelText(AUTH_SCREEN_TEXTS.email)).toBeDisabled();
  expect(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.continueWithGoogle })).toBeDisabled();
  expect(submit()).toBeDisabled();
  expect(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.forgotPassword })).toBeDisabled();
}

beforeEach(() => {
  jest.useFakeTimers();
  clerk.status = "loading";
  clerk.signIn.create.mockReset();
  clerk.signUp.create.mockReset();
  setActive.mockClear();
  jest.mocked(identity.signInWithGoogle).mockClear();
});
afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, "", "/");
});

test("Clerk in error (its script blocked or failed): the screen says sign-in is unavailable and keeps the form disabled", () => {
  clerk.status = "error";
  render(<Screen />);
  expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXTS.signInUnavailable);
  expectFormDisabled();
  // Disabled, not busy: nothing is coming for it.
  expect(submit().closest("form")).toHaveAttribute("aria-busy", "false");
});

test("Clerk turning to error while the screen waits shows the message at once", () => {
  const view = render(<Screen />);
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  clerk.status = "error";
  view.rerender(<Screen />);
  expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXTS.signInUnavailable);
});

test("Clerk never loading: the message comes after the bound, and goes if Clerk loads after all", () => {
  const view = render(<Screen />);
  act(() => jest.advanceTimersByTime(CLERK_LOAD_WAIT_MS - 1));
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXTS.signInUnavailable);
  expectFormDisabled();

  clerk.status = "ready";
  view.rerender(<Screen />);
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(submit()).toBeEnabled();
});

test("'Sign in with Google' from a page without Clerk, when Clerk then fails here: the message, and no start of Google", () => {
  window.history.replaceState(null, "", `/sign-in?${GOOGLE_SIGN_IN_PARAM.name}=${GOOGLE_SIGN_IN_PARAM.value}`);
  clerk.status = "error";
  render(<Screen />);
  expect(screen.getByRole("alert")).toHaveTextContent(AUTH_TEXTS.signInUnavailable);
  expect(identity.signInWithGoogle).not.toHaveBeenCalled();
});

test("Clerk loaded in time: no message", () => {
  clerk.status = "ready";
  render(<Screen />);
  act(() => jest.advanceTimersByTime(CLERK_LOAD_WAIT_MS * 2));
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(submit()).toBeEnabled();
});

test("a sign-in Clerk never answers ends after the bound: the failure shows and the form can be used again", async () => {
  clerk.status = "ready";
  clerk.signIn.create.mockImplementation(() => new Promise(() => {}));
  render(<Screen />);
  fireEvent.change(screen.getByLabelText(AUTH_SCREEN_TEXTS.email), { target: { value: "a@b.co" } });
  fireEvent.change(screen.getByLabelText(AUTH_SCREEN_TEXTS.password), { target: { value: "password1" } });
  fireEvent.click(submit());
  expect(await screen.findByRole("button", { name: AUTH_SCREEN_TEXTS.working })).toBeDisabled();

  await act(() => jest.advanceTimersByTimeAsync(CLERK_FLOW_WAIT_MS - 1));
  expect(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.working })).toBeDisabled();
  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(screen.getByRole("status")).toHaveTextContent(AUTH_TEXTS.signInUnavailable);
  expect(submit()).toBeEnabled();
  expect(setActive).not.toHaveBeenCalled();
});

describe("the steps after a failure", () => {
  beforeEach(() => {
    clerk.status = "ready";
  });
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  test("the password a sign-in just refused is not in the reset's New password field", async () => {
    clerk.signIn.create.mockRejectedValueOnce({ errors: [{ message: "Password is incorrect. Try again, or use another method." }] });
    render(<Screen />);
    type(AUTH_SCREEN_TEXTS.email, "ana@example.com");
    type(AUTH_SCREEN_TEXTS.password, "wrong-password-1");
    fireEvent.click(submit());
    await screen.findByText("Password is incorrect. Reset your password or try again.");

    clerk.signIn.create.mockResolvedValueOnce({
      supportedFirstFactors: [{ strategy: "reset_password_email_code", emailAddressId: "idn_1" }],
      prepareFirstFactor: jest.fn(async () => undefined),
    });
    fireEvent.click(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.forgotPassword }));
    fireEvent.click(await screen.findByRole("button", { name: AUTH_SCREEN_TEXTS.resetPassword }));
    const newPassword = await screen.findByLabelText(AUTH_SCREEN_TEXTS.newPassword);
    expect(newPassword).toHaveValue("");
  });

  test("a Google sign-in that cannot start says why, not 'Invalid email or password'", async () => {
    jest.mocked(identity.signInWithGoogle).mockRejectedValueOnce(new Error(AUTH_TEXTS.signInUnavailable));
    render(<Screen />);
    fireEvent.click(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.continueWithGoogle }));
    expect(await screen.findByText(AUTH_TEXTS.signInUnavailable)).toBeInTheDocument();
    expect(screen.queryByText("Invalid email or password")).toBeNull();
  });

  test("the sign-up code step has a way back to the forms (a code that never arrives is not a dead end)", async () => {
    clerk.signUp.create.mockResolvedValueOnce({
      status: "missing_requirements",
      missingFields: [],
      unverifiedFields: ["email_address"],
      prepareEmailAddressVerification: jest.fn(async ({ strategy }: { strategy: string }) => {
        if (strategy === "email_link") throw new Error("email links are not enabled");
      }),
    });
    render(<Screen />);
    fireEvent.click(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.toSignUpAction }));
    type(AUTH_SCREEN_TEXTS.email, "ana@example.com");
    type(AUTH_SCREEN_TEXTS.password, "a-good-password");
    fireEvent.click(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.signUp }));
    expect(await screen.findByLabelText(AUTH_SCREEN_TEXTS.verificationCode)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: AUTH_SCREEN_TEXTS.backToSignIn }));
    expect(screen.getByRole("heading", { name: AUTH_SCREEN_TEXTS.signInTitle })).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
