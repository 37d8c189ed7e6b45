import type { Metadata } from "next";

import { AuthPage } from "@/app/auth-page";
import { AUTH_SCREEN_TEXTS } from "@/components/auth/texts";

export const metadata: Metadata = { title: AUTH_SCREEN_TEXTS.signUpTitle };

export default function SignUpPage() {
  return <AuthPage mode="sign-up" />;
}
