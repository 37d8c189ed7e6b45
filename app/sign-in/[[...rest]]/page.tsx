import type { Metadata } from "next";

import { AuthPage } from "@/app/auth-page";

export const metadata: Metadata = { title: "Sign In" };

export default function SignInPage() {
  return <AuthPage mode="sign-in" />;
}
