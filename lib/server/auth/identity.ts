import "server-only";

import { createClerkClient } from "@clerk/nextjs/server";

import { withDeadline } from "@/lib/domain/with-deadline";
import { getClerkConfig, type ClerkConfig } from "@/lib/server/env";
import { ApiError, signInRequired } from "@/lib/server/http/errors";

import { createVerifiedTokenCache, hasClerkQueryParameter, tokenIsPresentedIn, verificationKey } from "./verified-tokens";

export type Identity = {
  userId: string;
  /** Display hints from verified token claims when the instance puts them there; never used for access decisions. */
  name: string | undefined;
  email: string | undefined;
  imageUrl: string | undefined;
};

/**
 * How long verifying a session may take. With CLERK_JWT_KEY it is local; without it Clerk's JWKS is fetched (then kept),
 * which Clerk's SDK does with neither a time-out nor an end to its retries: a Clerk that accepts the connection and then
 * stalls would hold every signed-in request.
 */
export const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Set by the proxy on a page's forwarded request when Clerk's check of its session ran out of VERIFY_TIMEOUT_MS: the page
 * then renders signed out at once instead of waiting as long again for its own check (page-identity.ts). The proxy
 * removes any value the client sent; one that got through could only make a page render signed out.
 */
export const PAGE_VERIFICATION_LATE_HEADER = "x-page-verification-late";

/** Verification did not finish in time: the caller is not told "signed out" (its work would go to the guest routes). */
export const verificationUnavailable = () =>
  new ApiError("unavailable", "Your sign-in could not be checked right now. Please try again in a moment.", { retryAfterSeconds: 5 });

/**
 * The caller's identity, from a Clerk session token (Authorization bearer or the __session cookie) verified with the
 * instance's key. Identity headers the client sends (x-user-id and friends) are ignored here on purpose.
 * Returns null for anonymous callers, for invalid or expired tokens, and always in guest-only mode. Throws a 503 ApiError
 * when verification cannot finish within VERIFY_TIMEOUT_MS.
 */
export async function identityFromRequest(request: Request, { timeoutMs = VERIFY_TIMEOUT_MS } = {}): Promise<Identity | null> {
  const clerk = getClerkConfig();
  if (!clerk) return null;
  // Anonymous requests carry neither: nothing to verify (and nothing worth a digest).
  if (!request.headers.has("authorization") && !request.headers.has("cookie")) return null;

  // A handshake in the URL (a page's session refresh) can sign the caller in with a token that is not in its headers: such
  // an outcome is never kept, nor answered from what is kept, since the key covers the headers only.
  const cacheable = !hasClerkQueryParameter(request.url);
  const key = verificationKey(
    `${clerk.publishableKey}\u0000${clerk.jwtKey ?? ""}\u0000${clerk.secretKey}\u0000${clerk.authorizedParties?.join(" ") ?? ""}`,
    request.headers,
  );
  const known = cacheable ? verifiedIdentities.get(key) : undefined;
  if (known) return known;

  const client = clerkClientFor(clerk);
  let state;
  try {
    state = await withDeadline(
      client.authenticateRequest(request, {
        secretKey: clerk.secretKey,
        publishableKey: clerk.publishableKey,
        jwtKey: clerk.jwtKey,
        authorizedParties: clerk.authorizedParties,
        acceptsToken: "session_token",
      }),
      timeoutMs,
      verificationUnavailable,
    );
  } catch (error) {
    if (error instanceof ApiError) {
      console.warn("[auth] session verification did not finish in time");
      throw error;
    }
    // Verification problems (clock skew, malformed cookies) mean "not signed in", never a crash.
    console.warn(`[auth] session verification failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (!state.isAuthenticated) return null;

  const auth = state.toAuth();
  if (!auth?.userId) return null;
  const claims = (auth.sessionClaims ?? {}) as Record<string, unknown>;
  const identity: Identity = {
    userId: auth.userId,
    name: textClaim(claims, "name") ?? textClaim(claims, "full_name") ?? textClaim(claims, "first_name"),
    email: textClaim(claims, "email"),
    imageUrl: textClaim(claims, "image_url") ?? textClaim(claims, "picture"),
  };
  // Kept only for the token the request itself presents, so the key (its headers) names the token this outcome is for.
  if (cacheable && typeof claims.exp === "number" && tokenIsPresentedIn(request.headers, state.token)) {
    verifiedIdentities.set(key, identity, claims.exp * 1000);
  }
  return identity;
}

/** Signed-in outcomes of verification, per server process (lib/server/auth/verified-tokens.ts says why it is sound). */
const verifiedIdentities = createVerifiedTokenCache<Identity>(10_000);

let cachedClient: { config: ClerkConfig; client: ReturnType<typeof createClerkClient> } | null = null;

/** One client per configuration, not one per request (tests change the configuration between cases). */
function clerkClientFor(config: ClerkConfig): ReturnType<typeof createClerkClient> {
  const same =
    cachedClient &&
    cachedClient.config.secretKey === config.secretKey &&
    cachedClient.config.publishableKey === config.publishableKey &&
    cachedClient.config.jwtKey === config.jwtKey &&
    cachedClient.config.apiUrl === config.apiUrl;
  if (!same) {
    cachedClient = {
      config,
      client: createClerkClient({ secretKey: config.secretKey, publishableKey: config.publishableKey, jwtKey: config.jwtKey, apiUrl: config.apiUrl }),
    };
  }
  return cachedClient!.client;
}

/** Identity of a signed-in handler's caller, or a 401. */
export async function requireIdentity(request: Request): Promise<Identity> {
  const identity = await identityFromRequest(request);
  if (!identity) throw signInRequired();
  return identity;
}

function textClaim(claims: Record<string, unknown>, key: string): string | undefined {
  const value = claims[key];
  return typeof value === "string" && value.trim() !== "" ? value.slice(0, 200) : undefined;
}
