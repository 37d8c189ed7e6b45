import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { AuthScreen } from "@/components/auth/auth-screen";
import { getClerkConfig, getEnv } from "@/lib/server/env";

export const metadata: Metadata = { title: "Sign In" };

// /sign-in and /sign-in/*: registered only when accounts are on (Clerk configured); otherwise a 404 like any unknown path.
export default function SignInPage() {
  if (!getClerkConfig()) notFound();
  return <AuthScreen initialMode="sign-in" supportEmail={getEnv().FEEDBACK_EMAIL} />;
}
