import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";

import { IdentityRoot } from "@/components/auth/identity-root";
import { InstallSupport } from "@/components/install/install-support";
import { AppProviders } from "@/components/shell/providers";
import { AUTH_RETURN_COOKIE } from "@/lib/client/auth/clerk-on-demand";
import { welcomeHeadScript } from "@/lib/client/onboarding/welcome-head-script";
import { getPageIdentity } from "@/lib/server/auth/page-identity";
import { getClerkConfig } from "@/lib/server/env";
import { pageNonce } from "@/lib/server/security/page-nonce";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Relationship Retro", template: "%s · Relationship Retro" },
  description: "Record a conversation together and get warm, impartial coaching on how you talk.",
  // The manifest (app/manifest.ts) is linked by Next; iOS reads its home-screen icon and standalone mode from these instead.
  applicationName: "Relationship Retro",
  appleWebApp: { capable: true, title: "Retro", statusBarStyle: "default" },
  icons: { icon: [{ url: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }], apple: [{ url: "/icons/apple-touch-icon.png", sizes: "180x180" }] },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#fffaf5", viewportFit: "cover" };

// Configuration is read per request so one build serves guest-only and Clerk mode alike.
export const dynamic = "force-dynamic";

// zod (lib/domain schemas parse in the browser too) probes for eval with `new Function("")` on its first object parse. The
// probe's error is caught, but under the Content-Security-Policy (no 'unsafe-eval') the browser still reports a violation.
// zod skips the probe when its shared config says jitless; it reads that config object from this global (zod/v4/core), so
// setting the flag on it works whether this runs before or after zod loads. The browser tests fail on any violation, so a
// zod that stopped reading it would be noticed.
const ZOD_JITLESS = "(globalThis.__zod_globalConfig ??= {}).jitless = true;";

// Before the first paint: a device that accepted the disclaimer hides the welcome card whatever HTML came, and gets the
// cookie the server decides the home page's first screen from (lib/client/onboarding/welcome-head-script.ts).
const WELCOME_HEAD_SCRIPT = welcomeHeadScript();

/** The proxy's per-request nonce (lib/server/security/headers.ts), for the few scripts the page itself renders. */
function CspHead({ nonce }: { nonce: string | undefined }) {
  return (
    <head>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS + WELCOME_HEAD_SCRIPT }} />
    </head>
  );
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const clerk = getClerkConfig();
  const nonce = await pageNonce();
  const identity = clerk ? await getPageIdentity() : null;
  const serverUser = identity ? { id: identity.userId, name: identity.name, email: identity.email, imageUrl: identity.imageUrl } : null;
  // Clerk's client code loads with the page only where it is needed (lib/client/auth/clerk-on-demand.ts).
  const clerkWithPage = serverUser !== null || (clerk !== null && (await cookies()).has(AUTH_RETURN_COOKIE));

  return (
    // The head script may mark <html> (the welcome dialog hidden from the first paint) before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <CspHead nonce={nonce} />
      <body>
        <InstallSupport />
        <AppProviders>
          {/* Only the publishable key reaches the browser. The nonce lets clerk-js's <script> run under the policy. */}
          <IdentityRoot clerk={clerk ? { publishableKey: clerk.publishableKey, withPage: clerkWithPage } : null} nonce={nonce} serverUser={serverUser}>
            {children}
          </IdentityRoot>
        </AppProviders>
      </body>
    </html>
  );
}
