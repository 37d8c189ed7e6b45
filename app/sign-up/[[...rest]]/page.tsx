import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { AuthScreen } from "@/components/auth/auth-screen";
import { getClerkConfig, getEnv } from "@/lib/server/env";

export const metadata: Metadata = { title: "Create Account" };

// /sign-up and /sign-up/*: the same screen in sign-up mode, registered only when accounts are on (Clerk configured).
export default function SignUpPage() {
  if (!getClerkConfig()) notFound();
  return <AuthScreen initialMode="sign-up" supportEmail={getEnv().FEEDBACK_EMAIL} />;
}
