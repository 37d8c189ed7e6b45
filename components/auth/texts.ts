// Spec texts of sign-in and sign-out (spec part 1, section 8 "Profile").
export const AUTH_TEXTS = {
  loggedOut: "Logged out",
  signInWithGoogle: "Sign in with Google",
  signInUnavailable: "Sign-in is not available right now. Please check your connection and try again.",
} as const;
