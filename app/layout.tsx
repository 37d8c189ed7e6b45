import { ClerkProvider } from "@clerk/nextjs";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { ClerkIdentityProvider, GuestOnlyIdentityProvider } from "@/components/auth/identity-provider";
import { QueryProvider } from "@/components/shell/providers";
import { getPageIdentity } from "@/lib/server/auth/page-identity";
import { getClerkConfig } from "@/lib/server/env";

import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Relationship Retro", template: "%s · Relationship Retro" },
  description: "Record a conversation together and get warm, impartial coaching on how you talk.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#fffaf5", viewportFit: "cover" };

// Configuration is read per request so one build serves guest-only and Clerk mode alike.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const clerk = getClerkConfig();

  if (!clerk) {
    return (
      <html lang="en">
        <body>
          <QueryProvider>
            <GuestOnlyIdentityProvider>{children}</GuestOnlyIdentityProvider>
          </QueryProvider>
        </body>
      </html>
    );
  }

  const identity = await getPageIdentity();
  const serverUser = identity ? { id: identity.userId, name: identity.name, email: identity.email, imageUrl: identity.imageUrl } : null;
  return (
    <html lang="en">
      <body>
        <ClerkProvider publishableKey={clerk.publishableKey}>
          <QueryProvider>
            <ClerkIdentityProvider serverUser={serverUser}>{children}</ClerkIdentityProvider>
          </QueryProvider>
        </ClerkProvider>
      </body>
    </html>
  );
}
