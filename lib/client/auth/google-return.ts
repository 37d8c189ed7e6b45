// Google's sign-in comes back to home, the spec's redirect target (part 2: "redirect target / and completion target /").
// Clerk's Frontend API has then finished talking to Google, but the outcome may still need a step in the browser, the one
// Clerk's <AuthenticateWithRedirectCallback /> takes on a dedicated callback page: making the new session the active one,
// or, for someone Google knows but this app does not yet, turning the sign-in into a sign-up ("transfer"). Home takes that
// step itself, and only for those outcomes: after a Back from Google's screen nothing is waiting, and Clerk's callback
// would send the visitor to the sign-in screen.

/** What of Clerk's client the decision reads (its sign-in and sign-up attempts, as clerk-js exposes them). */
export type SignInAttempts = {
  signIn?: { status: string | null; firstFactorVerification?: { status: string | null } | null } | null;
  signUp?: {
    status: string | null;
    verifications?: { externalAccount?: { status: string | null; error?: { code?: string } | null } | null } | null;
  } | null;
};

/** Whether the attempts Google came back with hold an outcome Clerk's redirect callback completes. */
export function googleOutcomeAwaitingCompletion(client: SignInAttempts | null | undefined): boolean {
  if (!client) return false;
  const { signIn, signUp } = client;
  const externalAccount = signUp?.verifications?.externalAccount;
  return (
    // Signed in or signed up at Google's end: the session is made the active one.
    signIn?.status === "complete" ||
    signUp?.status === "complete" ||
    // A Google account without an account here: Clerk turns the sign-in into a sign-up.
    signIn?.firstFactorVerification?.status === "transferable" ||
    // The other way round: a sign-up with a Google account that already has an account here.
    (externalAccount?.status === "transferable" && externalAccount.error?.code === "external_account_exists")
  );
}

/** The sign-up screen's query when Clerk sends a Google sign-up there to finish: the account asks for more than Google gave. */
export const GOOGLE_CONTINUE_PARAM = { name: "continue", value: "google" } as const;

/** Where Clerk's callback sends the browser: home for every outcome, the app's own screens for a step still to take. */
export const GOOGLE_RETURN_ROUTES = {
  signInUrl: "/sign-in",
  signUpUrl: "/sign-up",
  continueSignUpUrl: `/sign-up?${GOOGLE_CONTINUE_PARAM.name}=${GOOGLE_CONTINUE_PARAM.value}`,
  signInFallbackRedirectUrl: "/",
  signUpFallbackRedirectUrl: "/",
} as const;
