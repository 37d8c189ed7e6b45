import "server-only";

import { type Identity, requireIdentity } from "@/lib/server/auth/identity";

/** "account": the signed-in variant under /api/…; "public": the anonymous variant under /api/public/…, which persists nothing. */
export type ApiScope = "account" | "public";

export const SCOPE_HEADER = "x-session-scope";

export function withScopeHeader(response: Response, scope: ApiScope): Response {
  response.headers.set(SCOPE_HEADER, scope);
  return response;
}

/** The signed-in variant resolves the caller itself: the proxy's rewrite is a convenience, not the security boundary. */
export async function identityForScope(request: Request, scope: ApiScope): Promise<Identity | null> {
  return scope === "account" ? requireIdentity(request) : null;
}
