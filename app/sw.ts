// The service worker (bundled by @serwist/turbopack from app/serwist/[path]/route.ts and served at /serwist/sw.js). It makes
// the installed app open and record with no connection:
//  - the build's static files (every /_next/static chunk, CSS, the icons in public/) are precached at install, so the home
//    screen and the lazily loaded recorder, naming and results screens load offline;
//  - pages are network first: online, every visit gets a fresh render (and a fresh CSP nonce); offline, the last copy of the
//    page is served together with the Content-Security-Policy it was sent with, so its nonce still matches;
//  - /api/* is never touched: no user data lands in a cache, and a recording made offline stays in IndexedDB
//    (lib/client/recordings) until the upload succeeds, as the session flow already guarantees.
import { ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type RuntimeCaching } from "serwist";

import { PAGE_CACHE_NAMES } from "../lib/client/install/page-caches";

// Replaced at build time by the precache manifest (Serwist's injection point). A module-scoped declaration: the project's
// type check runs with the DOM library, not the worker one.
declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/**
 * Cache of pages ("/" first): the app shell the home screen opens from; and of their server-component payloads. The names
 * are the ones signing out clears (lib/client/install/page-caches.ts), so the two cannot drift apart.
 */
const [PAGES_CACHE, PAGES_RSC_CACHE] = PAGE_CACHE_NAMES;

const isApi = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
const isNextAsset = (pathname: string) => pathname.startsWith("/_next/");

/**
 * A network that neither answers nor fails (a weak signal, a captive portal) gives way to the kept copy after this long,
 * as an offline one does at once, so the installed app still opens to record. Long enough for a host's cold start; with
 * no kept copy, the network is waited for as before.
 */
const STALLED_NETWORK_SECONDS = 10;

const runtimeCaching: RuntimeCaching[] = [
  {
    // React Server Component payloads of client-side navigations, beside the pages they belong to.
    matcher: ({ request, url, sameOrigin }) => sameOrigin && request.headers.get("RSC") === "1" && !isApi(url.pathname),
    handler: new NetworkFirst({
      cacheName: PAGES_RSC_CACHE,
      networkTimeoutSeconds: STALLED_NETWORK_SECONDS,
      plugins: [new ExpirationPlugin({ maxEntries: 16, maxAgeSeconds: 7 * 24 * 60 * 60 })],
    }),
  },
  {
    // Documents: real navigations, and the window's request to keep "/" for offline use (sent with Accept: text/html by
    // components/install/install-support.tsx, since a page cannot make a request in "navigate" mode).
    matcher: ({ request, url, sameOrigin }) =>
      sameOrigin &&
      !isApi(url.pathname) &&
      !isNextAsset(url.pathname) &&
      (request.mode === "navigate" || (request.headers.get("Accept") ?? "").includes("text/html")),
    handler: new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: STALLED_NETWORK_SECONDS,
      // Next varies pages on its router headers and on Accept-Encoding; only documents live in this cache, so the URL decides.
      matchOptions: { ignoreVary: true },
      plugins: [new ExpirationPlugin({ maxEntries: 16, maxAgeSeconds: 30 * 24 * 60 * 60 })],
    }),
  },
];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // A new version takes over at once: the precache holds the chunks of exactly one build, and pages are network first.
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching,
});

serwist.addEventListeners();
