import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // PGlite ships WASM and data files it loads from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // Base64 audio uploads: the transcription body limit is enforced by our own parser (lib/server/http).
  experimental: { proxyClientMaxBodySize: "8mb" },
};

export default nextConfig;
