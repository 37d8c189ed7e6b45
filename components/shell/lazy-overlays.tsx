"use client";

import dynamic from "next/dynamic";
import { useEffect, useSyncExternalStore, type ComponentProps } from "react";

import type { ProfileOverlay } from "@/components/profile/profile-overlay";
import type { SettingsOverlay } from "@/components/settings/settings-overlay";
import { LoadFailureBoundary } from "@/components/ui/load-failure-boundary";
import { PlainToast } from "@/components/ui/plain-toast";
import { useOpenedOnce } from "@/lib/client/hooks/use-opened-once";
import { installStore } from "@/lib/client/install/install-prompt";
import { currentToast, showToastKeptAcrossReload, subscribeToasts } from "@/lib/client/toast/toast-store";

import { sayLoadFailed } from "./load-failed";

// What every page holds closed: the Settings and Profile overlays, the install modal and the toast viewport. Each brings
// Radix (focus trap, portals, dismissable layers) and its own cards (data rights, donations…), none of which the first paint
// or the record button needs. Each loads the first time it is asked to open (the flow's failure dialogs likewise, in
// components/session-flow/lazy-flow-dialogs.tsx).

// Both query the server (React Query): its provider, with the tab's shared client, loads with them.
const withQuery = <T,>(load: Promise<T>) => Promise.all([load, import("./shared-query-client")]);
const Settings = dynamic(
  () => withQuery(import("@/components/settings/settings-overlay")).then(([module, query]) => query.withQueryClient(module.SettingsOverlay)),
  { ssr: false },
);
const Profile = dynamic(
  () => withQuery(import("@/components/profile/profile-overlay")).then(([module, query]) => query.withQueryClient(module.ProfileOverlay)),
  { ssr: false },
);
const InstallModal = dynamic(() => import("@/components/install/add-to-home-screen-modal").then((module) => module.AddToHomeScreenModal), {
  ssr: false,
});
const ToastViewport = dynamic(() => import("@/components/ui/toaster").then((module) => module.Toaster), { ssr: false });

export function LazySettingsOverlay(props: ComponentProps<typeof SettingsOverlay>) {
  return useOpenedOnce(props.open) ? (
    <LoadFailureBoundary onFailure={sayLoadFailed}>
      <Settings {...props} />
    </LoadFailureBoundary>
  ) : null;
}

export function LazyProfileOverlay(props: ComponentProps<typeof ProfileOverlay>) {
  return useOpenedOnce(props.open) ? (
    <LoadFailureBoundary onFailure={sayLoadFailed}>
      <Profile {...props} />
    </LoadFailureBoundary>
  ) : null;
}

/** Opened through the install store (Settings, onboarding). */
export function LazyAddToHomeScreenModal() {
  const open = useSyncExternalStore(
    installStore.subscribe,
    () => installStore.getState().open,
    () => false,
  );
  return useOpenedOnce(open) ? (
    <LoadFailureBoundary onFailure={sayLoadFailed}>
      <InstallModal />
    </LoadFailureBoundary>
  ) : null;
}

/**
 * The toast viewport, from the first toast on (the toast store keeps it until the viewport shows it). Toasts say what went
 * wrong and what was kept, so when the viewport's code cannot be loaded they still show, plainly.
 */
export function LazyToaster() {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  // What the page said just before it reloaded itself (a sign-out without Clerk's script).
  useEffect(showToastKeptAcrossReload, []);
  return useOpenedOnce(toast !== null) ? (
    <LoadFailureBoundary fallback={<PlainToast />}>
      <ToastViewport />
    </LoadFailureBoundary>
  ) : null;
}
