import { createSerwistRoute } from "@serwist/turbopack";

// GET /serwist/sw.js — the service worker (app/sw.ts), bundled with esbuild and given the precache manifest of this build
// when `next build` prerenders this route (Serwist's Turbopack integration: Turbopack has no plugin API, so the worker is
// built by a static route handler instead). Served with `Service-Worker-Allowed: /` so it can control the whole app.
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/sw.ts",
  useNativeEsbuild: true,
  // A classic (non-module) worker: every browser that can install the app can run it.
  esbuildOptions: { format: "iife" },
  // Chunks up to 5 MB (the default 2 MB would silently leave a large chunk out, and the screen using it would not open offline).
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  // The build's own folder (next.config.ts): a side build's worker must precache its own chunks, not the default build's.
  nextConfig: { distDir: process.env.NEXT_DIST_DIR || ".next" },
});
