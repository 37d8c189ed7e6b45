import type { Metadata } from "next";

import { AuthPage } from "@/app/auth-page";

export const metadata: Metadata = { title: "Create Account" };

export default function SignUpPage() {
  return <AuthPage mode="sign-up" />;
}
