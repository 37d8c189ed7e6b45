import { clerkMiddleware } from "@clerk/nextjs/server";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";

import { toPublicApiPath } from "@/lib/domain/api-paths";
import { withDeadline } from "@/lib/domain/with-deadline";
import { identityFromRequest, PAGE_VERIFICATION_LATE_HEADER, VERIFY_TIMEOUT_MS } from "@/lib/server/auth/identity";
import { getClerkConfig, getEnv } from "@/lib/server/env";
import { ApiError, errorResponse } from "@/lib/server/http/errors";
import { applyContentSecurityPolicy, cspSourcesFromEnv } from "@/lib/server/security/headers";

// A convenience in front of the app, not its security boundary: every signed-in handler resolves identity itself.
// 1. Anonymous calls to /api/* go to their /api/public/* variant (except /api/transcribe, /api/analyze and /api/uploads).
// 2. x-middleware-subrequest never reaches the app from outside (it once let requests skip middleware entirely); an API path
//    that is not valid percent-encoding is a 404.
// 3. Every page gets a Content-Security-Policy with a fresh nonce, on the forwarded request (Next stamps the nonce on its
//    scripts) and on the response; API routes get a deny-all policy (lib/server/security/headers.ts). The headers that
//    never change come from next.config.ts, for the static files this proxy never sees as well.

/**
 * Sends the request on (to `publicPath` instead, when given), with the security headers on the response. `verificationLate`:
 * the page's session could not be checked in time (pageHandler).
 */
function forward(request: NextRequest, publicPath: string | null, { verificationLate = false } = {}): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete("x-middleware-subrequest");
  headers.delete(PAGE_VERIFICATION_LATE_HEADER);
  if (verificationLate) headers.set(PAGE_VERIFICATION_LATE_HEADER, "1");

  const securityHeaders = applyContentSecurityPolicy(request.nextUrl.pathname, headers, cspSourcesFromEnv(getEnv()));
  let response: NextResponse;
  if (publicPath) {
    const url = request.nextUrl.clone();
    url.pathname = publicPath;
    response = NextResponse.rewrite(url, { request: { headers } });
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  for (const [name, value] of securityHeaders) response.headers.set(name, value);
  return response;
}

const clerk = getClerkConfig();

// Pages go through Clerk's middleware, which also refreshes an outdated session (the handshake) before the page renders.
const clerkPages = clerk
  ? clerkMiddleware(
      (_auth, request) => forward(request, null),
      // No secretKey here: passed explicitly, @clerk/nextjs demands CLERK_ENCRYPTION_KEY; it reads CLERK_SECRET_KEY itself.
      { publishableKey: clerk.publishableKey, jwtKey: clerk.jwtKey, authorizedParties: clerk.authorizedParties },
    )
  : null;

const clerkLate = Symbol("clerk late");

/**
 * Without CLERK_JWT_KEY, Clerk's middleware fetches Clerk's JWKS to verify a session cookie, with neither a time-out nor an
 * end to its retries (identity.ts): a Clerk that stalls would hold every signed-in page load. Past VERIFY_TIMEOUT_MS the
 * page goes on without it and renders signed out (page-identity.ts); Clerk in the browser signs the user in once it can.
 */
async function pageHandler(request: NextRequest, event: NextFetchEvent): Promise<Response> {
  // Guest-only mode: no Clerk at all, so nothing reaches out to Clerk's servers.
  if (!clerkPages) return forward(request, null);
  let late = false;
  const answer = await withDeadline(Promise.resolve(clerkPages(request, event)), VERIFY_TIMEOUT_MS, () => clerkLate).catch((error: unknown) => {
    if (error !== clerkLate) throw error;
    console.warn("[auth] a page's session verification did not finish in time: the page goes on signed out");
    late = true;
    return null;
  });
  if (late) return forward(request, null, { verificationLate: true });
  return answer ?? forward(request, null);
}

// An API call only needs to know whether its caller is signed in, and only where a public variant exists (a handshake is
// for pages). It is the verification the route then repeats, which finds the outcome kept (lib/server/auth/verified-tokens.ts).
async function apiHandler(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  // A path that is not valid percent-encoding (/api/sessions/%FF) names nothing; Next would answer its dynamic routes
  // with a bare 500 (vercel/next.js#92527).
  if (!isDecodable(pathname)) {
    const notFound = NextResponse.json({ error: "Not found", code: "not_found" }, { status: 404 });
    for (const [name, value] of applyContentSecurityPolicy(pathname, new Headers(), cspSourcesFromEnv(getEnv()))) notFound.headers.set(name, value);
    return notFound;
  }
  const publicPath = toPublicApiPath(pathname);
  let anonymous = false;
  try {
    anonymous = publicPath !== pathname && (await identityFromRequest(request)) === null;
  } catch (error) {
    // Verification did not finish in time (identity.ts): the 503 it names, not the proxy's bare 500.
    if (!(error instanceof ApiError)) throw error;
    const unavailable = errorResponse(error);
    for (const [name, value] of applyContentSecurityPolicy(pathname, new Headers(), cspSourcesFromEnv(getEnv()))) unavailable.headers.set(name, value);
    return unavailable;
  }
  return forward(request, anonymous ? publicPath : null);
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export default function proxy(request: NextRequest, event: NextFetchEvent) {
  return request.nextUrl.pathname.startsWith("/api/") ? apiHandler(request) : pageHandler(request, event);
}

export const config = {
  matcher: [
    // Every page and API route; not Next's own files, the icons, the service worker or the manifest. Named rather than
    // told by a file extension: a page's path may end in one (/sign-in/x.css renders the sign-in page, /x.html the 404
    // page), and every page gets its nonce-based policy.
    "/((?!_next/|icons/|serwist/|manifest\\.webmanifest$|favicon\\.ico$).*)",
    "/(api|trpc)(.*)",
  ],
};
