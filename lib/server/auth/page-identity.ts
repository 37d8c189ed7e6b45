import "server-only";

import { headers } from "next/headers";

import { ApiError } from "@/lib/server/http/errors";

import { identityFromRequest, PAGE_VERIFICATION_LATE_HEADER, type Identity } from "./identity";

/**
 * The verified identity of the page request, so the first render already shows the right UI (no signed-out flash). When
 * the verification cannot finish in time (a stalled Clerk: identity.ts), the page renders signed out rather than failing:
 * a page holds nothing that needs the account, and Clerk in the browser signs the user in once it can. When the proxy's
 * check already ran out of time, the page does not wait a second time.
 */
export async function getPageIdentity(): Promise<Identity | null> {
  const incoming = await headers();
  if (incoming.get(PAGE_VERIFICATION_LATE_HEADER) === "1") return null;
  const host = incoming.get("host") ?? "localhost";
  const protocol = incoming.get("x-forwarded-proto") ?? "http";
  return identityFromRequest(new Request(`${protocol}://${host}/`, { headers: new Headers(incoming) })).catch((error: unknown) => {
    if (error instanceof ApiError) return null;
    throw error;
  });
}
