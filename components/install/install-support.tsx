"use client";

import { useEffect } from "react";

import { LazyAddToHomeScreenModal } from "@/components/shell/lazy-overlays";
import { installStore, listenForInstallPrompt } from "@/lib/client/install/install-prompt";

/** Where app/serwist/[path]/route.ts serves the worker built from app/sw.ts. */
const SERVICE_WORKER_URL = "/serwist/sw.js";

/**
 * In the root layout, on every page: registers the service worker (the app shell offline, app/sw.ts), listens for the
 * browser's install prompt from the first render (Chromium may offer it right after load), and holds the Add to Home Screen
 * modal, which Settings and onboarding open through the install store.
 */
export function InstallSupport() {
  useEffect(() => listenForInstallPrompt(installStore, window), []);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("caches" in window)) return;
    // Loaded here rather than with the page: registering the worker waits for the page anyway.
    void import("@serwist/window")
      .then(async ({ Serwist }) => {
        const serwist = new Serwist(SERVICE_WORKER_URL, { scope: "/", type: "classic" });
        await serwist.register();
        return serwist;
      })
      // Keep the home page for offline use now rather than at the next visit: the first visit loaded before the worker
      // existed, so no navigation has gone through it yet. Accept: text/html routes the request to the worker's page cache.
      // Once it is there, every visit through the worker refreshes it: no second request then.
      .then(async (serwist) => {
        if (await caches.match("/")) return;
        await serwist.messageSW({ type: "CACHE_URLS", payload: { urlsToCache: [["/", { headers: { Accept: "text/html" } }]] } });
      })
      .catch(() => {
        // No worker (private mode, a browser setting): the app works as before, only not offline.
      });
  }, []);

  return <LazyAddToHomeScreenModal />;
}
