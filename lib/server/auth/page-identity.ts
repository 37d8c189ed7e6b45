import "server-only";

import { headers } from "next/headers";

import { identityFromRequest, type Identity } from "./identity";

/** The verified identity of the page request, so the first render already shows the right UI (no signed-out flash). */
export async function getPageIdentity(): Promise<Identity | null> {
  const incoming = await headers();
  const host = incoming.get("host") ?? "localhost";
  const protocol = incoming.get("x-forwarded-proto") ?? "http";
  return identityFromRequest(new Request(`${protocol}://${host}/`, { headers: new Headers(incoming) }));
}
