"use client";

import { Component, type ReactNode } from "react";

// Code that loads when it is first needed (an overlay, a dialog, the toast viewport) can fail to arrive: a connection lost
// before the service worker has cached the build, or a tab left open across a new release. Without a boundary React hands
// the failed load to the root and the whole app gives way to "This page couldn't load". Here only the part that could not
// load is missing: the rest of the app, and whatever it holds in memory, stays.

/** A failed download of lazily loaded code (Turbopack's ChunkLoadError, or a failed dynamic import). */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "ChunkLoadError" || /Failed to (load chunk|fetch dynamically imported module)|Importing a module script failed/.test(error.message);
}

type Props = {
  children: ReactNode;
  /** What shows instead of the part that could not load (nothing when absent). */
  fallback?: ReactNode;
  /** Told once per failure: say so to the user. */
  onFailure?: () => void;
};

/** Catches a failed load of its lazily loaded children; any other error goes on up, as if the boundary were not there. */
export class LoadFailureBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (isLoadFailure(error)) this.props.onFailure?.();
  }

  render() {
    if (this.state.error === null) return this.props.children;
    if (!isLoadFailure(this.state.error)) throw this.state.error;
    return this.props.fallback ?? null;
  }
}
