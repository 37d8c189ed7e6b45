"use client";

import { useSyncExternalStore } from "react";

// Browser-stored settings as React state: the server render uses the default, the browser reads storage, and every
// component showing a setting updates when any of them writes it (or another tab does).

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Call after writing a stored setting so every reader re-renders. */
export function notifyStoredSettingChanged(): void {
  for (const listener of listeners) listener();
}

/** `read` must return a primitive (or the same object for the same stored value). */
export function useStoredSetting<T extends string | boolean | null>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
