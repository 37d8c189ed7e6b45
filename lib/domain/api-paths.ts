// The anonymous-to-public rule of the shared request rules (spec part 1, section 7), used by the proxy on the server and
// by the request helper in the browser, so both always agree.

const PUBLIC_API_PREFIX = "/api/public/";

/**
 * Calls that keep their path for anonymous callers: they work for guests and persist nothing for them (a guest's upload of
 * a recording sent in parts holds its audio only until it is transcribed, reached with its own token).
 */
const PATHS_EXEMPT_FROM_PUBLIC_REWRITE = ["/api/transcribe", "/api/analyze", "/api/uploads"] as const;

export function isPublicApiPath(path: string): boolean {
  return pathnameOf(path).startsWith(PUBLIC_API_PREFIX);
}

/** `/api/sessions?x=1` → `/api/public/sessions?x=1`; paths outside /api/, already public or exempt are returned as they are. */
export function toPublicApiPath(path: string): string {
  const pathname = pathnameOf(path);
  if (!pathname.startsWith("/api/") || pathname.startsWith(PUBLIC_API_PREFIX)) return path;
  if (PATHS_EXEMPT_FROM_PUBLIC_REWRITE.some((exempt) => pathname === exempt || pathname.startsWith(`${exempt}/`))) return path;
  return `${PUBLIC_API_PREFIX}${path.slice("/api/".length)}`;
}

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}
