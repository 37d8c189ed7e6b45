import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files it loads from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // Request bodies: the proxy buffers up to its default 10 MB, above the largest body any route accepts (8 MB for
  // /api/transcribe), so our own parser (lib/server/http/parse-json.ts) is the one that answers 413.
};

export default nextConfig;
