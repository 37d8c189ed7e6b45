import { googleOutcomeAwaitingCompletion, type SignInAttempts } from "./google-return";

const attempts = (signIn: NonNullable<SignInAttempts["signIn"]> | null, signUp: NonNullable<SignInAttempts["signUp"]> | null = null): SignInAttempts => ({
  signIn,
  signUp,
});

describe("googleOutcomeAwaitingCompletion", () => {
  it.each([
    ["a sign-in Google completed", attempts({ status: "complete", firstFactorVerification: { status: "verified" } })],
    ["a sign-up Google completed", attempts(null, { status: "complete", verifications: { externalAccount: { status: "verified" } } })],
    ["a Google account new here (sign-in to transfer)", attempts({ status: "needs_identifier", firstFactorVerification: { status: "transferable" } })],
    [
      "a sign-up with a Google account that has an account here",
      attempts(null, {
        status: "missing_requirements",
        verifications: { externalAccount: { status: "transferable", error: { code: "external_account_exists" } } },
      }),
    ],
  ])("completes %s", (_name, client) => {
    expect(googleOutcomeAwaitingCompletion(client)).toBe(true);
  });

  it.each([
    ["no client", null],
    ["no attempts", attempts(null)],
    [
      "a Back from Google's screen (the sign-in still waits for its first factor)",
      attempts({ status: "needs_first_factor", firstFactorVerification: { status: "unverified" } }),
    ],
    ["a sign-in Google refused", attempts({ status: "needs_first_factor", firstFactorVerification: { status: "failed" } })],
    [
      "a transferable sign-up for another reason",
      attempts(null, { status: "missing_requirements", verifications: { externalAccount: { status: "transferable", error: { code: "something_else" } } } }),
    ],
  ])("leaves %s alone", (_name, client) => {
    expect(googleOutcomeAwaitingCompletion(client)).toBe(false);
  });
});
