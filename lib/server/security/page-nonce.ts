import "server-only";

import { headers } from "next/headers";

import { NONCE_HEADER } from "./headers";

/** This page request's nonce (the proxy's, headers.ts), for the scripts a page renders itself: clerk-js, the head script. */
export async function pageNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}
