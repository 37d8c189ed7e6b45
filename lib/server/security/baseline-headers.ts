// No `import "server-only"` here, unlike the rest of lib/server: next.config.ts imports this file, and Node loads
// next.config.ts outside React's server graph, where the "server-only" package throws. It holds constants only.

export type HeaderEntry = { key: string; value: string };

/** Two years, the value browsers' preload lists ask for; `preload` itself is left to the owner of the domain. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/**
 * Headers every response carries — pages, API routes and the static files under /_next alike (next.config.ts `headers()`).
 * The Content-Security-Policy is not here: it needs a fresh nonce per request and the runtime configuration, so the proxy
 * sets it (lib/server/security/headers.ts).
 *
 * HSTS is sent by every production server, whatever the request's scheme: browsers ignore it on plain http (RFC 6797
 * §8.1), so `next start` on http://127.0.0.1 is unaffected, and a TLS-terminating proxy that forgets x-forwarded-proto
 * cannot switch it off. `next dev` sends none, so a developer's localhost never gets pinned to https.
 */
export function baselineSecurityHeaders({ production }: { production: boolean }): HeaderEntry[] {
  const headers: HeaderEntry[] = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    // Other sites see our origin at most, never a path (paths carry session ids).
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // The recorder and the realtime voice coach use the microphone on our own pages; nothing else may, and no frame.
    { key: "Permissions-Policy", value: "microphone=(self), camera=(), geolocation=(), browsing-topics=()" },
    // For browsers that predate CSP's frame-ancestors (sent by the proxy as 'none').
    { key: "X-Frame-Options", value: "DENY" },
  ];
  if (production) headers.push({ key: "Strict-Transport-Security", value: HSTS_VALUE });
  return headers;
}
