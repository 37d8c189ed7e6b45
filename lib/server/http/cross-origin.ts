import "server-only";

import { ApiError } from "./errors";

// A page on another site (or on a sibling subdomain, which SameSite=Lax counts as the same site) can make the browser send
// a POST with the user's cookies: a <form> with a text/plain body, or fetch() in no-cors mode, needs no preflight, and
// parseJson reads such a body like any other. Clerk's __session cookie is SameSite=Lax at best (None in some setups), so
// the cookie alone never proves the app's own page sent a request that changes something. Browsers say who did:
// Sec-Fetch-Site on every request (all current browsers), Origin on every POST/PUT/PATCH/DELETE. A request with neither
// comes from outside a browser (curl, a scheduler, the tests), where no user's cookies ride along unasked.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const crossOriginRefused = () => new ApiError("forbidden", "Cross-origin requests are not accepted.");

/** Whether a request that may change something was sent by a page of another origin. */
export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  // "same-origin": our own page; "none": the user's own action (a bookmark, the address bar), which no other site can make.
  if (fetchSite !== null) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  // Older browsers without Sec-Fetch-Site: the Origin's host must be the one the request was sent to ("null" never is).
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const hosts = [request.headers.get("host"), request.headers.get("x-forwarded-host")?.split(",")[0], new URL(request.url).host]
    .filter((host): host is string => Boolean(host))
    .map((host) => host.trim().toLowerCase());
  return !hosts.includes(originHost);
}

/** Refuses (403) a state-changing request made by another origin's page with the user's cookies. */
export function assertNotCrossOriginWrite(request: Request): void {
  if (isCrossOriginWrite(request)) throw crossOriginRefused();
}
