"use client";

import dynamic from "next/dynamic";

// Every client module the root layout imports loads on every page, whether it renders or not: a layout importing
// ClerkProvider made guest-only pages load Clerk's client code (@clerk/react and @clerk/shared, as much as the home screen's
// own code). Behind this dynamic import it loads only where it renders: rendered on the server, its chunk is preloaded with
// the page, so a page with Clerk hydrates as before.
export const LazyClerkRoot = dynamic(() => import("./clerk-root").then((module) => module.ClerkRoot));
