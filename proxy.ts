import { clerkMiddleware } from "@clerk/nextjs/server";
import { NextResponse, type NextRequest } from "next/server";

import { toPublicApiPath } from "@/lib/domain/api-paths";
import { getClerkConfig, getEnv } from "@/lib/server/env";
import { applyContentSecurityPolicy, cspSourcesFromEnv } from "@/lib/server/security/headers";

// A convenience in front of the app, not its security boundary: every signed-in handler resolves identity itself.
// 1. Anonymous calls to /api/* go to their /api/public/* variant (except /api/transcribe, /api/analyze and /api/uploads).
// 2. x-middleware-subrequest never reaches the app from outside (it once let requests skip middleware entirely).
// 3. Every page gets a Content-Security-Policy with a fresh nonce, on the forwarded request (Next stamps the nonce on its
//    scripts) and on the response; API routes get a deny-all policy (lib/server/security/headers.ts). The headers that
//    never change come from next.config.ts, for the static files this proxy never sees as well.

function forward(request: NextRequest, signedIn: boolean): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete("x-middleware-subrequest");

  const { pathname, search } = request.nextUrl;
  const securityHeaders = applyContentSecurityPolicy(pathname, headers, cspSourcesFromEnv(getEnv()));
  const withSecurityHeaders = (response: NextResponse) => {
    for (const [name, value] of securityHeaders) response.headers.set(name, value);
    return response;
  };

  if (!signedIn && pathname.startsWith("/api/")) {
    const target = toPublicApiPath(pathname);
    if (target !== pathname) {
      const url = request.nextUrl.clone();
      url.pathname = target;
      url.search = search;
      return withSecurityHeaders(NextResponse.rewrite(url, { request: { headers } }));
    }
  }
  return withSecurityHeaders(NextResponse.next({ request: { headers } }));
}

const clerk = getClerkConfig();

const handler = clerk
  ? clerkMiddleware(
      async (auth, request) => {
        const { isAuthenticated } = await auth();
        return forward(request, isAuthenticated);
      },
      // No secretKey here: passed explicitly, @clerk/nextjs demands CLERK_ENCRYPTION_KEY; it reads CLERK_SECRET_KEY itself.
      { publishableKey: clerk.publishableKey, jwtKey: clerk.jwtKey },
    )
  : // Guest-only mode: no Clerk at all, so nothing reaches out to Clerk's servers.
    (request: NextRequest) => forward(request, false);

export default handler;

export const config = {
  matcher: [
    // Pages (not static files), and every API route.
    "/((?!_next|[^?]*\\.(?:html?|css|js(?!on)|jpe?g|webp|png|gif|svg|ttf|woff2?|ico|csv|docx?|xlsx?|zip|webmanifest|wav)).*)",
    "/(api|trpc)(.*)",
  ],
};
