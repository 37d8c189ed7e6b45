import type { Metadata } from "next";

import { AuthPage } from "@/app/auth-page";
import { AUTH_SCREEN_TEXTS } from "@/components/auth/texts";

export const metadata: Metadata = { title: AUTH_SCREEN_TEXTS.signInTitle };

export default function SignInPage() {
  return <AuthPage mode="sign-in" />;
}
