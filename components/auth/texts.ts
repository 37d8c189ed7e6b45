import { AUTH_MESSAGES } from "@/lib/domain/auth/messages";

// Spec texts of sign-in and sign-out (spec part 1, section 8 "Profile") and of the sign-in / sign-up screen (part 2,
// sections 2, 4 and 8). The messages of the flows are the domain's (lib/domain/auth/messages.ts), word for word.
export const AUTH_TEXTS = {
  loggedOut: "Logged out",
  signInWithGoogle: "Sign in with Google",
  signInUnavailable: "Sign-in is not available right now. Please check your connection and try again.",
} as const;

export const AUTH_SCREEN_TEXTS = {
  close: "Close",
  signInTitle: "Sign In",
  signUpTitle: "Create Account",
  forgotTitle: "Reset Password",
  verifyTitle: "Verify Email",
  signInIntro: "Welcome back. Your sessions are saved to your account.",
  signUpIntro: "Save your sessions to your account and find them on any device.",
  continueWithGoogle: "Continue with Google",
  or: "or",
  email: "Email",
  password: "Password",
  passwordHint: "At least 8 characters.",
  signIn: "Sign In",
  signUp: "Sign Up",
  toSignUp: "Don't have an account?",
  toSignUpAction: "Sign up",
  toSignIn: "Already have an account?",
  toSignInAction: "Sign in",
  forgotPassword: "Forgot password?",
  resetPassword: "Reset Password",
  resetIntro: "Enter your email and we'll send you a code to reset your password.",
  resetCode: "Reset code",
  newPassword: "New password",
  completeReset: "Complete Password Reset",
  backToSignIn: "Back to Sign In",
  resendVerification: "Resend verification email",
  verificationCode: "Verification code",
  verificationCodeHint: "The 6-digit code from your email.",
  verify: "Verify Email",
  working: "Please wait…",
  ageNote: "You must be 18 or older to create an account.",
  messages: AUTH_MESSAGES,
} as const;
