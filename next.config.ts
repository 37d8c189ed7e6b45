import { withSerwist } from "@serwist/turbopack";
import type { NextConfig } from "next";

import { baselineSecurityHeaders } from "./lib/server/security/baseline-headers";

const nextConfig: NextConfig = {
  // A second build beside the default one (NEXT_DIST_DIR=.next-security next build / next start) never touches .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files it loads from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // `npm test` type-checks the whole tree, the route types of `next typegen` included, before it builds: the build's own
  // check of the same files would take half a minute more on this machine for nothing.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  // Request bodies: the proxy buffers up to its default 10 MB, above the largest body any route accepts (8 MB for
  // /api/transcribe), so our own parser (lib/server/http/parse-json.ts) is the one that answers 413.
  // Security headers on every response, static files included; the per-request Content-Security-Policy comes from proxy.ts.
  // Evaluated when the build is made: every `next build` is a production build, so its servers send HSTS; `next dev` does not.
  async headers() {
    return [{ source: "/:path*", headers: baselineSecurityHeaders({ production: process.env.NODE_ENV === "production" }) }];
  },
};

// Serwist bundles the service worker (app/sw.ts) with esbuild inside a route handler (app/serwist/[path]/route.ts);
// withSerwist keeps esbuild out of the server bundle.
export default withSerwist(nextConfig);
