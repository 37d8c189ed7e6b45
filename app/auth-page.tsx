import "server-only";

import { notFound } from "next/navigation";

import { AuthScreen } from "@/components/auth/auth-screen";
import { ClerkForPage } from "@/components/auth/clerk-for-page";
import type { AuthMode } from "@/lib/domain/auth/screen-machine";
import { getClerkConfig, getEnv } from "@/lib/server/env";
import { pageNonce } from "@/lib/server/security/page-nonce";

/** /sign-in and /sign-up: registered only when accounts are on (Clerk configured), else a 404 like any unknown path. */
export async function AuthPage({ mode }: { mode: AuthMode }) {
  const clerk = getClerkConfig();
  if (!clerk) notFound();
  // The nonce lets clerk-js's <script> run under the Content-Security-Policy when this page brings Clerk itself.
  const nonce = await pageNonce();
  return (
    <ClerkForPage publishableKey={clerk.publishableKey} nonce={nonce}>
      <AuthScreen initialMode={mode} supportEmail={getEnv().FEEDBACK_EMAIL} />
    </ClerkForPage>
  );
}
